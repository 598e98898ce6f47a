import { CancelledError, errorMessage } from '../errors';
import { systemClock, systemTimers, type Clock, type Disposable, type Timers } from '../clock';
import { Emitter } from '../events';
import { taggedLogger, type Logger } from '../logger';
import { environmentSnapshot, introspectToCache, type EnvironmentSchemaDeps, type SchemaEnvironment } from './environmentRefresh';
import { loadSchemaFromCache, schemaCacheFreshness } from './schemaCache';
import type { RefreshOutcome, SchemaSnapshot, SchemaState } from './schemaSnapshot';

export type { EnvironmentSchemaDeps, SchemaEnvironment } from './environmentRefresh';

/**
 * The schema of the active environment: loaded from the disk cache at start (works offline),
 * refreshed by introspection after sign-in, on environment change, when the cache is older than
 * the TTL, and on demand. A failed refresh keeps the last good schema and records why.
 */
export class EnvironmentSchema implements Disposable {
  private readonly logger: Logger;
  private readonly changed = new Emitter<SchemaSnapshot | undefined>();
  private readonly stateChanged = new Emitter<SchemaState>();
  private readonly disposables: Disposable[] = [];
  private snapshot: SchemaSnapshot | undefined;
  private stateValue: SchemaState = { kind: 'loading' };
  private environment: SchemaEnvironment | undefined;
  private sessionId: string | undefined;
  private inFlight: { environment: SchemaEnvironment; promise: Promise<RefreshOutcome>; abort: AbortController } | undefined;
  private ttlTimer: Disposable | undefined;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private generation = 0;
  private disposed = false;
  private lastShownFailure: string | undefined;
  private interactiveRefreshes = 0;
  private syncChain: Promise<void> = Promise.resolve();

  /** Fires when the schema in use changes (a new version, or another environment's). */
  readonly onDidChangeSchema = this.changed.event;
  /** Fires when the state (loading, not signed in, failed, ready) changes. */
  readonly onDidChangeState = this.stateChanged.event;

  constructor(private readonly deps: EnvironmentSchemaDeps) {
    this.logger = taggedLogger(deps.logger, 'schema');
    this.clock = deps.clock ?? systemClock;
    this.timers = deps.timers ?? systemTimers;
    this.disposables.push(
      this.changed,
      this.stateChanged,
      deps.onDidChangeActive(() => void this.syncActive()),
    );
  }

  /** The schema of the active environment, or undefined when none is loaded yet. */
  current(): SchemaSnapshot | undefined {
    return this.snapshot;
  }

  get state(): SchemaState {
    return this.stateValue;
  }

  /** The environment whose schema this is. */
  get environmentName(): string | undefined {
    return this.environment?.name;
  }

  /** Loads the cached schema of the active environment and refreshes it if it is stale or missing. */
  async start(): Promise<void> {
    await this.syncActive();
  }

  /**
   * Fetches the schema by introspection now. A refresh already running for the same environment
   * is joined, not repeated. Never throws: the outcome says what happened.
   */
  refresh(options: { signal?: AbortSignal; interactive?: boolean } = {}): Promise<RefreshOutcome> {
    if (!options.interactive) {
      return this.refreshNow(options.signal);
    }
    this.interactiveRefreshes++;
    return this.refreshNow(options.signal).finally(() => this.interactiveRefreshes--);
  }

  private refreshNow(givenSignal: AbortSignal | undefined): Promise<RefreshOutcome> {
    const environment = this.environment;
    if (!environment) {
      return Promise.resolve({ ok: false, reason: 'No Tenant GraphQL environment is configured.' });
    }
    if (this.inFlight?.environment.key !== environment.key) {
      this.inFlight?.abort.abort();
      const abort = new AbortController();
      const promise = this.doRefresh(environment, abort.signal).finally(() => {
        if (this.inFlight?.promise === promise) {
          this.inFlight = undefined;
        }
      });
      this.inFlight = { environment, promise, abort };
    }
    const flight = this.inFlight as { promise: Promise<RefreshOutcome>; abort: AbortController };
    if (givenSignal) {
      const signal = givenSignal;
      return new Promise<RefreshOutcome>((resolve) => {
        const onAbort = () => {
          flight.abort.abort();
          resolve({ ok: false, environment: environment.name, cancelled: true, reason: 'Cancelled.' });
        };
        if (signal.aborted) {
          onAbort();
          return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        void flight.promise.then((outcome) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        });
      });
    }
    return flight.promise;
  }

