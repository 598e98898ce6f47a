/**
 * The language worker: a worker thread of the extension host that validates the workspace's
 * documents after a schema change and builds the reference index, so none of that work holds the
 * extension host's thread. Its own bundle (dist/languageWorker.js, scripts/build.mjs),
 * started on first use. Requests and replies: languageWorkerProtocol.ts; the work:
 * languageWorkerEngine.ts.
 */
import { parentPort } from 'node:worker_threads';
import { LanguageWorkerEngine, StaleSchemaSourceError } from './languageWorkerEngine';
import type { LanguageWorkerAnswer, LanguageWorkerMessage } from './languageWorkerProtocol';

const engine = new LanguageWorkerEngine();
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (message: LanguageWorkerMessage) => {
  // One request at a time, in order: an index sync is in place before the validation after it.
  queue = queue.then(async () => {
    let answer: LanguageWorkerAnswer;
    try {
      answer = { id: message.id, ok: true, value: await engine.handle(message.request) };
    } catch (err) {
      answer = { id: message.id, ok: false, error: err instanceof Error ? err.message : String(err), stale: err instanceof StaleSchemaSourceError };
    }
    parentPort?.postMessage(answer);
  });
});
