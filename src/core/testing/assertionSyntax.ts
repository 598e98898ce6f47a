/**
 * The assertions of a test case, as written in the test file (one kind per object), and their
 * checks when the file is read: a JSONPath that jsonpath-plus would not read the way it looks, a
 * regular expression that does not compile, a type that does not exist — each a problem at its line.
 */
import { getNodeValue, type Node } from 'jsonc-parser';
import { JSONPath } from 'jsonpath-plus';

/** A place in the test file: offsets and 1-based line and column. */
export interface Place {
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
}

/** The JSON types a `type` assertion names. */
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const;
export type JsonType = (typeof JSON_TYPES)[number];

/** What a JSONPath assertion checks at its path. */
export type PathCheck =
  | { readonly kind: 'exists'; readonly expected: boolean }
  | { readonly kind: 'equals'; readonly expected: unknown }
  | { readonly kind: 'matches'; readonly expected: string }
  | { readonly kind: 'length'; readonly expected: number }
  | { readonly kind: 'type'; readonly expected: JsonType };

/** One assertion, with its place in the file (the object) and the place of its expected value. */
export type Assertion = { readonly place: Place; readonly valuePlace: Place } & (
  | { readonly kind: 'noErrors' }
  | { readonly kind: 'status'; readonly expected: number }
  | { readonly kind: 'maxDurationMs'; readonly expected: number }
  | { readonly kind: 'path'; readonly path: string; readonly check: PathCheck }
  | {
      readonly kind: 'snapshot';
      /** The saved answer; undefined when none was saved yet. */
      readonly expected: unknown;
      readonly ignore: readonly string[];
      /** The fingerprint of the operation text the snapshot was taken of. */
      readonly of?: string;
      /** The version of the environment's schema the snapshot was taken on (see {@link schemaVersionOf}), and its place. */
      readonly schema?: string;
      readonly schemaPlace?: Place;
    }
);

const PATH_CHECKS = ['exists', 'equals', 'matches', 'length', 'type'] as const;
const EXAMPLES =
  '{"noErrors": true}, {"status": 200}, {"path": "$.data.tasks", "length": 3}, {"path": "$.data.task.title", "equals": "Ship"}, {"snapshot": {"ignore": ["$..updatedAt"]}} or {"maxDurationMs": 2000}';

type Parsed = { ok: true; assertion: Assertion } | { ok: false; message: string; place: Place };

/** Reads one assertion object of a case's `assert` list. */
export function parseAssertion(node: Node, placeOf: (n: Node) => Place): Parsed {
  const fail = (message: string, at: Node = node): Parsed => ({ ok: false, message, place: placeOf(at) });
  if (node.type !== 'object') {
    return fail(`an assertion is an object, such as ${EXAMPLES}.`);
  }
  const props = new Map<string, { key: Node; value: Node }>();
  for (const member of node.children ?? []) {
    const [key, value] = member.children ?? [];
    if (key && value) {
      props.set(String(key.value), { key, value });
    }
  }
  const place = placeOf(node);
  const only = (name: string): Parsed | undefined => {
    const other = [...props.keys()].find((k) => k !== name && k !== 'description');
    return other !== undefined ? fail(`"${other}" cannot be combined with "${name}": write one assertion per object.`, props.get(other)!.key) : undefined;
  };
  const noErrors = props.get('noErrors');
  if (noErrors) {
    if (noErrors.value.type !== 'boolean' || noErrors.value.value !== true) {
      return fail('"noErrors" takes true.', noErrors.value);
    }
    return only('noErrors') ?? { ok: true, assertion: { kind: 'noErrors', place, valuePlace: placeOf(noErrors.value) } };
  }
  for (const kind of ['status', 'maxDurationMs'] as const) {
    const entry = props.get(kind);
    if (entry) {
      const v = entry.value.value as unknown;
      const valid = typeof v === 'number' && Number.isInteger(v) && (kind === 'status' ? v >= 100 && v <= 599 : v > 0);
      if (!valid) {
        return fail(kind === 'status' ? '"status" takes an HTTP status such as 200.' : '"maxDurationMs" takes a positive whole number of milliseconds.', entry.value);
      }
      return only(kind) ?? { ok: true, assertion: { kind, expected: v, place, valuePlace: placeOf(entry.value) } };
    }
  }
  const snapshot = props.get('snapshot');
  if (snapshot) {
    return only('snapshot') ?? parseSnapshot(snapshot.value, place, placeOf, fail);
  }
  const path = props.get('path');
  if (path) {
    if (path.value.type !== 'string') {
      return fail('"path" takes a JSONPath expression such as "$.data.tasks[0].title".', path.value);
    }
    const pathProblem = jsonPathProblem(String(path.value.value));
    if (pathProblem) {
      return fail(pathProblem, path.value);
    }
    const checks = PATH_CHECKS.filter((c) => props.has(c));
    if (checks.length !== 1) {
      return fail(`a "path" assertion takes exactly one of ${PATH_CHECKS.map((c) => `"${c}"`).join(', ')}.`);
    }
    const kind = checks[0];
    const valueNode = props.get(kind)!.value;
    const other = [...props.keys()].find((k) => k !== 'path' && k !== kind && k !== 'description');
    if (other !== undefined) {
      return fail(`"${other}" is not part of a "path" assertion.`, props.get(other)!.key);
    }
    const check = pathCheck(kind, valueNode);
    if (typeof check === 'string') {
      return fail(check, valueNode);
    }
    return { ok: true, assertion: { kind: 'path', path: String(path.value.value), check, place, valuePlace: placeOf(valueNode) } };
  }
  const first = [...props.keys()][0];
  return fail(first === undefined ? `an empty assertion checks nothing; write one such as ${EXAMPLES}.` : `"${first}" is not a kind of assertion; use one such as ${EXAMPLES}.`);
}

