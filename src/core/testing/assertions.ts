/**
 * Checks the assertions of a case against one answer. Pure: the same function gives the Testing
 * view's verdicts and the command line's.
 */
import { JSONPath } from 'jsonpath-plus';
import type { Assertion, JsonType, PathCheck } from './assertionSyntax';
import { canonicalJson, snapshotOf } from './snapshot';

/** What a case's run answered, as far as assertions are concerned. */
export interface Answer {
  readonly status: number;
  readonly durationMs: number;
  /** The response body: `data`, `errors`, `extensions`. */
  readonly body: { readonly data?: unknown; readonly errors?: readonly unknown[] };
}

/** The verdict of one assertion: on failure, a sentence and, where it helps, expected and actual as text. */
export type AssertionResult =
  | { readonly pass: true }
  | {
      readonly pass: false;
      readonly message: string;
      readonly expected?: string;
      readonly actual?: string;
      /** The snapshot's fingerprint differs: taken of another version of the operation. */
      readonly stale?: boolean;
    };

const PASS: AssertionResult = { pass: true };

/** What the snapshot assertion needs besides the answer: the fingerprint of the operation that ran. */
export interface CheckContext {
  readonly operationFingerprint: string;
  /** The version of the schema of the environment the case ran on (see schemaVersionOf), when known. */
  readonly schemaVersion?: string;
}

/** Checks one assertion against an answer. */
export function checkAssertion(assertion: Assertion, answer: Answer, context: CheckContext): AssertionResult {
  switch (assertion.kind) {
    case 'noErrors': {
      const errors = answer.body.errors;
      if (!errors || errors.length === 0) {
        return PASS;
      }
      const messages = errors.map((e) =>
        e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string' ? (e as { message: string }).message : JSON.stringify(e),
      );
      return {
        pass: false,
        message: `The answer has ${errors.length} GraphQL error${errors.length === 1 ? '' : 's'}: ${messages.join(' | ')}`,
        expected: '[]',
        actual: pretty(errors),
      };
    }
    case 'status':
      return answer.status === assertion.expected
        ? PASS
        : { pass: false, message: `HTTP status ${answer.status}, expected ${assertion.expected}.`, expected: String(assertion.expected), actual: String(answer.status) };
    case 'maxDurationMs':
      return answer.durationMs <= assertion.expected
        ? PASS
        : {
            pass: false,
            message: `Took ${Math.round(answer.durationMs)} ms, over the budget of ${assertion.expected} ms.`,
            expected: `<= ${assertion.expected} ms`,
            actual: `${Math.round(answer.durationMs)} ms`,
          };
    case 'path':
      return checkPath(assertion.path, assertion.check, answer.body);
    case 'snapshot': {
      if (assertion.expected === undefined) {
        return {
          pass: false,
          message: 'No snapshot is saved yet: run "Update Snapshot" (or the command line with --update-snapshots) to save this answer.',
          actual: pretty(snapshotOf(answer.body, assertion.ignore)),
        };
      }
      const actual = snapshotOf(answer.body, assertion.ignore);
      const expected = snapshotOf(assertion.expected, assertion.ignore);
      const same = canonicalJson(actual) === canonicalJson(expected);
      if (assertion.of !== undefined && assertion.of !== context.operationFingerprint) {
        return {
          pass: false,
          stale: true,
          message: `The snapshot was taken of another version of the operation (fingerprint ${assertion.of}, now ${context.operationFingerprint})${same ? '' : ' and the answer differs'}: check the answer, then "Update Snapshot".`,
          expected: pretty(expected),
          actual: pretty(actual),
        };
      }
      if (same) {
        return PASS;
      }
      const otherSchema = assertion.schema !== undefined && context.schemaVersion !== undefined && assertion.schema !== context.schemaVersion;
      return {
        pass: false,
        message: otherSchema
          ? `The answer differs from the saved snapshot, which was taken on another version of the schema (${assertion.schema}, now ${context.schemaVersion}): if the schema's change explains it, run "Update Snapshot" (or the command line with --update-snapshots).`
          : 'The answer differs from the saved snapshot.',
        expected: pretty(expected),
        actual: pretty(actual),
      };
    }
  }
}

