/**
 * JSON.parse of a cached introspection, in slices, so that no step holds the extension host's thread long. A GitHub-sized introspection is 5 MB
 * of JSON: one JSON.parse of it holds the thread for 40-90 ms, and it cannot be interrupted. Here
 * the bytes are scanned (in chunks, the thread yielded between them) for the elements of
 * `__schema.types`, each element is parsed on its own (a few kilobytes), and the rest of the
 * document is parsed with an empty list in their place: the value is the one JSON.parse of the
 * whole text gives (property-tested), with no step longer than a slice but one type.
 *
 * The other way, `stringifyIntrospectionInSlices` writes the text JSON.stringify would, one type at
 * a time (the cache write after an introspection).
 *
 * It works on bytes: in UTF-8 every byte of a multi-byte character is 0x80 or more, so the quote and
 * backslash bytes the scanner looks for are never part of one.
 */
import { randomBytes } from 'node:crypto';
import { yieldToEventLoop, type Yield } from '../timeSlicer';

/** Time per slice before the thread is yielded. */
const SLICE_MS = 8;
/** Bytes scanned between two looks at the clock. */
const SCAN_CHUNK = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Where the types are in the cached payload, and in a GraphQL response to the introspection query. */
export const SCHEMA_TYPES: readonly string[] = ['__schema', 'types'];
export const RESPONSE_SCHEMA_TYPES: readonly string[] = ['data', '__schema', 'types'];

/** Where the elements of `__schema.types` lie: [start, end) byte ranges, and the array's brackets. */
export interface TypesLayout {
  readonly open: number;
  readonly close: number;
  readonly elements: readonly (readonly [number, number])[];
}

/**
 * Parses `bytes` (UTF-8 JSON) as JSON.parse(bytes.toString('utf8')) would, yielding the thread
 * between slices. Throws JSON.parse's SyntaxError for text that is not JSON.
 */
export async function parseIntrospectionInSlices(bytes: Buffer, yieldThread: Yield = yieldToEventLoop, listPath: readonly string[] = SCHEMA_TYPES): Promise<unknown> {
  let sliceStart = performance.now();
  const slice = async () => {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldThread();
      sliceStart = performance.now();
    }
  };
  const layout = await scanTypes(bytes, slice, listPath);
  if (!layout) {
    // Not the shape we write (or not JSON): the plain parse, with its own error.
    return JSON.parse(bytes.toString('utf8')) as unknown;
  }
  const types: unknown[] = [];
  for (const [start, end] of layout.elements) {
    types.push(JSON.parse(bytes.toString('utf8', start, end)));
    await slice();
  }
  const rest = JSON.parse(`${bytes.toString('utf8', 0, layout.open)}[]${bytes.toString('utf8', layout.close + 1)}`) as Record<string, unknown>;
  let owner = rest;
  for (const key of listPath.slice(0, -1)) {
    owner = owner[key] as Record<string, unknown>;
  }
  owner[listPath[listPath.length - 1]] = types;
  return rest;
}

/**
 * JSON.stringify(payload), yielding the thread between slices: the elements of `__schema.types`
 * are stringified one by one and put where the list is in the text of the rest. Any other shape is
 * stringified whole.
 */