function pathCheck(kind: (typeof PATH_CHECKS)[number], node: Node): PathCheck | string {
  const v = plainValue(node);
  switch (kind) {
    case 'exists':
      return typeof v === 'boolean' ? { kind, expected: v } : '"exists" takes true or false.';
    case 'equals':
      return { kind, expected: v };
    case 'matches':
      if (typeof v !== 'string') {
        return '"matches" takes a regular expression as text, such as "^Ship".';
      }
      try {
        new RegExp(v, 'u');
      } catch (err) {
        return `"matches" is not a valid regular expression: ${err instanceof Error ? err.message : String(err)}.`;
      }
      return { kind, expected: v };
    case 'length':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? { kind, expected: v } : '"length" takes a whole number (0 or more).';
    case 'type':
      return typeof v === 'string' && (JSON_TYPES as readonly string[]).includes(v) ? { kind, expected: v as JsonType } : `"type" takes one of ${JSON_TYPES.join(', ')}.`;
  }
}

function parseSnapshot(node: Node, place: Place, placeOf: (n: Node) => Place, fail: (message: string, at?: Node) => Parsed): Parsed {
  if (node.type !== 'object') {
    return fail('"snapshot" takes an object: {"ignore": [JSONPath, ...]} (the answer is saved into it by "Update Snapshot").', node);
  }
  let ignore: string[] = [];
  let expected: unknown;
  let valuePlace = placeOf(node);
  let of: string | undefined;
  let schema: { version: string; place: Place } | undefined;
  for (const member of node.children ?? []) {
    const [key, value] = member.children ?? [];
    if (!key || !value) {
      continue;
    }
    const name = String(key.value);
    if (name === 'ignore') {
      const list = plainValue(value);
      if (!Array.isArray(list) || list.some((p) => typeof p !== 'string')) {
        return fail('"ignore" takes a list of JSONPath expressions, such as ["$..updatedAt"].', value);
      }
      for (const [i, p] of (list as string[]).entries()) {
        const problem = jsonPathProblem(p);
        if (problem) {
          return fail(problem, value.children?.[i] ?? value);
        }
      }
      ignore = list as string[];
    } else if (name === 'value') {
      expected = plainValue(value);
      valuePlace = placeOf(value);
    } else if (name === 'of') {
      if (value.type !== 'string') {
        return fail('"of" is written by "Update Snapshot": the fingerprint of the operation the snapshot was taken of.', value);
      }
      of = String(value.value);
    } else if (name === 'schema') {
      if (value.type !== 'string') {
        return fail('"schema" is written by "Update Snapshot": the version of the schema the snapshot was taken on.', value);
      }
      schema = { version: String(value.value), place: placeOf(value) };
    } else {
      return fail(`"${name}" is not part of a snapshot (ignore, value, of, schema).`, key);
    }
  }
  return {
    ok: true,
    assertion: {
      kind: 'snapshot',
      expected,
      ignore,
      ...(of !== undefined ? { of } : {}),
      ...(schema ? { schema: schema.version, schemaPlace: schema.place } : {}),
      place,
      valuePlace,
    },
  };
}

/**
 * Why a JSONPath expression would not be read as written, or undefined: jsonpath-plus is lenient
 * (`$.a[0` reads as `$.a[0]`, `$.a]` as a member named `a]`), so the brackets, parentheses and
 * quotes are checked here, then the expression is evaluated once on a probe to catch filter syntax.
 */
export function jsonPathProblem(path: string): string | undefined {
  if (!path.startsWith('$')) {
    return `"${path}" is not a JSONPath expression: it starts with $ (the whole answer), e.g. "$.data.tasks".`;
  }
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (quote) {
      if (c === '\\') {
        i++;
      } else if (c === quote) {
        quote = undefined;
      }
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '[' || c === '(') {
      stack.push(c === '[' ? ']' : ')');
    } else if (c === ']' || c === ')') {
      if (stack.pop() !== c) {
        return `The JSONPath "${path}" has an unmatched "${c}" at character ${i + 1}.`;
      }
    }
  }
  if (quote || stack.length > 0) {
    return `The JSONPath "${path}" is not closed: ${quote ? `a ${quote} quote` : `"${stack.at(-1)}"`} is missing.`;
  }
  try {
    JSONPath({ path, json: { data: { probe: [{ probe: 1 }] } }, eval: 'safe', wrap: true });
  } catch (err) {
    return `The JSONPath "${path}" is not valid: ${(err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 200)}.`;
  }
  return undefined;
}

/** The JSON value of a node as plain objects (jsonc-parser's have no prototype: they would not equal a parsed answer's). */
export function plainValue(node: Node): unknown {
  const value = getNodeValue(node) as unknown;
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
