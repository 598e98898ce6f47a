/**
 * The extension host's side of a worker thread (the types worker, the results filter): starts the
 * thread on the first call, matches replies to calls by id, fails the calls in flight when the
 * thread stops (the next call starts a new one), and ends the thread when disposed. Only plain
 * data crosses.
 */
import { Worker } from 'node:worker_threads';
import type { Disposable } from './clock';

/** How to start a worker: its script, and the Node options it needs (tests: a TypeScript loader). */
export interface WorkerClientOptions {
  readonly script: string;
  readonly execArgv?: readonly string[];
}

/** Calls into one worker thread; `Reply` is what the worker posts back, carrying the call's id. */
export class WorkerClient<Reply extends { readonly id: number }> implements Disposable {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (err: Error) => void }>();
  private disposed = false;

  /**
   * @param name the worker as messages name it ("types worker")
   * @param error makes the error a failed call rejects with
   */
  constructor(
    private readonly options: WorkerClientOptions,
    private readonly name: string,
    private readonly error: (message: string) => Error = (message) => new Error(message),
  ) {}

  /** Posts the message `build` makes with a fresh id; resolves with the worker's reply to it. */
  call(build: (id: number) => unknown): Promise<Reply> {
    if (this.disposed) {
      return Promise.reject(this.error(`The ${this.name} has stopped.`));
    }
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(build(id));
    });
  }

  /** Whether the worker thread is running (it starts on the first call). */
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
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (err: Error) => {
      this.worker = undefined;
      for (const waiting of this.pending.values()) {
        waiting.reject(this.error(`The ${this.name} stopped: ${err.message}`));
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
