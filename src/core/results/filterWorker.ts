/**
 * The filter worker: a worker thread of the extension host that parses answers and evaluates
 * JSONPath filters over them (jsonFilter.ts), and pretty-prints answers for a diff (runCompare.ts),
 * so that none of it holds the extension host's thread.
 * Its own bundle (dist/filter.js, scripts/build.mjs), started on the first filter. It keeps the
 * last few answers parsed, by run id.
 */
import { parentPort } from 'node:worker_threads';
import { filterJson } from './jsonFilter';
import type { FilterReply, FilterRequest, PrettyReply, PrettyRequest } from './filterProtocol';
import { comparableText } from '../run/runCompare';

const KEPT = 3;
const bodies = new Map<string, unknown>();

parentPort?.on('message', (request: FilterRequest | PrettyRequest) => {
  if (request.kind === 'pretty') {
    let answer: PrettyReply;
    try {
      answer = { id: request.id, pretty: comparableText({ body: JSON.parse(request.text) as never }) };
    } catch (err) {
      answer = { id: request.id, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(answer);
    return;
  }
  let reply: FilterReply;
  try {
    if (request.text !== undefined) {
      bodies.delete(request.runId);
      bodies.set(request.runId, JSON.parse(request.text) as unknown);
      while (bodies.size > KEPT) {
        bodies.delete(bodies.keys().next().value as string);
      }
    }
    if (!bodies.has(request.runId)) {
      reply = { id: request.id, missing: true };
    } else {
      reply = { id: request.id, answer: filterJson(bodies.get(request.runId), request.expression) };
    }
  } catch (err) {
    reply = { id: request.id, answer: { ok: false, expression: request.expression, message: `The answer could not be read: ${err instanceof Error ? err.message : String(err)}` } };
  }
  parentPort?.postMessage(reply);
});
