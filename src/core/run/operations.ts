import { GraphQLError, Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { skipString, tokenRangeAt } from './tokens';
import { LineIndex } from '../text/lineIndex';
import { rangeContains, type Position, type Range } from '../text/position';

/** The kind of a GraphQL operation. */
export type OperationType = 'query' | 'mutation' | 'subscription';

/** One operation of a document, with 0-based editor ranges. */
export interface OperationInfo {
  /** Undefined for an anonymous operation. */
  name?: string;
  type: OperationType;
  /** From the keyword (or the opening brace of a shorthand query) to the closing brace. */
  range: Range;
  /** The name; for an anonymous operation its keyword or opening brace (where a lens or diagnostic goes). */
  nameRange: Range;
  /** The AST node; absent when the document did not parse and the operation was found by scanning. */
  node?: OperationDefinitionNode;
}

/** A syntax error of the document, with 1-based line/column as GraphQL reports them. */
export interface SyntaxProblem {
  message: string;
  line: number;
  column: number;
  range: Range;
}

/** A document as far as running it is concerned. */
export interface ParsedDocument {
  text: string;
  lines: LineIndex;
  /** Undefined when the document has a syntax error. */
  ast?: DocumentNode;
  operations: OperationInfo[];
  syntaxError?: SyntaxProblem;
}

/** Which operation a Run should send. */
export type OperationChoice =
  /** Run `op`; send `operationName` (set only when the document holds several operations). */
  | { kind: 'single'; op: OperationInfo; operationName?: string }
  /** The cursor is in no operation: let the user pick one of these. */
  | { kind: 'pick'; candidates: OperationInfo[] }
  /** Nothing can be run; `message` tells the user why and what to do. */
  | { kind: 'error'; message: string };

/**
 * Parses a document without throwing: a syntax error is reported in `syntaxError`, and the
 * operations are then found by a tolerant scan so that lenses still show.
 */
export function parseDocument(text: string): ParsedDocument {
  const lines = new LineIndex(text);
  try {
    const ast = parse(text);
    const operations: OperationInfo[] = [];
    for (const def of ast.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION || !def.loc) {
        continue;
      }
      const nameLoc = def.name?.loc ?? def.loc.startToken;
      operations.push({
        name: def.name?.value,
        type: def.operation as OperationType,
        range: lines.rangeOf(def.loc.start, def.loc.end),
        nameRange: lines.rangeOf(nameLoc.start, nameLoc.end),
        node: def,
      });
    }
    return { text, lines, ast, operations };
  } catch (err) {
    if (!(err instanceof GraphQLError)) {
      throw err;
    }
    const loc = err.locations?.[0] ?? { line: 1, column: 1 };
    const offset = lines.offsetAt({ line: loc.line - 1, character: loc.column - 1 });
    const syntaxError: SyntaxProblem = {
      message: err.message,
      line: loc.line,
      column: loc.column,
      range: tokenRangeAt(lines, offset),
    };
    return { text, lines, operations: scanOperations(text, lines), syntaxError };
  }
}

/** The operation whose range holds `position` (ends included), if any. */
export function operationAt(doc: ParsedDocument, position: Position): OperationInfo | undefined {
  return doc.operations.find((op) => rangeContains(op.range, position));
}

/**
 * Decides what Run sends. The cursor's operation when it is in one; a pick among all
 * operations when it is in none and there are several; an error when the document cannot be
 * run as it is (syntax error, no operation, an anonymous operation or a duplicate name among several).
 */
