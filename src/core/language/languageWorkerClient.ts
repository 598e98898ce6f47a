/**
 * The extension host's side of the language worker(s) (languageWorker.ts): one or more worker
 * threads, started on first use, each with a fragment index kept in step with the host's (only
 * what changed is sent), and the schemas named by their source (the environment's cache file at a
 * version, or a folder's schema files), never the schema object itself. Validation batches go to
 * the workers in turn; the reference index's analyses likewise.
 */
import type { GraphQLSchema } from 'graphql';
import type { Disposable } from '../clock';
import type { SchemaDiff } from '../schema/schemaDiff';
import { WorkerClient, type WorkerClientOptions } from '../workerClient';
import type { FragmentIndex } from './fragmentIndex';
import type {
  AnalyseResult,
  LanguageWorkerAnswer,
  LanguageWorkerMessage,
  LanguageWorkerReplies,
  LanguageWorkerRequest,
  SchemaSource,
  ValidateResult,
} from './languageWorkerProtocol';
import type { RemoteValidator } from './workspaceValidation';

/** A request the worker could not do; `stale`: the schema's source holds another version now. */
export class LanguageWorkerError extends Error {
  constructor(
    message: string,
    readonly stale = false,
  ) {
    super(message);
  }
}

/** Documents a warm-up validates (about a third of a second of CPU for the bench's documents; graphql's validation is compiled by then). */
const WARM_UP_DOCUMENTS = 200;

/** Characters of text sent in one index message: each is cloned on the host's thread, in one step (a quarter of a megabyte: well under a millisecond quiet). */
const SYNC_CHUNK_CHARS = 250_000;

interface Thread {
  readonly client: WorkerClient<LanguageWorkerAnswer>;
  /** What this worker's fragment index holds, in its order; undefined while a sync runs or after one failed (unknown). */
  sent: Map<string, string> | undefined;
  /** The start of the thread `sent` describes (a thread started again has an empty index). */
  syncedGeneration: number | undefined;
  /** The last sync: syncs of one thread run one after another, never interleaved. */
  syncing: Promise<void>;
  /** The start of the thread a warm-up ran on. */
  warmedGeneration?: number;
}

/** The language worker threads of the window. */
export class LanguageWorkers implements Disposable, RemoteValidator {
  private readonly threads: Thread[];
  private turn = 0;

  /**
   * @param sourceOf where a worker can load a schema in use (undefined: nowhere; the work stays in the host)
   * @param count worker threads (validation batches are spread over them)
   */
  constructor(
    options: WorkerClientOptions,
    private readonly sourceOf: (schema: GraphQLSchema) => SchemaSource | undefined,
    count = 1,
  ) {
    this.threads = Array.from({ length: Math.max(1, count) }, () => ({
      client: new WorkerClient<LanguageWorkerAnswer>(options, 'language worker', (message) => new LanguageWorkerError(message)),
      sent: undefined,
      syncedGeneration: undefined,
      syncing: Promise.resolve(),
    }));
  }

  /** Two batches per worker: one worked on, one waiting. */
  get parallelism(): number {
    return this.threads.length * 2;
  }

  /**
   * Sends a request to one worker (the next in turn when none is named); with `generation`, only to
   * that start of its thread (a thread started again since is refused: LanguageWorkerError).
   */
  async request<K extends LanguageWorkerRequest['kind']>(
    request: Extract<LanguageWorkerRequest, { kind: K }>,
    worker?: number,
    generation?: number,
  ): Promise<LanguageWorkerReplies[K]> {
    const thread = this.threads[worker ?? this.turn++ % this.threads.length];
    const answer = await thread.client.call((id): LanguageWorkerMessage => ({ id, request }), generation);
    if (!answer.ok) {
      throw new LanguageWorkerError(answer.error, answer.stale === true);
    }
    return answer.value as LanguageWorkerReplies[K];
  }

  /** Makes every worker's fragment index hold exactly the texts of `index`, in its order. */
  async prepare(index: FragmentIndex): Promise<void> {
    const texts = index.texts();
    await Promise.all(
      this.threads.map((thread, i) => {
        // After the sync before it, whether that one failed or not (a failed one left `sent` unknown).
        const sync = thread.syncing.catch(() => undefined).then(() => this.syncThread(thread, i, texts));
        thread.syncing = sync;
        return sync;
      }),
    );
  }