  /**
   * Resolves once nothing is under way: the active environment followed (cache read) and any
   * refresh finished with its schema in use. For callers that must act on the settled schema.
   */
  async idle(): Promise<void> {
    for (;;) {
      const chain = this.syncChain;
      const flight = this.inFlight?.promise;
      await chain.catch(() => undefined);
      await flight?.catch(() => undefined);
      if (chain === this.syncChain && this.inFlight === undefined) {
        return;
      }
    }
  }

  /**
   * Whether a failure should be announced to the user: not while a person waits for a refresh
   * they started (that command tells the outcome), and once per streak of the same reason.
   */
  shouldAnnounceFailure(reason: string): boolean {
    if (this.interactiveRefreshes > 0 || this.lastShownFailure === reason) {
      return false;
    }
    this.lastShownFailure = reason;
    return true;
  }

  /** Follows the active environment and session, one change at a time (events can come in bursts). */
  private syncActive(): Promise<void> {
    this.syncChain = this.syncChain.then(
      () => this.syncActiveNow(),
      () => this.syncActiveNow(),
    );
    return this.syncChain;
  }

  /** Cache first, then introspection when needed. */
  private async syncActiveNow(): Promise<void> {
    const active = this.deps.activeEnvironment();
    const sessionId = active ? await active.sessionId() : undefined;
    const environment: SchemaEnvironment | undefined = active && { name: active.name, key: active.key };
    if (this.disposed) {
      return;
    }
    const envChanged = environment?.key !== this.environment?.key;
    const sessionChanged = sessionId !== this.sessionId;
    this.sessionId = sessionId;
    if (!envChanged && environment && environment.name !== this.environment?.name) {
      // Another name for the same server (and so the same schema): only the label changes.
      this.environment = environment;
      if (this.snapshot) {
        this.setSnapshot({ ...this.snapshot, label: environment.name });
      }
    }
    if (envChanged) {
      this.environment = environment;
      this.inFlight?.abort.abort();
      this.inFlight = undefined;
      const generation = ++this.generation;
      this.lastShownFailure = undefined;
      this.setSnapshot(undefined);
      if (!environment) {
        this.setState({ kind: 'noEnvironment' });
        return;
      }
      this.setState({ kind: 'loading' });
      await this.loadFromCache(environment, generation);
      if (generation !== this.generation) {
        return;
      }
    }
    if (!environment) {
      return;
    }
    if (!sessionId) {
      this.setState({ kind: 'notSignedIn' });
      return;
    }
    const fresh = this.snapshot?.fetchedAt ? schemaCacheFreshness({ fetchedAt: this.snapshot.fetchedAt.toISOString() }, this.now(), this.deps.ttlMs()) === 'fresh' : false;
    if (sessionChanged && this.stateValue.kind === 'notSignedIn') {
      this.setState(this.snapshot ? { kind: 'ready' } : { kind: 'loading' });
    }
    // A new session (sign-in, switch of account) or a stale/missing cache: introspect in the background.
    // A different user may see a different schema on some tenants, so a new session refreshes too.
    if (envChanged || sessionChanged || !fresh) {
      void this.refresh();
    } else {
      this.scheduleTtl();
    }
  }

  private async loadFromCache(environment: SchemaEnvironment, generation: number): Promise<void> {
    const started = this.now();
    const cached = await loadSchemaFromCache(this.deps.storageDir, environment.key);
    if (generation !== this.generation || this.disposed) {
      return;
    }
    if (!cached.ok) {
      this.logger.info(`"${environment.name}": ${cached.reason}`);
      return;
    }
    const { record, schema, warnings } = cached.value;
    this.logger.info(`"${environment.name}": schema loaded from the cache (fetched ${record.fetchedAt}, sha256 ${record.sha256.slice(0, 12)}) in ${this.now() - started} ms`);
    this.logWarnings(environment.name, warnings);
    this.setSnapshot(environmentSnapshot(this.deps.storageDir, environment, 'cache', schema, record, warnings));
    this.setState({ kind: 'ready' });
  }

