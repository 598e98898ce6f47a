/**
 * The extension host's side of the types worker (codegenWorker.ts): starts the worker thread on
 * the first request, sends requests and matches the replies, and ends the thread when disposed.
 * Only plain data crosses; nothing of GraphQL Code Generator or prettier is loaded on this side.
 */
import type { Disposable } from '../clock';
import { WorkerClient, type WorkerClientOptions } from '../workerClient';
import type { WorkerAnswer, WorkerMessage, WorkerReplies, WorkerRequest } from './protocol';

/** How to start the worker: its script, and the Node options it needs (tests: a TypeScript loader). */
export type TypesWorkerOptions = WorkerClientOptions;

/** A request the worker could not do; the message is the worker's. */
export class TypesWorkerError extends Error {}

/** Sends requests to the types worker, starting it when first needed. */
export class TypesWorker implements Disposable {
  private readonly client: WorkerClient<WorkerAnswer>;

  constructor(options: TypesWorkerOptions) {
    this.client = new WorkerClient(options, 'types worker', (message) => new TypesWorkerError(message));
  }

  /** Runs a request in the worker. */
  async request<K extends WorkerRequest['kind']>(request: Extract<WorkerRequest, { kind: K }>): Promise<WorkerReplies[K]> {
    const answer = await this.client.call((id): WorkerMessage => ({ id, request }));
    if (!answer.ok) {
      throw new TypesWorkerError(answer.error);
    }
    return answer.value as WorkerReplies[K];
  }

  /** Whether the worker thread is running (it starts on the first request). */
  get started(): boolean {
    return this.client.started;
  }

  dispose(): void {
    this.client.dispose();
  }
}
