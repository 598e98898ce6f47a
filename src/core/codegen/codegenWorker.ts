/**
 * The types worker: a worker thread of the extension host that runs GraphQL Code Generator,
 * prettier and the schema printer, so none of that work holds the extension host's thread. Its
 * own bundle (dist/codegen.js, scripts/build.mjs), started on first use. Requests and replies:
 * protocol.ts; the work: typesGenerator.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerAnswer, WorkerMessage } from './protocol';
import { TypesGenerator } from './typesGenerator';

const generator = new TypesGenerator();
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (message: WorkerMessage) => {
  // One request at a time, in order: a later save waits for the generation before it.
  queue = queue.then(async () => {
    let answer: WorkerAnswer;
    try {
      answer = { id: message.id, ok: true, value: await generator.handle(message.request) };
    } catch (err) {
      answer = { id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(answer);
  });
});
