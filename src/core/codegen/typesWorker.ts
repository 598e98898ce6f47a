/**
 * The extension host's side of the types worker (codegenWorker.ts): starts the worker thread on
 * the first request, sends requests and matches the replies, and ends the thread when disposed.
 * Only plain data crosses; nothing of GraphQL Code Generator or prettier is loaded on this side.
 */
import { Worker } from 'node:worker_threads';
import type { Disposable } from '../clock';
import type { WorkerAnswer, WorkerMessage, WorkerReplies, WorkerRequest } from './protocol';

/** How to start the worker: its script, and the Node options it needs (tests: a TypeScript loader). */
export interface TypesWorkerOptions {
  readonly script: string;
  readonly execArgv?: readonly string[];
}

/** A request the worker could not do; the message is the worker's. */
export class TypesWorkerError extends Error {}

/** Sends requests to the types worker, starting it when first needed. */
export class TypesWorker implements Disposable {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private disposed = false;

  constructor(private readonly options: TypesWorkerOptions) {}

  /** Runs a request in the worker. */
  request<K extends WorkerRequest['kind']>(request: Extract<WorkerRequest, { kind: K }>): Promise<WorkerReplies[K]> {
    if (this.disposed) {
      return Promise.reject(new TypesWorkerError('The types worker has stopped.'));
    }
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<WorkerReplies[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const message: WorkerMessage = { id, request };
      worker.postMessage(message);
    });
  }

  /** Whether the worker thread is running (it starts on the first request). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  private start(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const worker = new Worker(this.options.script, { execArgv: [...(this.options.execArgv ?? [])] });
    // The worker never keeps the extension host (or a test run) alive by itself.
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.ok) {
        waiting?.resolve(answer.value);
      } else {
        waiting?.reject(new TypesWorkerError(answer.error));
      }
    });
    const fail = (err: Error) => {
      this.worker = undefined;
      for (const waiting of this.pending.values()) {
        waiting.reject(new TypesWorkerError(`The types worker stopped: ${err.message}`));
      }
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.worker = worker;
    return worker;
  }

  dispose(): void {
    this.disposed = true;
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
