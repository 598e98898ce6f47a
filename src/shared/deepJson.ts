/**
 * JSON helpers that never recurse, for answers of any depth. `JSON.parse` in V8 is iterative,
 * but `JSON.stringify`, `structuredClone` and `postMessage` recurse and throw
 * "Maximum call stack size exceeded" somewhere between 5,000 and 10,000 levels. Used by the
 * webview (state, error extensions) and by the extension host (what it posts, Copy/Save/Open).
 * Pure TypeScript, no DOM, no Node.
 */

/** Deeper than this, a value is sent to the webview as JSON text and not kept in webview state. */
export const DEEP_JSON_LEVELS = 1000;

/**
 * The nesting depth of a JSON value (a scalar is 0, `[]` is 1, `[[1]]` is 2), counted without
 * recursion. Stops early and returns `stopAbove + 1` once the depth exceeds `stopAbove`.
 */
export function nestingDepth(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') {
      continue;
    }
    const depth = d + 1;
    if (depth > max) {
      max = depth;
      if (max > stopAbove) {
        return stopAbove + 1;
      }
    }
    for (const child of Array.isArray(v) ? v : Object.values(v as object)) {
      if (child !== null && typeof child === 'object') {
        stack.push([child, depth]);
      }
    }
  }
  return max;
}

/** Options of {@link stringifyJson}. */
export interface StringifyJsonOptions {
  /** Indentation per level, as `JSON.stringify`'s `space` (a number of spaces); none by default. */
  readonly space?: number;
  /** Stop after about this many characters and end with `…` (for previews); unlimited by default. */
  readonly maxLength?: number;
  /** Object keys in sorted order (code unit order), for a stable text to compare; as given by default. */
  readonly sortKeys?: boolean;
}

/**
 * `JSON.stringify` for JSON data (what `JSON.parse` returns), without recursion: the same text
 * as `JSON.stringify(value, null, space)` for such data, at any depth. `undefined`, functions and
 * symbols are left out of objects and become `null` in arrays; non-finite numbers become `null`;
 * `toJSON` is honoured (e.g. `Date`). Cycles throw a TypeError, as `JSON.stringify` does.
 */
export function stringifyJson(value: unknown, options: StringifyJsonOptions = {}): string {
  const indentUnit = ' '.repeat(Math.max(0, Math.min(10, Math.floor(options.space ?? 0))));
  const max = options.maxLength ?? Number.POSITIVE_INFINITY;
  const parts: string[] = [];
  let length = 0;
  const emit = (s: string): boolean => {
    parts.push(s);
    length += s.length;
    return length <= max;
  };
  const newline = (level: number): string => (indentUnit ? `\n${indentUnit.repeat(level)}` : '');
  const colon = indentUnit ? ': ' : ':';

  interface Frame {
    readonly container: object;
    readonly isArray: boolean;
    readonly keys: readonly string[] | undefined;
    index: number;
    wrote: boolean;
    readonly level: number;
  }
  const frames: Frame[] = [];
  const open = new Set<object>();

  const toJsonValue = (v: unknown, key: string): unknown =>
    v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function' ? (v as { toJSON(k: string): unknown }).toJSON(key) : v;
  const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

  /** Writes a scalar, or opens a container (the value already through `toJSON`). */
  const write = (v: unknown, inArray: boolean): boolean | 'skip' => {
    if (omitted(v)) {
      return inArray ? emit('null') : 'skip';
    }
    if (v === null || typeof v === 'boolean') {
      return emit(String(v));
    }
    if (typeof v === 'number') {
      return emit(Number.isFinite(v) ? String(v) : 'null');
    }
    if (typeof v === 'bigint') {
      throw new TypeError('Do not know how to serialize a BigInt');
    }
    if (typeof v === 'string') {
      return emit(JSON.stringify(v));
    }
    const obj = v as object;
    if (open.has(obj)) {
      throw new TypeError('Converting circular structure to JSON');
    }
    open.add(obj);
    const isArray = Array.isArray(obj);
    frames.push({
      container: obj,
      isArray,
      keys: isArray ? undefined : options.sortKeys ? Object.keys(obj).sort() : Object.keys(obj),
      index: 0,
      wrote: false,
      level: frames.length + 1,
    });
    return emit(isArray ? '[' : '{');
  };

  const first = write(toJsonValue(value, ''), false);
  if (first === 'skip') {
    return undefined as unknown as string; // JSON.stringify(undefined) is undefined
  }
  let going = first;
  while (going && frames.length > 0) {
    const f = frames[frames.length - 1];
    const size = f.isArray ? (f.container as unknown[]).length : f.keys!.length;
    if (f.index >= size) {
      frames.pop();
      open.delete(f.container);
      going = emit(`${f.wrote ? newline(f.level - 1) : ''}${f.isArray ? ']' : '}'}`);
      continue;
    }
    const i = f.index++;
    const key = f.isArray ? String(i) : f.keys![i];
    const child = toJsonValue(f.isArray ? (f.container as unknown[])[i] : (f.container as Record<string, unknown>)[key], key);
    if (!f.isArray && omitted(child)) {
      continue;
    }
    going = emit(`${f.wrote ? ',' : ''}${newline(f.level)}${f.isArray ? '' : JSON.stringify(key) + colon}`);
    f.wrote = true;
    if (going) {
      const r = write(child, f.isArray);
      going = r === 'skip' ? true : r;
    }
  }
  const text = parts.join('');
  return length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}
