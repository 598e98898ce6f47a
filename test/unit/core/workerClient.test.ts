import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { WorkerClient } from '../../../src/core/workerClient';

/** A worker that answers `{ id }` with `{ id, ok: true }`, and throws (uncaught) when asked to crash. */
const CRASHING_WORKER = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.crash) {
    setTimeout(() => { throw new Error('boom'); }, 0);
  } else {
    parentPort.postMessage({ id: m.id, ok: true });
  }
});
`;

interface Reply {
  readonly id: number;
  readonly ok: boolean;
}

describe('WorkerClient', () => {
  let dir: string;
  let script: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tenant-graphql-worker-client-'));
    script = path.join(dir, 'crashing.cjs');
    await writeFile(script, CRASHING_WORKER);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const threadOf = (client: WorkerClient<Reply>): Worker | undefined => (client as unknown as { current?: { worker: Worker } }).current?.worker;

  it("a call made between a crashed thread's 'error' and its 'exit' goes to the new thread, is answered, and that thread ends on dispose", async () => {
    // Found in the second read: the old thread's 'exit' (a tick after its 'error') forgot the new
    // thread and failed the call on it, and dispose() then never ended that thread.
    const client = new WorkerClient<Reply>({ script }, 'test worker');
    let second: Promise<Reply> | undefined;
    let secondThread: Worker | undefined;
    await assert.rejects(
      client
        .call((id) => ({ id, crash: true }))
        .catch((err: Error) => {
          second = client.call((id) => ({ id }));
          secondThread = threadOf(client);
          throw err;
        }),
      /The test worker stopped: boom/,
    );
    const firstGeneration = 1;
    assert.deepEqual(await second, { id: 2, ok: true });
    assert.ok(secondThread);
    assert.equal(threadOf(client), secondThread, 'the client still holds the new thread');
    assert.equal(client.generation, firstGeneration + 1);
    const exited = new Promise((resolve) => secondThread!.once('exit', resolve));
    client.dispose();
    await exited; // a hang guard: mocha's timeout fails the test when the thread is left running
    assert.equal(client.started, false);
  });

  it('refuses a call bound to a start of the thread that is gone, and starts none for it', async () => {
    const client = new WorkerClient<Reply>({ script }, 'test worker');
    await assert.rejects(
      client.call((id) => ({ id }), 1),
      /was started again/,
    );
    assert.equal(client.started, false);
    assert.deepEqual(await client.call((id) => ({ id })), { id: 1, ok: true });
    assert.equal(client.generation, 1);
    assert.deepEqual(await client.call((id) => ({ id }), 1), { id: 2, ok: true });
    const exited = new Promise((resolve) => threadOf(client)!.once('exit', resolve));
    await assert.rejects(
      client.call((id) => ({ id, crash: true }), 1),
      /stopped: boom/,
    );
    await exited;
    await assert.rejects(
      client.call((id) => ({ id }), 1),
      /was started again/,
    );
    client.dispose();
  });
});
