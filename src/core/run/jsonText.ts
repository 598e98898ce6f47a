import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** Where JSON(C) text went wrong: a message and the offset it refers to. */
export interface JsonSyntaxProblem {
  message: string;
  offset: number;
}

/** The parsed value, and the offset of each top-level member's key (for messages about them). */
export interface ParsedJson {
  value: unknown;
  topLevelKeys: Map<string, number>;
}

/** Plain words for jsonc-parser's error codes, by name (what went wrong where the offset points). */
const PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'expected a JSON value',
  InvalidNumberFormat: 'Invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a JSON value',
  ColonExpected: "expected ':' after the property name",
  CommaExpected: "expected ',' or the end of the object or array",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'after the end of the JSON value',
  InvalidCommentToken: 'Invalid comment',
  UnexpectedEndOfComment: 'Unterminated comment',
  UnexpectedEndOfString: 'Unterminated string',
  UnexpectedEndOfNumber: 'Invalid number',
  InvalidUnicode: 'Invalid unicode escape in string',
  InvalidEscapeCharacter: 'Invalid escape in string',
  InvalidCharacter: 'Invalid character in string',
};

/**
 * Parses JSON text with jsonc-parser (what VS Code uses): comments are allowed (`.jsonc`, and
 * notes in `.variables.json`), trailing commas are not. Reports the offset of the first problem;
 * returns a problem instead of throwing. A `"__proto__"` key is an ordinary key.
 */
export function parseJsonText(text: string): { ok: true; json: ParsedJson } | { ok: false; problem: JsonSyntaxProblem } {
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: false });
  } catch {
    return { ok: false, problem: { message: 'JSON nested too deeply', offset: 0 } };
  }
  if (errors.length > 0 || !root) {
    const first = errors[0];
    const next = errors[1];
    if (!first) {
      return { ok: false, problem: { message: 'Unexpected end of text: expected a JSON value', offset: 0 } };
    }
    // A stray symbol where a property name belongs ('name' or name): say what belongs there.
    const nameExpected = codeOf(first) === 'InvalidSymbol' && next && codeOf(next) === 'PropertyNameExpected' && next.offset === first.offset + first.length;
    return { ok: false, problem: { message: describeProblem(text, first, nameExpected ? 'PropertyNameExpected' : codeOf(first)), offset: first.offset } };
  }
  const topLevelKeys = new Map<string, number>();
  if (root.type === 'object') {
    for (const member of root.children ?? []) {
      const key = member.children?.[0];
      if (key && !topLevelKeys.has(String(key.value))) {
        topLevelKeys.set(String(key.value), key.offset);
      }
    }
  }
  return { ok: true, json: { value: valueOf(root), topLevelKeys } };
}

/** "Unexpected '}': expected a JSON value", "Trailing comma ...", "Unterminated string". */
function describeProblem(text: string, e: ParseError, code: string): string {
  const what = PROBLEMS[code] ?? code;
  const at = text.slice(e.offset, e.offset + Math.max(1, e.length));
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && /^[}\]]/.test(at) && /,\s*$/.test(text.slice(0, e.offset))) {
    return `Trailing comma before '${at[0]}': remove the last ','`;
  }
  if (code === 'UnexpectedEndOfString' || code === 'UnexpectedEndOfComment' || /^Invalid/.test(what)) {
    return what;
  }
  const token = e.offset >= text.length ? 'end of text' : `'${at.length > 20 ? `${at.slice(0, 20)}…` : at}'`;
  return `Unexpected ${token}${what.startsWith('after') ? ' ' : ': '}${what}`;
}

/** The name of a parse error's code ('ValueExpected', ...): jsonc-parser's codes are const enums. */
function codeOf(e: ParseError): string {
  return printParseErrorCode(e.error);
}

/** The value of a parse tree node; keys become own properties even when they are `__proto__`. */
function valueOf(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const member of node.children ?? []) {
        const [key, value] = member.children ?? [];
        if (key && value) {
          Object.defineProperty(out, String(key.value), { value: valueOf(value), enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(valueOf);
    default:
      return node.value;
  }
}
