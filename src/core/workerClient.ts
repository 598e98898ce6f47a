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
  /** The running thread, the calls in flight on it, and which start of a thread it is. */
  private current: { readonly worker: Worker; readonly pending: Map<number, Waiting<Reply>>; readonly generation: number } | undefined;
  private starts = 0;
  private nextId = 1;
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

  /**
   * Posts the message `build` makes with a fresh id; resolves with the worker's reply to it.
   * With `generation`, only to that start of the thread: a call after it stopped (or before it
   * started) is refused rather than sent to a new thread that lacks what was sent to the old one.
   */
  call(build: (id: number) => unknown, generation?: number): Promise<Reply> {
    if (this.disposed) {
      return Promise.reject(this.error(`The ${this.name} has stopped.`));
    }
    if (generation !== undefined && this.current?.generation !== generation) {
      return Promise.reject(this.error(`The ${this.name} was started again: what it was sent is gone.`));
    }
    const { worker, pending } = this.start();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage(build(id));
    });
  }

  /** Whether the worker thread is running (it starts on the first call). */
  get started(): boolean {
    return this.current !== undefined;
  }

  /** Which start of the thread is running (undefined: none): a thread started again has a new one. */
  get generation(): number | undefined {
    return this.current?.generation;
  }

  private start(): NonNullable<WorkerClient<Reply>['current']> {
    if (this.current) {
      return this.current;
    }
    const worker = new Worker(this.options.script, { execArgv: [...(this.options.execArgv ?? [])] });
    // The worker never keeps the extension host (or a test run) alive by itself.
    worker.unref();
    const current = { worker, pending: new Map<number, Waiting<Reply>>(), generation: ++this.starts };
    worker.on('message', (reply: Reply) => {
      const waiting = current.pending.get(reply.id);
      current.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    // An uncaught error arrives as 'error' and then 'exit', in separate ticks: each fails only this
    // thread's calls, and forgets only this thread (a call in between may have started the next one).
    const fail = (err: Error) => {
      if (this.current === current) {
        this.current = undefined;
      }
      for (const waiting of current.pending.values()) {
        waiting.reject(this.error(`The ${this.name} stopped: ${err.message}`));
      }
      current.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.current = current;
    return current;
  }

  dispose(): void {
    this.disposed = true;
    void this.current?.worker.terminate();
    this.current = undefined;
  }
}

interface Waiting<Reply> {
  resolve(reply: Reply): void;
  reject(err: Error): void;
}