export async function stringifyIntrospectionInSlices(payload: unknown, yieldThread: Yield = yieldToEventLoop): Promise<string> {
  const schema = isPlainObject(payload) ? payload.__schema : undefined;
  if (!isPlainObject(payload) || !isPlainObject(schema) || !Array.isArray(schema.types) || hasToJson(payload) || hasToJson(schema)) {
    return JSON.stringify(payload);
  }
  let sliceStart = performance.now();
  const parts: string[] = [];
  for (const type of schema.types as unknown[]) {
    // JSON.stringify writes null for what has no JSON form in a list (undefined, functions).
    parts.push(JSON.stringify(type) ?? 'null');
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldThread();
      sliceStart = performance.now();
    }
  }
  // A placeholder no text can hold (random), replaced by the list's text.
  const placeholder = `types-${randomBytes(16).toString('hex')}`;
  const rest = JSON.stringify({ ...payload, __schema: { ...schema, types: placeholder } });
  const at = rest.indexOf(JSON.stringify(placeholder));
  return `${rest.slice(0, at)}[${parts.join(',')}]${rest.slice(at + placeholder.length + 2)}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function hasToJson(value: Record<string, unknown>): boolean {
  return 'toJSON' in value;
}

/**
 * Where `__schema.types` lies in `bytes`, or undefined when they are parsed whole: whether the sliced
 * path is taken (the unit tests check it is, so that their equality with JSON.parse is not vacuous).
 * @internal
 */
export function typesLayoutOf(bytes: Buffer, listPath: readonly string[] = SCHEMA_TYPES): Promise<TypesLayout | undefined> {
  return scanTypes(bytes, () => Promise.resolve(), listPath);
}

/** Whether the JSON string at `at` is `key` (its quotes included). */
function keyAt(bytes: Buffer, at: number | undefined, key: Buffer): boolean {
  return at !== undefined && at >= 0 && at + key.length <= bytes.length && bytes.compare(key, 0, key.length, at, at + key.length) === 0;
}

/** The closing quote of the JSON string opening at `start` (one not escaped by an odd run of backslashes), or -1. */
function closingQuote(bytes: Buffer, start: number): number {
  let j = start;
  for (;;) {
    j = bytes.indexOf(QUOTE, j + 1);
    if (j < 0) {
      return -1;
    }
    let backslashes = 0;
    while (bytes[j - 1 - backslashes] === BACKSLASH) {
      backslashes++;
    }
    if (backslashes % 2 === 0) {
      return j;
    }
  }
}

/**
 * Finds the list at `listPath` (e.g. `__schema.types` of `{ "__schema": { ..., "types": [ ... ] } }`,
 * the payload the cache stores), every object on the way. Undefined when the text has another shape
 * (or is not JSON), and whenever a plain parse could differ (a member named twice): then the caller
 * parses it whole.
 */
async function scanTypes(bytes: Buffer, slice: () => Promise<void>, listPath: readonly string[]): Promise<TypesLayout | undefined> {
  const pathKeys = listPath.map((k) => Buffer.from(JSON.stringify(k)));
  const listDepth = pathKeys.length;
  /** How often each key of the path was seen where it matters (more than once: parse whole). */
  const keyCounts = pathKeys.map(() => 0);
  /** The open containers, outermost first (OPEN_BRACE or OPEN_BRACKET). */
  const stack: number[] = [];
  /** Per object depth, where the current member's key string starts. */
  const keys: number[] = [];
  let expectKey = false;
  let open = -1;
  let close = -1;
  let elementStart = -1;
  let afterElement = false;
  const elements: [number, number][] = [];
  /** Whether the first `d` open containers are the objects of the path, at its keys. */
  const inPrefix = (d: number) => stack.length >= d && pathKeys.slice(0, d).every((key, k) => stack[k] === OPEN_BRACE && keyAt(bytes, keys[k + 1], key));
  const inTypes = () => open >= 0 && close < 0;
  let nextLook = SCAN_CHUNK;
  for (let i = 0; i < bytes.length; i++) {
    if (i >= nextLook) {
      await slice();
      nextLook = i + SCAN_CHUNK;
    }
    const b = bytes[i];
    if (b === QUOTE) {
      // A string: jump to its closing quote (one not escaped by an odd run of backslashes).
      const start = i;
      i = closingQuote(bytes, i);
      if (i < 0) {
        return undefined; // an unterminated string
      }
      if (inTypes() && stack.length === listDepth + 1 && elementStart < 0) {
        return undefined; // an element that is not an object: not an introspection
      }
      if (expectKey) {
        const depth = stack.length;
        keys[depth] = start;
        expectKey = false;
        if (depth <= listDepth && keyAt(bytes, start, pathKeys[depth - 1]) && inPrefix(depth - 1)) {
          keyCounts[depth - 1]++;
        }
      }
      continue;
    }
    const depth = stack.length;
    switch (b) {
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (inTypes() && depth === listDepth + 1) {
          if (afterElement || b === OPEN_BRACKET) {
            return undefined; // a missing comma, or an element that is not an object
          }
          elementStart = i;
        }
        if (b === OPEN_BRACKET && depth === listDepth && inPrefix(listDepth)) {
          open = i;
        }
        stack.push(b);
        keys[stack.length] = -1;
        expectKey = b === OPEN_BRACE;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        stack.pop();
        if (inTypes() && stack.length === listDepth + 1 && elementStart >= 0) {
          elements.push([elementStart, i + 1]);
          elementStart = -1;
          afterElement = true;
        } else if (inTypes() && stack.length === listDepth && b === CLOSE_BRACKET) {
          if (elements.length > 0 && !afterElement) {
            return undefined; // a trailing comma
          }
          close = i;
        }
        expectKey = false;
        break;
      case COMMA:
        if (inTypes() && depth === listDepth + 1) {
          if (!afterElement) {
            return undefined;
          }
          afterElement = false;
        }
        expectKey = stack[depth - 1] === OPEN_BRACE;
        break;
      case COLON:
        expectKey = false;
        break;
      default:
        if (inTypes() && depth === listDepth + 1 && elementStart < 0 && b > 0x20) {
          return undefined; // a scalar element: not an introspection
        }
    }
  }
  if (stack.length !== 0 || open < 0 || close < 0 || keyCounts.some((n) => n !== 1)) {
    return undefined;
  }
  return { open, close, elements };
}