/**
 * The value a path names: a definite path (names and indexes only) gives its one value (undefined
 * when nothing is there); a path with wildcards, recursive descent, slices, unions or filters gives
 * the list of every match.
 */
export function valuesAt(path: string, json: unknown): { definite: boolean; found: boolean; value: unknown } {
  const results = JSONPath({ path, json: json as object, eval: 'safe', wrap: true, resultType: 'value' }) as unknown[] | undefined;
  const list = Array.isArray(results) ? results : [];
  if (isDefinite(path)) {
    return { definite: true, found: list.length > 0, value: list[0] };
  }
  return { definite: false, found: list.length > 0, value: list };
}

function isDefinite(path: string): boolean {
  const parts = JSONPath.toPathArray(path) as string[];
  return parts.every((p, i) => (i === 0 ? p === '$' : !/^(\*|\.\.|\?\(.*|\(.*|.*[,:].*|\^|~|@.*)$/.test(p)));
}

function checkPath(path: string, check: PathCheck, body: Answer['body']): AssertionResult {
  let at: ReturnType<typeof valuesAt>;
  try {
    at = valuesAt(path, body);
  } catch (err) {
    return { pass: false, message: `The JSONPath "${path}" could not be evaluated: ${err instanceof Error ? err.message : String(err)}.` };
  }
  if (check.kind === 'exists') {
    return at.found === check.expected
      ? PASS
      : {
          pass: false,
          message: check.expected ? `Nothing is at ${path}.` : `Something is at ${path}, expected nothing.`,
          expected: check.expected ? 'a value' : 'nothing',
          actual: at.found ? pretty(at.value) : 'nothing',
        };
  }
  if (at.definite && !at.found) {
    return { pass: false, message: `Nothing is at ${path}.`, ...(check.kind === 'equals' ? { expected: pretty(check.expected) } : {}), actual: 'nothing' };
  }
  const value = at.value;
  switch (check.kind) {
    case 'equals':
      return canonicalJson(value) === canonicalJson(check.expected)
        ? PASS
        : { pass: false, message: `${path} is not the expected value.`, expected: pretty(check.expected), actual: pretty(value) };
    case 'matches': {
      if (typeof value !== 'string') {
        return { pass: false, message: `${path} is ${typeName(value)}, not text, so it cannot match /${check.expected}/.`, expected: `/${check.expected}/`, actual: pretty(value) };
      }
      return new RegExp(check.expected, 'u').test(value)
        ? PASS
        : { pass: false, message: `${path} does not match /${check.expected}/.`, expected: `/${check.expected}/`, actual: JSON.stringify(value) };
    }
    case 'length': {
      const length = Array.isArray(value) || typeof value === 'string' ? value.length : undefined;
      if (length === undefined) {
        return { pass: false, message: `${path} is ${typeName(value)}, which has no length.`, expected: `length ${check.expected}`, actual: pretty(value) };
      }
      return length === check.expected
        ? PASS
        : { pass: false, message: `${path} has length ${length}, expected ${check.expected}.`, expected: String(check.expected), actual: String(length) };
    }
    case 'type': {
      const actual = typeName(value);
      const ok = actual === check.expected || (check.expected === 'number' && actual === 'integer');
      return ok ? PASS : { pass: false, message: `${path} is ${actual}, expected ${check.expected}.`, expected: check.expected, actual };
    }
  }
}

/** The JSON type of a value, with whole numbers as `integer`. */
export function typeName(value: unknown): JsonType | 'undefined' {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') {
    return typeof value as JsonType;
  }
  return 'undefined';
}

/** JSON text for messages and diffs: 2-space indented, keys as given. */
export function pretty(value: unknown): string {
  return value === undefined ? 'undefined' : (JSON.stringify(value, null, 2) ?? String(value));
}
