/**
 * The extension host's side of the filter worker: starts the thread on the first filter, sends the
 * answer's JSON text only when the worker does not have it, and ends the thread when disposed.
 */
import type { Disposable } from '../clock';
import { WorkerClient, type WorkerClientOptions } from '../workerClient';
import type { FilterReply, FilterRequest, PrettyReply, ReadErrors, ReadReply, TableReply, TableRequest, WorkerReply, WorkerRequest } from './filterProtocol';
import type { FilterAnswer } from './jsonFilter';

/** How to start the worker: its script and the Node options it needs (tests: a TypeScript loader). */
export type FilterClientOptions = WorkerClientOptions;

export class FilterClient implements Disposable {
  private readonly client: WorkerClient<WorkerReply>;

  constructor(options: FilterClientOptions) {
    this.client = new WorkerClient(options, 'filter worker');
  }

  /**
   * Filters the answer of `runId`. `text` gives its JSON text (or its UTF-8 bytes, decoded in the
   * worker) when the worker asks for it (the first filter of a run, or after the worker dropped it);
   * it is called at most once per filter.
   */
  async filter(runId: string, expression: string, text: () => string | Uint8Array | Promise<string | Uint8Array>): Promise<FilterAnswer> {
    const first = await this.send({ runId, expression });
    if ('answer' in first) {
      return first.answer;
    }
    const second = await this.send({ runId, expression, text: await text() });
    return 'answer' in second ? second.answer : { ok: false, expression, message: 'The answer could not be read.' };
  }

  /**
   * An answer's JSON text pretty-printed, in the worker: for a diff, keys sorted (runCompare.comparableText);
   * with `sortKeys: false`, as it is with two spaces (Copy JSON, Save to File, Open as JSON).
   */
  async pretty(text: string | Uint8Array, options: { readonly sortKeys?: boolean } = {}): Promise<string> {
    const reply = (await this.send({ kind: 'pretty', text, ...(options.sortKeys === false ? { sortKeys: false } : {}) })) as PrettyReply;
    if ('error' in reply) {
      throw new Error(`The answer could not be read: ${reply.error}`);
    }
    return reply.pretty;
  }

  /**
   * Reads a stored answer in the worker (a run reopened from the history): its file's bytes as read
   * (decoded there) or its JSON text; kept there for the filter of `runId`. Resolves to its errors, normalised as a live run's are (left out
   * when it has none), or to why the text is not an answer.
   */
  async read(runId: string, text: string | Uint8Array): Promise<{ readonly ok: true; readonly errors?: ReadErrors } | { readonly ok: false; readonly error: string }> {
    const reply = (await this.send({ kind: 'read', runId, text })) as ReadReply;
    if ('error' in reply) {
      return { ok: false, error: reply.error };
    }
    return reply.errors === undefined ? { ok: true } : { ok: true, errors: reply.errors };
  }

  /** The list at `path` of an answer (JSON text or its UTF-8 bytes) as CSV or a Markdown table (shared/table.ts), in the worker. */
  async table(request: Omit<TableRequest, 'id' | 'kind'>): Promise<{ readonly text: string; readonly rows: number } | undefined> {
    const reply = (await this.send({ kind: 'table', ...request })) as TableReply;
    if ('error' in reply) {
      throw new Error(`The answer could not be read: ${reply.error}`);
    }
    return reply.table;
  }

  private send(request: Omit<FilterRequest, 'id'>): Promise<FilterReply>;
  private send(request: DistributiveOmit<Exclude<WorkerRequest, FilterRequest>, 'id'>): Promise<WorkerReply>;
  private send(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<WorkerReply> {
    return this.client.call((id) => ({ ...request, id }));
  }

  dispose(): void {
    this.client.dispose();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