  private async doRefresh(env: SchemaEnvironment, signal: AbortSignal): Promise<RefreshOutcome> {
    const environment = env.name;
    const generation = this.generation;
    const stale = () => generation !== this.generation || this.disposed;
    if (!this.snapshot) {
      this.setState({ kind: 'loading' });
    }
    try {
      const fetched = await introspectToCache(this.deps, env, signal, stale, () => new Date(this.now()));
      if (!fetched || stale()) {
        return { ok: false, environment, cancelled: true, reason: 'The environment changed.' };
      }
      const { loaded, record } = fetched;
      const previous = this.snapshot;
      const changed = previous?.sha256 !== record.sha256;
      this.logger.info(`"${environment}": introspection ${changed ? 'brought a new schema' : 'unchanged'} (sha256 ${record.sha256.slice(0, 12)})`);
      this.logWarnings(environment, loaded.warnings);
      this.lastShownFailure = undefined;
      // An unchanged schema keeps its object, so nothing built on it is rebuilt.
      const snapshot = environmentSnapshot(this.deps.storageDir, env, 'introspection', !changed && previous ? previous.schema : loaded.schema, record, loaded.warnings);
      this.setSnapshot(snapshot);
      this.setState({ kind: 'ready' });
      this.scheduleTtl();
      return {
        ok: true,
        environment,
        changed,
        source: snapshot.source,
        fetchedAt: record.fetchedAt,
        sha256: record.sha256,
        cacheFile: snapshot.file,
        warnings: loaded.warnings,
      };
    } catch (err) {
      const kept = this.snapshot;
      const base = { ok: false, environment, source: kept?.source, sha256: kept?.sha256, fetchedAt: kept?.fetchedAt?.toISOString(), cacheFile: kept?.file } as const;
      if (err instanceof CancelledError || signal.aborted) {
        if (!stale()) {
          this.setState(kept ? { kind: 'ready' } : { kind: 'idle' });
        }
        return { ...base, cancelled: true, reason: 'Cancelled.' };
      }
      if (this.deps.isNotSignedIn(err)) {
        if (!stale()) {
          this.setState({ kind: 'notSignedIn' });
        }
        return { ...base, notSignedIn: true, reason: errorMessage(err) };
      }
      const reason = errorMessage(err);
      this.logger.warn(`"${environment}": introspection failed, ${kept ? 'keeping the last good schema' : 'no schema yet'}: ${reason}`);
      if (!stale()) {
        this.setState({ kind: 'failed', reason });
        this.scheduleTtl();
      }
      return { ...base, reason };
    }
  }

  private logWarnings(environment: string, warnings: readonly string[]): void {
    if (warnings.length > 0) {
      this.logger.warn(`"${environment}": the schema has ${warnings.length} problem(s), tolerated: ${warnings.slice(0, 5).join(' | ')}`);
    }
  }

  /** Refreshes again when the schema in use reaches the TTL (or retries after the TTL on failure). */
  private scheduleTtl(): void {
    this.ttlTimer?.dispose();
    const ttl = this.deps.ttlMs();
    const fetched = this.snapshot?.fetchedAt?.getTime() ?? this.now();
    const due = Math.max(60_000, Math.min(ttl, fetched + ttl - this.now()));
    this.ttlTimer = this.timers.setTimeout(() => {
      this.ttlTimer = undefined;
      if (this.sessionId) {
        void this.refresh();
      }
    }, due);
  }

  private setSnapshot(snapshot: SchemaSnapshot | undefined): void {
    const before = this.snapshot;
    this.snapshot = snapshot;
    if (before === undefined && snapshot === undefined) {
      // Nothing before and nothing now (a start or a switch that found no schema yet): no change to tell.
      return;
    }
    if (before?.schema !== snapshot?.schema) {
      this.changed.fire(snapshot);
    } else {
      // Same schema, newer time: the status bar wants to know, the providers do not rebuild.
      this.stateChanged.fire(this.stateValue);
    }
  }

  private setState(state: SchemaState): void {
    this.stateValue = state;
    this.stateChanged.fire(state);
  }

  private now(): number {
    return this.clock.now();
  }

  dispose(): void {
    this.disposed = true;
    this.inFlight?.abort.abort();
    this.ttlTimer?.dispose();
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}
