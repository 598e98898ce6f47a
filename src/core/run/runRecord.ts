/**
 * Turning a run's outcome into its record: the view the results panel shows, the history entry,
 * the token-free outcome the Run Operation command resolves to, and the log line. Pure, so the
 * success and failure branches are unit-tested without VS Code.
 */
import { NotSignedInError, RestrictedModeError, ServerNotApprovedError } from '../errors';
import type { ResponseTiming, RunResultView } from '../../shared/resultsMessages';
import type { VariableValues } from './variables';
import { classifyRunFailure, type RunFailure, type RunFailureKind } from './runFailure';

/** A failure before or around the request that the HTTP client does not classify. */
export type LocalFailureKind = 'notSignedIn' | 'noEnvironment' | 'restricted' | 'notApproved' | 'readOnly';

/** Why a run did not get to an answer, besides the HTTP failures. */
export type RunOutcomeFailure = RunFailureKind | LocalFailureKind | 'invalidDocument' | 'invalidVariables';

/** A classified failure of a run: the HTTP client's kinds, or not signed in / no environment. */
export type ClassifiedRunFailure = RunFailure | { kind: LocalFailureKind; message: string; status?: undefined };

/** What a run resolves to (never a token): enough for tests and callers to tell what happened. */
export interface RunOutcome {
  runId: string;
  /** HTTP status of the final answer; undefined when there was none. */
  status?: number;
  /** Number of GraphQL errors in the answer. */
  errors: number;
  /** The operation that ran (its name, also when not sent as operationName). */
  operationName?: string;
  /** The operationName sent (only when the document holds several operations). */
  sentOperationName?: string;
  durationMs: number;
  bytes?: number;
  attempts?: number;
  environment?: string;
  variables?: VariableValues;
  /** Set when the run failed: the kind of failure, and the message shown. */
  failure?: RunOutcomeFailure;
  message?: string;
  /** Server diagnostics placed in the document. */
  diagnostics: number;
  /** The answer's `data`, when there was one. */
  data?: unknown;
  /** The answer's `errors` as the Service sent them, when it sent any. */
  graphqlErrors?: readonly unknown[];
}

/** What is known when a run starts. */
export interface RunStart {
  readonly runId: string;
  /** ISO time of the run. */
  readonly at: string;
  readonly label: string;
  readonly operationName?: string;
  readonly operationType: 'query' | 'mutation' | 'subscription';
  readonly sentOperationName?: string;
  readonly documentUri: string;
  readonly variables?: VariableValues;
  /** The active environment when the run started (failures have no other). */
  readonly environment?: string;
}

/** An HTTP answer that carried a GraphQL response. */
export interface RunAnswer {
  readonly environment: string;
  readonly status: number;
  readonly durationMs: number;
  readonly bytes: number;
  readonly attempts: number;
  readonly body: NonNullable<RunResultView['body']>;
  /** Response headers (lower-case names), when known. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Where the final request's time went, when measured. */
  readonly timing?: ResponseTiming;
}

/** Headers never shown in the results panel: cookies and anything that carries a credential. */
/**
 * Response headers never shown (nor kept in the page's state): cookies, credentials and anything
 * named like one, since a server may echo a tenant's own auth or secret header back under any name.
 */
const HIDDEN_HEADERS = /cookie|auth|token|secret|key|session|csrf|xsrf|signature|credential|password/;

