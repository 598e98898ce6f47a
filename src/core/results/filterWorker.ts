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
import type { FilterReply, ReadReply, TableReply, WorkerReply, WorkerRequest } from './filterProtocol';
import { comparableText } from '../run/runCompare';
import { stringifyJson } from '../../shared/deepJson';
import { errorPositions } from '../../shared/resultsMessages';
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

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function answer(request: WorkerRequest): WorkerReply {
  const { id } = request;
  switch (request.kind) {
    case 'pretty':
      try {
        const body = JSON.parse(request.text) as never;
        return { id, pretty: request.sortKeys === false ? `${stringifyJson(body, { space: 2 })}\n` : comparableText({ body }) };
      } catch (err) {
        return { id, error: messageOf(err) };
      }
    case 'read': {
      let body: unknown;
      try {
        body = JSON.parse(request.text);
      } catch (err) {
        return { id, error: messageOf(err) } satisfies ReadReply;
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return { id, error: 'it is not a JSON object' };
      }
      keep(request.runId, body);
      const errors = (body as { errors?: unknown }).errors;
      return { id, errors: Array.isArray(errors) ? errors.map((e) => ({ locations: errorPositions((e ?? {}) as { locations?: unknown }) })) : [] };
    }
    case 'table':
      try {
        const table = tableExportText(JSON.parse(request.text), request.path, request.format, request.sort);
        return (table ? { id, table } : { id }) satisfies TableReply;
      } catch (err) {
        return { id, error: messageOf(err) };
      }
    default: {
      let reply: FilterReply;
      try {
        if (request.text !== undefined) {
          keep(request.runId, JSON.parse(request.text) as unknown);
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