  private async syncThread(thread: Thread, worker: number, texts: readonly { uri: string; text: string }[]): Promise<void> {
    const wanted = new Set(texts.map((t) => t.uri));
    const known = thread.sent !== undefined && thread.client.started && thread.syncedGeneration === thread.client.generation;
    const before = known ? thread.sent! : new Map<string, string>();
    // The index answers a fragment defined twice with the file indexed first, so the worker's
    // order must be the host's: the files it keeps in the same order, the new ones after them;
    // anything else (a file removed and added again meanwhile) starts the worker's index afresh, as
    // does a thread whose index is unknown (never synced, a failed sync, a thread started again).
    let reset = !known;
    const keptBefore = [...before.keys()].filter((uri) => wanted.has(uri));
    let k = 0;
    let newSeen = false;
    for (const { uri } of texts) {
      if (!before.has(uri)) {
        newSeen = true;
      } else if (newSeen || keptBefore[k++] !== uri) {
        reset = true;
        break;
      }
    }
    const remove = reset ? [] : [...before.keys()].filter((uri) => !wanted.has(uri));
    const set = reset ? texts : texts.filter((t) => before.get(t.uri) !== t.text);
    // Until this sync is done the worker's index is unknown: a failed sync starts afresh next time.
    thread.sent = undefined;
    // Every message of this sync goes to one start of the thread: a reset may start it, a later
    // message finding another start (it stopped meanwhile) fails the sync.
    let generation = known ? thread.syncedGeneration : undefined;
    let chunk: { uri: string; text: string }[] = [];
    let chars = 0;
    let first = true;
    const flush = async () => {
      const sent = this.request({ kind: 'syncIndex', reset: reset && first, remove: first ? remove : [], set: chunk }, worker, generation);
      generation ??= thread.client.generation;
      await sent;
      first = false;
      chunk = [];
      chars = 0;
    };
    for (const t of set) {
      chunk.push(t);
      chars += t.text.length;
      if (chars >= SYNC_CHUNK_CHARS) {
        await flush();
      }
    }
    if (first || chunk.length > 0) {
      await flush();
    }
    thread.sent = new Map(texts.map((t) => [t.uri, t.text]));
    thread.syncedGeneration = generation;
  }

  /** Validates documents in a worker; undefined when the schema has no source or its source moved on. */
  async validate(schema: GraphQLSchema, documents: readonly { readonly id: string; readonly text: string }[]): Promise<readonly ValidateResult[] | undefined> {
    const source = this.sourceOf(schema);
    if (!source) {
      return undefined;
    }
    // Validation reads the worker's fragment index: only on the start of the thread the last sync
    // filled, once no sync runs (a thread started again since, or a failed sync: the host does it).
    const worker = this.turn++ % this.threads.length;
    const thread = this.threads[worker];
    await thread.syncing.catch(() => undefined);
    if (thread.sent === undefined || thread.syncedGeneration === undefined) {
      return undefined;
    }
    try {
      return (await this.request({ kind: 'validate', schema: source, documents }, worker, thread.syncedGeneration)).results;
    } catch (err) {
      if (err instanceof LanguageWorkerError) {
        return undefined;
      }
      throw err;
    }
  }

  /** Analyses sources for the reference index in a worker; undefined when it cannot (the host does it). */
  async analyse(schema: GraphQLSchema | undefined, sources: readonly { readonly id: string; readonly text: string }[]): Promise<readonly AnalyseResult[] | undefined> {
    const source = schema ? this.sourceOf(schema) : undefined;
    if (schema && !source) {
      return undefined;
    }
    try {
      return (await this.request({ kind: 'analyse', schema: source, sources })).results;
    } catch (err) {
      if (err instanceof LanguageWorkerError) {
        return undefined;
      }
      throw err;
    }
  }

  /**
   * The changes from one version of a schema to the next, computed in the first worker (which keeps
   * the cache files of the versions it loaded); undefined when it cannot (the previous version is
   * neither kept there nor loadable, a folder's schema files changed on disk, no worker): the host
   * diffs then.
   */
  async diff(from: SchemaSource, to: SchemaSource): Promise<SchemaDiff | undefined> {
    try {
      return (await this.request({ kind: 'diff', from, to }, 0)).diff;
    } catch (err) {
      if (err instanceof LanguageWorkerError) {
        return undefined;
      }
      throw err;
    }
  }

  /** Asks the first worker to keep a version's cache file (so that the next refresh is diffed there); whether it did. */
  async keep(source: SchemaSource): Promise<boolean> {
    try {
      return (await this.request({ kind: 'keep', source }, 0)).kept;
    } catch (err) {
      if (err instanceof LanguageWorkerError) {
        return false;
      }
      throw err;
    }
  }

  /** {@link keep} of the source of a schema in use (none: false). */
  async keepVersion(schema: GraphQLSchema): Promise<boolean> {
    const source = this.sourceOf(schema);
    return source ? this.keep(source) : false;
  }

  /**
   * Has every worker validate the first `documents` of its fragment index against `schema` once
   * (per start of its thread), while idle: the first schema change then finds graphql's
   * validation compiled and warm and the version kept. Call after {@link prepare}.
   */
  async warmUp(schema: GraphQLSchema, documents = WARM_UP_DOCUMENTS): Promise<void> {
    const source = this.sourceOf(schema);
    if (!source) {
      return;
    }
    await Promise.all(
      this.threads.map(async (thread, i) => {
        if (thread.warmedGeneration !== undefined && thread.warmedGeneration === thread.client.generation && thread.client.started) {
          return;
        }
        const generation = thread.syncedGeneration;
        if (generation === undefined) {
          return;
        }
        try {
          await this.request({ kind: 'warm', schema: source, documents }, i, generation);
          thread.warmedGeneration = generation;
        } catch (err) {
          if (!(err instanceof LanguageWorkerError)) {
            throw err;
          }
        }
      }),
    );
  }

  /** Whether any worker thread is running. */
  get started(): boolean {
    return this.threads.some((t) => t.client.started);
  }

  dispose(): void {
    for (const thread of this.threads) {
      thread.client.dispose();
    }
  }
}
