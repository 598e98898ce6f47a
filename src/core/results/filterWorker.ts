/**
 * The filter worker: a worker thread of the extension host that parses answers and evaluates
 * JSONPath filters over them (jsonFilter.ts), pretty-prints answers for a diff (runCompare.ts) or
 * for Copy/Save/Open JSON, reads answers reopened from the history, and turns a stored answer's list
 * into CSV, so that none of it holds the extension host's thread.
 * Its own bundle (dist/filter.js, scripts/build.mjs), started on the first call. It keeps the
 * last few answers parsed, by run id.
 */
import { parentPort } from 'node:worker_threads';
import { filterJson } from './jsonFilter';
import type { FilterReply, ReadErrors, ReadReply, TableReply, WorkerReply, WorkerRequest } from './filterProtocol';
import { comparableText } from '../run/runCompare';
import { normaliseErrors } from '../http/graphqlResponse';
import { DEEP_JSON_LEVELS, nestingDepth, stringifyJson } from '../../shared/deepJson';
import { tableExportText } from '../../shared/table';

const KEPT = 3;
const bodies = new Map<string, unknown>();

function keep(runId: string, body: unknown): void {
  bodies.delete(runId);
  bodies.set(runId, body);
  while (bodies.size > KEPT) {
    bodies.delete(bodies.keys().next().value as string);
  }
}

/**
 * A stored answer's errors as a live run's are (normaliseErrors: a `message` that is not a string,
 * such as 42 or an object, becomes text), so that the page shows them. An entry's `extensions`
 * nested deeper than a structured clone carries (DEEP_JSON_LEVELS) are left out: the errors cross
 * two postMessage boundaries as objects; the answer's JSON text keeps them.
 */
function readErrors(errors: unknown): ReadErrors {
  return normaliseErrors(errors).map((e) => {
    if (e.extensions === undefined || nestingDepth(e.extensions, DEEP_JSON_LEVELS) <= DEEP_JSON_LEVELS) {
      return e;
    }
    const { extensions: _tooDeep, ...rest } = e;
    return rest;
  });
}

/** An answer's JSON text: bytes (a stored file as read, an answer as the Service sent it) decoded here, off the host's thread. */
const decoder = new TextDecoder();
const textOf = (text: string | Uint8Array): string => (typeof text === 'string' ? text : decoder.decode(text));

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function answer(request: WorkerRequest): WorkerReply {
  const { id } = request;
  switch (request.kind) {
    case 'pretty':
      try {
        const body = JSON.parse(textOf(request.text)) as never;
        return { id, pretty: request.sortKeys === false ? `${stringifyJson(body, { space: 2 })}\n` : comparableText({ body }) };
      } catch (err) {
        return { id, error: messageOf(err) };
      }
    case 'read': {
      let body: unknown;
      try {
        body = JSON.parse(textOf(request.text));
      } catch (err) {
        return { id, error: messageOf(err) } satisfies ReadReply;
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return { id, error: 'it is not a JSON object' };
      }
      keep(request.runId, body);
      const errors = (body as { errors?: unknown }).errors;
      return errors === undefined ? { id, read: true } : { id, read: true, errors: readErrors(errors) };
    }
    case 'table':
      try {
        const table = tableExportText(JSON.parse(textOf(request.text)), request.path, request.format, request.sort);
        return (table ? { id, table } : { id }) satisfies TableReply;
      } catch (err) {
        return { id, error: messageOf(err) };
      }
    default: {
      let reply: FilterReply;
      try {
        if (request.text !== undefined) {
          keep(request.runId, JSON.parse(textOf(request.text)) as unknown);
        }
        reply = bodies.has(request.runId) ? { id, answer: filterJson(bodies.get(request.runId), request.expression) } : { id, missing: true };
      } catch (err) {
        reply = { id, answer: { ok: false, expression: request.expression, message: `The answer could not be read: ${messageOf(err)}` } };
      }
      return reply;
    }
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  parentPort?.postMessage(answer(request));
});
