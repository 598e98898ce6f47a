import { createScanner, visit } from 'jsonc-parser';

/** A JSON path: property names and array indexes from the top. */
export type JsonPath = (string | number)[];

/** Where an offset falls in JSON text that is possibly being typed (incomplete or invalid). */
export type JsonLocation =
  /** At a property name of the object at `path`; `keys` are the names already in that object. */
  | { kind: 'key'; path: JsonPath; keys: string[]; replace: [number, number] }
  /** At the value of the member or item at `path`. */
  | { kind: 'value'; path: JsonPath; replace: [number, number] }
  /** Nowhere completion makes sense (between a name and its colon, after a value...). */
  | { kind: 'none' };

/** The span of one property name (quotes included) and of its value when there is one. */
export interface JsonMemberSpan {
  path: JsonPath;
  key: [number, number];
}

interface Frame {
  kind: 'object' | 'array';
  path: JsonPath;
  state: 'key' | 'colon' | 'value' | 'after';
  key?: string;
  index: number;
  keys: string[];
}

interface Token {
  type: 'string' | 'word' | 'punct';
  start: number;
  end: number;
  /** The decoded text of a string; the raw text otherwise. */
  value: string;
}

/**
 * Tolerant JSON(C) tokens from jsonc-parser's scanner (the one VS Code uses): comments are
 * skipped, an unterminated string ends at the line break, anything else is a word.
 */
function* tokens(text: string): Generator<Token> {
  const scanner = createScanner(text, true);
  for (;;) {
    scanner.scan();
    const start = scanner.getTokenOffset();
    if (start >= text.length) {
      return;
    }
    const end = Math.max(start + scanner.getTokenLength(), start + 1);
    const first = text[start];
    if (end === start + 1 && '{}[]:,'.includes(first)) {
      yield { type: 'punct', start, end, value: first };
    } else if (first === '"') {
      yield { type: 'string', start, end, value: scanner.getTokenValue() };
    } else {
      yield { type: 'word', start, end, value: text.slice(start, end) };
    }
  }
}

/** Runs the container state machine over the tokens, up to the first one `stop` is true of. */
function walk(text: string, stop: (token: Token) => boolean): Frame[] {
  const stack: Frame[] = [];
  const valueDone = () => {
    const top = stack[stack.length - 1];
    if (top) {
      top.state = 'after';
    }
  };
  const childPath = (): JsonPath => {
    const top = stack[stack.length - 1];
    if (!top) {
      return [];
    }
    return top.kind === 'object' ? [...top.path, top.key ?? ''] : [...top.path, top.index];
  };
  for (const t of tokens(text)) {
    if (stop(t)) {
      break;
    }
    const top = stack[stack.length - 1];
    if (t.type === 'punct') {
      switch (t.value) {
        case '{':
          stack.push({ kind: 'object', path: childPath(), state: 'key', index: 0, keys: [] });
          break;
        case '[':
          stack.push({ kind: 'array', path: childPath(), state: 'value', index: 0, keys: [] });
          break;
        case '}':
        case ']':
          stack.pop();
          valueDone();
          break;
        case ':':
          if (top?.kind === 'object') {
            top.state = 'value';
          }
          break;
        case ',':
          if (top?.kind === 'object') {
            top.state = 'key';
            top.key = undefined;
          } else if (top?.kind === 'array') {
            top.index++;
            top.state = 'value';
          }
          break;
      }
      continue;
    }
    if (top?.kind === 'object' && top.state === 'key' && t.type === 'string') {
      top.key = t.value;
      top.keys.push(t.value);
      top.state = 'colon';
      continue;
    }
    valueDone();
  }
  return stack;
}

/**
 * Tells what is at `offset` in JSON text, for completion: a property name of which object, or
 * the value of which member. Works on text being typed (unclosed braces, a missing colon).
 */
export function jsonLocationAt(text: string, offset: number): JsonLocation {
  let inside: Token | undefined;
  const stack = walk(text, (t) => {
    if (t.start >= offset) {
      return true;
    }
    // The offset is inside this token (or right after a word or an unterminated string).
    if (offset < t.end || (offset === t.end && t.type !== 'punct' && !(t.type === 'string' && t.end - t.start >= 2 && text[t.end - 1] === '"'))) {
      inside = t;
      return true;
    }
    return false;
  });
  const top = stack[stack.length - 1];
  let replace: [number, number] = inside ? [inside.start, inside.end] : [offset, offset];
  if (inside?.type === 'string' && text[inside.end - 1] !== '"') {
    // An unterminated string runs to the line's end; replace only the word being typed, not the
    // braces after it.
    replace = [inside.start, offset + (/^[\w$.-]*/.exec(text.slice(offset))?.[0].length ?? 0)];
  }
  if (!top) {
    return { kind: 'none' };
  }
  if (top.kind === 'object') {
    if (top.state === 'key') {
      return { kind: 'key', path: top.path, keys: top.keys, replace };
    }
    if (top.state === 'value') {
      return { kind: 'value', path: [...top.path, top.key ?? ''], replace };
    }
    return { kind: 'none' };
  }
  if (top.state === 'value') {
    return { kind: 'value', path: [...top.path, top.index], replace };
  }
  return { kind: 'none' };
}

/** Every property name of the text with its path and span, in document order (jsonc-parser's tolerant visitor). */
export function jsonMemberSpans(text: string): JsonMemberSpan[] {
  const out: JsonMemberSpan[] = [];
  visit(text, { onObjectProperty: (name, offset, length, _line, _character, path) => out.push({ path: [...path(), name], key: [offset, offset + length] }) });
  return out;
}

/** The span of the property name at `path`, if the text has it (the first one when repeated). */
export function findMemberKey(spans: readonly JsonMemberSpan[], path: JsonPath): [number, number] | undefined {
  return spans.find((s) => s.path.length === path.length && s.path.every((p, i) => p === path[i]))?.key;
}
