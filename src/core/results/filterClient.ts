/**
 * The extension host's side of the filter worker: starts the thread on the first filter, sends the
 * answer's JSON text only when the worker does not have it, and ends the thread when disposed.
 */
import { Worker } from 'node:worker_threads';
import type { Disposable } from '../clock';
import type { FilterReply, FilterRequest, PrettyReply, PrettyRequest } from './filterProtocol';
import type { FilterAnswer } from './jsonFilter';

/** How to start the worker: its script and the Node options it needs (tests: a TypeScript loader). */
export interface FilterClientOptions {
  readonly script: string;
  readonly execArgv?: readonly string[];
}

export class FilterClient implements Disposable {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: FilterReply | PrettyReply) => void; reject: (err: Error) => void }>();
  private disposed = false;

  constructor(private readonly options: FilterClientOptions) {}

  /**
   * Filters the answer of `runId`. `text` gives its JSON text when the worker asks for it (the
   * first filter of a run, or after the worker dropped it); it is called at most once per filter.
   */
  async filter(runId: string, expression: string, text: () => string | Promise<string>): Promise<FilterAnswer> {
    const first = await this.send({ runId, expression });
    if ('answer' in first) {
      return first.answer;
    }
    const second = await this.send({ runId, expression, text: await text() });
    return 'answer' in second ? second.answer : { ok: false, expression, message: 'The answer could not be read.' };
  }

  /** An answer's JSON text pretty-printed for a diff, keys sorted (runCompare.comparableText), in the worker. */
  async pretty(text: string): Promise<string> {
    const reply = (await this.send({ kind: 'pretty', text })) as PrettyReply;
    if ('error' in reply) {
      throw new Error(`The answer could not be read: ${reply.error}`);
    }
    return reply.pretty;
  }

  private send(request: Omit<FilterRequest, 'id'>): Promise<FilterReply>;
  private send(request: Omit<PrettyRequest, 'id'>): Promise<PrettyReply>;
  private send(request: Omit<FilterRequest, 'id'> | Omit<PrettyRequest, 'id'>): Promise<FilterReply | PrettyReply> {
    if (this.disposed) {
      return Promise.reject(new Error('The filter worker has stopped.'));
    }
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<FilterReply | PrettyReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private start(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const worker = new Worker(this.options.script, { execArgv: [...(this.options.execArgv ?? [])] });
    worker.unref();
    worker.on('message', (reply: FilterReply | PrettyReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (err: Error) => {
      this.worker = undefined;
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`The filter worker stopped: ${err.message}`));
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
