/**
 * One operation's TypeScript types out of a generated file: for the hover on an operation's name
 * (its result and variables types, shortened) and for Copy TypeScript Types (those types with the
 * schema types and helpers they use, ready to paste where no generated file is wanted).
 */
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { LineIndex } from '../text/lineIndex';

/** The operation whose name is at a position of a document's text (0-based line and character). */
export interface OperationAt {
  readonly name: string;
  /** Its place among the document's operations (0 for the first). */
  readonly index: number;
}

/** The named operation whose name (or its `query`/`mutation`/`subscription` keyword) holds the position; undefined elsewhere or when the text does not parse. */
export function operationAt(text: string, line: number, character: number): OperationAt | undefined {
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(text).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  } catch {
    return undefined;
  }
  const offset = new LineIndex(text).offsetAt({ line, character });
  const index = operations.findIndex((op) => op.name?.loc && op.loc && offset >= op.loc.start && offset <= op.name.loc.end);
  const op = operations[index];
  return op?.name ? { name: op.name.value, index } : undefined;
}

/** A top-level statement of a prettier-formatted module, with the comment above it. */
interface Block {
  readonly text: string;
  /** The name a `type X =` / `export type X =` declares. */
  readonly typeName?: string;
}

/** Splits a formatted module into its top-level statements (each starts at column 0; a doc comment goes with the statement below it). */
function blocks(text: string): Block[] {
  const out: Block[] = [];
  let current: string[] = [];
  let docOnly = false;
  let inComment = false;
  const flush = () => {
    if (current.length > 0) {
      const body = current.join('\n').trimEnd();
      const m = /^(?:export )?type (\w+)/m.exec(body);
      out.push({ text: body, typeName: m?.[1] });
      current = [];
    }
  };
  for (const line of text.split('\n')) {
    const starts = !inComment && line !== '' && !/^[\s})\]|>]/.test(line);
    if (starts && !docOnly) {
      flush();
    }
    if (current.length === 0) {
      docOnly = line.startsWith('/**');
    } else if (starts) {
      docOnly = false;
    }
    current.push(line);
    if (line.startsWith('/*') && !line.includes('*/')) {
      inComment = true;
    } else if (inComment && line.includes('*/')) {
      inComment = false;
    }
  }
  flush();
  return out;
}

/** The operations' type names in a generated file, in document order: the `…Variables` types and their results. */
function operationTypeNames(all: readonly Block[]): { variables: string; result: string }[] {
  return all
    .filter((b) => b.typeName?.endsWith('Variables') && /= Exact</.test(b.text))
    .map((b) => ({ variables: b.typeName as string, result: (b.typeName as string).slice(0, -'Variables'.length) }));
}

/** Most lines a hover shows of a type. */
const HOVER_LINES = 30;

/**
 * The hover's text: the operation's variables and result types from the generated module,
 * each cut after {@link HOVER_LINES} lines. Undefined when the module has no such operation.
 */
export function hoverTypes(generated: string, index: number): string | undefined {
  const all = blocks(generated);
  const names = operationTypeNames(all)[index];
  if (!names) {
    return undefined;
  }
  const pick = (name: string) => all.find((b) => b.typeName === name)?.text;
  return [pick(names.result), pick(names.variables)]
    .filter((t): t is string => t !== undefined)
    .map((t) => shorten(stripComment(t)))
    .join('\n\n');
}

/**
 * What Copy TypeScript Types copies: the operation's result and variables types with the schema
 * types (enums, input types) and helpers of the module they may use, without the typed documents
 * and imports.
 */
export function copyableTypes(generated: string, index: number): string | undefined {
  const all = blocks(generated);
  const operations = operationTypeNames(all);
  const names = operations[index];
  if (!names) {
    return undefined;
  }
  const otherOperations = new Set(operations.filter((_, i) => i !== index).flatMap((o) => [o.variables, o.result]));
  const kept = all.filter((b) => {
    if (!b.typeName) {
      return false; // imports, typed documents, the header
    }
    if (b.typeName === names.result || b.typeName === names.variables) {
      return true;
    }
    return !otherOperations.has(b.typeName) && !/(Fragment|Document)$/.test(b.typeName) && b.typeName !== 'Incremental';
  });
  return `${kept.map((b) => b.text).join('\n\n')}\n`;
}

function stripComment(text: string): string {
  return text.replace(/^\/\*\*[\s\S]*?\*\/\n/, '');
}

function shorten(text: string): string {
  const lines = text.split('\n');
  return lines.length <= HOVER_LINES ? text : `${lines.slice(0, HOVER_LINES).join('\n')}\n  // … ${lines.length - HOVER_LINES} more lines`;
}
