/**
 * JSON.parse of a cached introspection, in slices (issue 28). A GitHub-sized introspection is 5 MB
 * of JSON: one JSON.parse of it holds the thread for 40-90 ms, and it cannot be interrupted. Here
 * the bytes are scanned (in chunks, the thread yielded between them) for the elements of
 * `__schema.types`, each element is parsed on its own (a few kilobytes), and the rest of the
 * document is parsed with an empty list in their place: the value is the one JSON.parse of the
 * whole text gives (property-tested), with no step longer than a slice but one type.
 *
 * It works on bytes: in UTF-8 every byte of a multi-byte character is 0x80 or more, so the quote and
 * backslash bytes the scanner looks for are never part of one.
 */
import { yieldToEventLoop, type Yield } from './clientSchemaInSlices';

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
const TYPES_KEY = Buffer.from('"types"');
const SCHEMA_KEY = Buffer.from('"__schema"');

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
export async function parseIntrospectionInSlices(bytes: Buffer, yieldThread: Yield = yieldToEventLoop): Promise<unknown> {
  let sliceStart = performance.now();
  const slice = async () => {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldThread();
      sliceStart = performance.now();
    }
  };
  const layout = await scanTypes(bytes, slice);
  if (!layout) {
    // Not the shape we write (or not JSON): the plain parse, with its own error.
    return JSON.parse(bytes.toString('utf8')) as unknown;
  }
  const types: unknown[] = [];
  for (const [start, end] of layout.elements) {
    types.push(JSON.parse(bytes.toString('utf8', start, end)));
    await slice();
  }
  const rest = JSON.parse(`${bytes.toString('utf8', 0, layout.open)}[]${bytes.toString('utf8', layout.close + 1)}`) as { __schema: { types: unknown[] } };
  rest.__schema.types = types;
  return rest;
}

/** Where `__schema.types` lies in `bytes`, or undefined when they are parsed whole (for tests). */
export function typesLayoutOf(bytes: Buffer): Promise<TypesLayout | undefined> {
  return scanTypes(bytes, () => Promise.resolve());
}

/**
 * Finds `__schema.types` of a top-level object `{ "__schema": { ..., "types": [ ... ], ... } }`
 * (the payload the cache stores). Undefined when the text has another shape (or is not JSON), and
 * whenever a plain parse could differ (a member named twice): then the caller parses it whole.
 */
async function scanTypes(bytes: Buffer, slice: () => Promise<void>): Promise<TypesLayout | undefined> {
  /** The open containers, outermost first (OPEN_BRACE or OPEN_BRACKET). */
  const stack: number[] = [];
  /** Per object depth, where the current member's key string starts. */
  const keys: number[] = [];
  let expectKey = false;
  let schemaKeys = 0;
  let typesKeys = 0;
  let open = -1;
  let close = -1;
  let elementStart = -1;
  let afterElement = false;
  const elements: [number, number][] = [];
  const isKey = (at: number | undefined, key: Buffer) =>
    at !== undefined && at >= 0 && at + key.length <= bytes.length && bytes.compare(key, 0, key.length, at, at + key.length) === 0;
  const inSchema = () => stack.length >= 2 && stack[0] === OPEN_BRACE && stack[1] === OPEN_BRACE && isKey(keys[1], SCHEMA_KEY);
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
      let j = i;
      for (;;) {
        j = bytes.indexOf(QUOTE, j + 1);
        if (j < 0) {
          return undefined; // an unterminated string
        }
        let backslashes = 0;
        while (bytes[j - 1 - backslashes] === BACKSLASH) {
          backslashes++;
        }
        if (backslashes % 2 === 0) {
          break;
        }
      }
      i = j;
      if (inTypes() && stack.length === 3 && elementStart < 0) {
        return undefined; // an element that is not an object: not an introspection
      }
      if (expectKey) {
        const depth = stack.length;
        keys[depth] = start;
        expectKey = false;
        if (depth === 1 && isKey(start, SCHEMA_KEY)) {
          schemaKeys++;
        } else if (depth === 2 && inSchema() && isKey(start, TYPES_KEY)) {
          typesKeys++;
        }
      }
      continue;
    }
    const depth = stack.length;
    switch (b) {
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (inTypes() && depth === 3) {
          if (afterElement || b === OPEN_BRACKET) {
            return undefined; // a missing comma, or an element that is not an object
          }
          elementStart = i;
        }
        if (b === OPEN_BRACKET && depth === 2 && inSchema() && isKey(keys[2], TYPES_KEY)) {
          open = i;
        }
        stack.push(b);
        keys[stack.length] = -1;
        expectKey = b === OPEN_BRACE;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        stack.pop();
        if (inTypes() && stack.length === 3 && elementStart >= 0) {
          elements.push([elementStart, i + 1]);
          elementStart = -1;
          afterElement = true;
        } else if (inTypes() && stack.length === 2 && b === CLOSE_BRACKET) {
          if (elements.length > 0 && !afterElement) {
            return undefined; // a trailing comma
          }
          close = i;
        }
        expectKey = false;
        break;
      case COMMA:
        if (inTypes() && depth === 3) {
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
        if (inTypes() && depth === 3 && elementStart < 0 && b > 0x20) {
          return undefined; // a scalar element: not an introspection
        }
    }
  }
  if (stack.length !== 0 || open < 0 || close < 0 || schemaKeys !== 1 || typesKeys !== 1) {
    return undefined;
  }
  return { open, close, elements };
}