export function chooseOperation(doc: ParsedDocument, position?: Position): OperationChoice {
  if (doc.syntaxError) {
    const e = doc.syntaxError;
    return {
      kind: 'error',
      message: `The document has a syntax error at line ${e.line}, column ${e.column}: ${e.message.replace(/^Syntax Error: /, '')} Fix it before running.`,
    };
  }
  const ops = doc.operations;
  if (ops.length === 0) {
    return { kind: 'error', message: 'The document holds no operation to run. Add a query, mutation or subscription.' };
  }
  if (ops.length === 1) {
    return { kind: 'single', op: ops[0] };
  }
  const anonymous = ops.find((op) => op.name === undefined);
  if (anonymous) {
    return {
      kind: 'error',
      message:
        `The ${anonymous.type} at line ${anonymous.range.start.line + 1} has no name, but the document holds ${ops.length} operations. ` +
        'GraphQL needs a name for each operation when there are several: name it (for example "query MyTasks { ... }") or move it to its own file.',
    };
  }
  const seen = new Set<string>();
  for (const op of ops) {
    if (seen.has(op.name!)) {
      return {
        kind: 'error',
        message: `Several operations are named "${op.name}" (line ${op.nameRange.start.line + 1}). Operation names must be unique in a document: rename one.`,
      };
    }
    seen.add(op.name!);
  }
  const at = position ? operationAt(doc, position) : undefined;
  if (at) {
    return { kind: 'single', op: at, operationName: at.name };
  }
  return { kind: 'pick', candidates: ops };
}

const OPERATION_KEYWORDS = new Set(['query', 'mutation', 'subscription']);

/**
 * Finds top-level operations in a document that does not parse: keywords and braces at
 * depth 0, skipping strings and comments. Good enough to place lenses while the user types.
 */
export function scanOperations(text: string, lines: LineIndex = new LineIndex(text)): OperationInfo[] {
  const ops: OperationInfo[] = [];
  let depth = 0;
  let pending: { type: OperationType; start: number; keywordEnd: number; name?: { value: string; start: number; end: number } } | undefined;
  let skipDefinition = false;
  let current: { type: OperationType; start: number; nameStart: number; nameEnd: number; name?: string } | undefined;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') {
        i++;
      }
      continue;
    }
    if (c === '"') {
      i = skipString(text, i);
      continue;
    }
    if (c === '{') {
      if (depth === 0) {
        if (pending) {
          current = {
            type: pending.type,
            start: pending.start,
            nameStart: pending.name?.start ?? pending.start,
            nameEnd: pending.name?.end ?? pending.keywordEnd,
            name: pending.name?.value,
          };
        } else if (!skipDefinition) {
          current = { type: 'query', start: i, nameStart: i, nameEnd: i + 1 };
        }
        pending = undefined;
      }
      depth++;
      i++;
      continue;
    }
    if (c === '}') {
      depth = Math.max(0, depth - 1);
      i++;
      if (depth === 0) {
        if (current) {
          ops.push({
            name: current.name,
            type: current.type,
            range: lines.rangeOf(current.start, i),
            nameRange: lines.rangeOf(current.nameStart, current.nameEnd),
          });
        }
        current = undefined;
        skipDefinition = false;
      }
      continue;
    }
    if (/[_A-Za-z]/.test(c)) {
      const start = i;
      while (i < text.length && /[_0-9A-Za-z]/.test(text[i])) {
        i++;
      }
      if (depth === 0 && !current) {
        const word = text.slice(start, i);
        if (pending && !pending.name && text[start - 1] !== '$' && text[start - 1] !== '@' && !inParens(text, pending.keywordEnd, start)) {
          pending.name = { value: word, start, end: i };
        } else if (!pending && OPERATION_KEYWORDS.has(word)) {
          pending = { type: word as OperationType, start, keywordEnd: i };
          skipDefinition = false;
        } else if (!pending) {
          // fragment, type, schema, extend...: its braces are not an operation.
          skipDefinition = true;
        }
      }
      continue;
    }
    i++;
  }
  if (current) {
    ops.push({
      name: current.name,
      type: current.type,
      range: lines.rangeOf(current.start, text.length),
      nameRange: lines.rangeOf(current.nameStart, current.nameEnd),
    });
  }
  return ops;
}

function inParens(text: string, from: number, to: number): boolean {
  return text.slice(from, to).includes('(');
}
