/**
 * The extension host's side of the filter worker: starts the thread on the first filter, sends the
 * answer's JSON text only when the worker does not have it, and ends the thread when disposed.
 */
import type { Disposable } from '../clock';
import { WorkerClient, type WorkerClientOptions } from '../workerClient';
import type { FilterReply, FilterRequest, PrettyReply, PrettyRequest } from './filterProtocol';
import type { FilterAnswer } from './jsonFilter';

/** How to start the worker: its script and the Node options it needs (tests: a TypeScript loader). */
export type FilterClientOptions = WorkerClientOptions;

export class FilterClient implements Disposable {
  private readonly client: WorkerClient<FilterReply | PrettyReply>;

  constructor(options: FilterClientOptions) {
    this.client = new WorkerClient(options, 'filter worker');
  }

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
    return this.client.call((id) => ({ ...request, id }));
  }

  dispose(): void {
    this.client.dispose();
  }
}