/** The headers the panel may show, sorted by name, values cut at 500 characters. */
export function shownHeaders(headers: Readonly<Record<string, string>> | undefined): [string, string][] {
  return Object.entries(headers ?? {})
    .filter(([name]) => !HIDDEN_HEADERS.test(name.toLowerCase()))
    .map(([name, value]): [string, string] => [name.toLowerCase(), String(value).slice(0, 500)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The history entry of a run (as `RunHistory.add` takes it). */
export interface RunHistoryInput {
  documentUri: string;
  operationName?: string;
  variables: VariableValues;
  status: number;
  outcome?: string;
  durationMs: number;
  environment: string;
}

/** Everything a finished run leaves behind. */
export interface RunRecord {
  readonly view: RunResultView;
  readonly history: RunHistoryInput;
  readonly outcome: RunOutcome;
  readonly log: { readonly level: 'info' | 'warn'; readonly line: string };
}

/** Classifies what a run threw: not signed in / no environment, else the HTTP client's kinds. */
export function classifyRunError(err: unknown): ClassifiedRunFailure {
  if (err instanceof NotSignedInError) {
    return { kind: err.environment ? 'notSignedIn' : 'noEnvironment', message: err.message };
  }
  if (err instanceof RestrictedModeError) {
    return { kind: 'restricted', message: err.message };
  }
  if (err instanceof ServerNotApprovedError) {
    return { kind: 'notApproved', message: err.message };
  }
  return classifyRunFailure(err);
}

function viewBase(start: RunStart) {
  return {
    runId: start.runId,
    operationName: start.operationName,
    operationType: start.operationType,
    documentUri: start.documentUri,
    at: start.at,
    variables: start.variables,
  };
}

function historyOf(start: RunStart, status: number, outcome: string | undefined, durationMs: number, environment: string): RunHistoryInput {
  return { documentUri: start.documentUri, operationName: start.operationName, variables: start.variables ?? {}, status, outcome, durationMs, environment };
}

/** The record of a run that got a GraphQL answer (with or without `errors`). */
export function answeredRun(start: RunStart, answer: RunAnswer, diagnostics: number): RunRecord {
  const errors = answer.body.errors?.length ?? 0;
  const view: RunResultView = {
    ...viewBase(start),
    environment: answer.environment,
    status: answer.status,
    durationMs: answer.durationMs,
    bytes: answer.bytes,
    body: answer.body,
    response: { headers: shownHeaders(answer.headers), attempts: answer.attempts, ...(answer.timing ? { timing: answer.timing } : {}) },
  };
  return {
    view,
    history: historyOf(start, answer.status, errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : undefined, answer.durationMs, answer.environment),
    outcome: {
      runId: start.runId,
      status: answer.status,
      errors,
      operationName: start.operationName,
      sentOperationName: start.sentOperationName,
      durationMs: answer.durationMs,
      bytes: answer.bytes,
      attempts: answer.attempts,
      environment: answer.environment,
      variables: start.variables,
      diagnostics,
      data: answer.body.data,
      ...(answer.body.errors && answer.body.errors.length > 0 ? { graphqlErrors: answer.body.errors } : {}),
    },
    log: {
      level: 'info',
      line:
        `[run] ${start.label} on ${answer.environment} -> ${answer.status}, ${errors} error(s), ${Math.round(answer.durationMs)} ms, ` +
        `${answer.bytes} bytes${answer.attempts > 1 ? `, ${answer.attempts} attempts` : ''}`,
    },
  };
}

/** The record of a run that failed (not cancelled): `shown` is the title and message told to the user. */
export function failedRun(
  start: RunStart,
  failure: ClassifiedRunFailure,
  shown: { readonly title: string; readonly message: string },
  durationMs: number,
  diagnostics: number,
): RunRecord {
  const environment = start.environment;
  const bodyText = 'bodyText' in failure ? failure.bodyText : undefined;
  const view: RunResultView = {
    ...viewBase(start),
    environment: environment ?? '',
    status: failure.status,
    durationMs,
    failure: bodyText !== undefined ? { title: shown.title, message: shown.message, bodyText } : { title: shown.title, message: shown.message },
  };
  return {
    view,
    history: historyOf(start, failure.status ?? 0, shown.title, durationMs, environment ?? ''),
    outcome: {
      runId: start.runId,
      status: failure.status,
      errors: 0,
      operationName: start.operationName,
      sentOperationName: start.sentOperationName,
      durationMs,
      environment,
      variables: start.variables,
      failure: failure.kind,
      message: shown.message,
      diagnostics,
    },
    log: {
      level: 'warn',
      line: `[run] ${start.label} on ${environment ?? '?'} -> failed after ${durationMs} ms: ${failure.kind}${failure.status ? ` (${failure.status})` : ''}`,
    },
  };
}
