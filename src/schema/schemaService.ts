import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { CancelledError, errorMessage } from '../core/errors';
import { taggedLogger, type Logger } from '../core/logger';
import { schemaFromIntrospection } from '../core/schema/loadSchema';
import { loadSchemaFromCache, schemaCacheFile, schemaCacheFreshness, writeSchemaCache } from '../core/schema/schemaCache';

/** Where a schema in use came from. */
export type SchemaSource = 'cache' | 'introspection' | 'file';

/** One schema version in use: the schema plus what the status bar, tooltip and log say about it. */
export interface SchemaSnapshot {
  readonly schema: GraphQLSchema;
  readonly source: SchemaSource;
  /** Environment name, or the workspace folder name for a graphql-config schema. */
  readonly label: string;
  /** `env:<name>` or `folder:<uri>`: stable across versions of the same schema source. */
  readonly key: string;
  /** When the introspection was fetched (environment schemas). */
  readonly fetchedAt?: Date;
  /** SHA-256 of the introspection JSON (environment schemas). */
  readonly sha256?: string;
  /** The cache file (environment schemas) or the schema file (graphql-config). */
  readonly file?: string;
  /** Tolerated problems of the schema source (duplicate fields, validation errors). */
  readonly warnings: readonly string[];
}

/** What the schema of the active environment is doing now. */
export type SchemaState =
  | { readonly kind: 'noEnvironment' }
  | { readonly kind: 'loading' }
  /** Nothing loaded and nothing running (a refresh was cancelled). */
  | { readonly kind: 'idle' }
  | { readonly kind: 'ready' }
  | { readonly kind: 'notSignedIn' }
  | { readonly kind: 'failed'; readonly reason: string };

/** Outcome of a refresh, token-free (also the result of the Refresh Schema command). */
export interface RefreshOutcome {
  readonly ok: boolean;
  readonly environment?: string;
  /** Why the refresh failed; the last good schema (if any) stays in use. */
  readonly reason?: string;
  readonly notSignedIn?: boolean;
  readonly cancelled?: boolean;
  /** The introspection result differed from the schema in use. */
  readonly changed?: boolean;
  readonly source?: SchemaSource;
  readonly fetchedAt?: string;
  readonly sha256?: string;
  readonly cacheFile?: string;
  readonly warnings?: readonly string[];
}

/** What the schema service needs from the rest of the extension (narrow, so tests can fake it). */
export interface SchemaServiceDeps {
  /** Folder of the per-environment cache files (`context.globalStorageUri`). */
  readonly storageDir: string;
  readonly logger: Logger;
  /** Name of the active environment, if any. */
  activeEnvironment(): string | undefined;
  /** Id of the session requests use now, or undefined when not signed in. */
  activeSessionId(): Promise<string | undefined>;
  /** Fires when the active environment or its session may have changed. */
  readonly onDidChangeActive: vscode.Event<unknown>;
  /** Runs the introspection query against the active environment and returns the response body. */
  introspect(signal: AbortSignal): Promise<unknown>;
  /** Whether an error of `introspect` means nobody is signed in (a state, not a failure). */
  isNotSignedIn(err: unknown): boolean;
  /** The cache lifetime in milliseconds (read on every use: the setting can change). */
  ttlMs(): number;
  now?(): number;
}

/**
 * The schema of the active environment: loaded from the disk cache at start (works offline),
 * refreshed by introspection after sign-in, on environment change, when the cache is older than
 * the TTL, and on demand. A failed refresh keeps the last good schema and records why.
 */
export class SchemaService implements vscode.Disposable {
  private readonly logger: Logger;
  private readonly changed = new vscode.EventEmitter<SchemaSnapshot | undefined>();
  private readonly stateChanged = new vscode.EventEmitter<SchemaState>();
  private readonly disposables: vscode.Disposable[] = [];
  private snapshot: SchemaSnapshot | undefined;
  private stateValue: SchemaState = { kind: 'loading' };
  private environment: string | undefined;
  private sessionId: string | undefined;
  private inFlight: { environment: string; promise: Promise<RefreshOutcome>; abort: AbortController } | undefined;
  private ttlTimer: NodeJS.Timeout | undefined;
  private generation = 0;
  private disposed = false;
  private lastShownFailure: string | undefined;
  private syncChain: Promise<void> = Promise.resolve();

  /** Fires when the schema in use changes (a new version, or another environment's). */
  readonly onDidChangeSchema = this.changed.event;
  /** Fires when the state (loading, not signed in, failed, ready) changes. */
  readonly onDidChangeState = this.stateChanged.event;

  constructor(private readonly deps: SchemaServiceDeps) {
    this.logger = taggedLogger(deps.logger, 'schema');
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
    return this.environment;
  }

  /** Loads the cached schema of the active environment and refreshes it if it is stale or missing. */
  async start(): Promise<void> {
    await this.syncActive();
  }

  /**
   * Fetches the schema by introspection now. A refresh already running for the same environment
   * is joined, not repeated. Never throws: the outcome says what happened.
   */
  refresh(options: { signal?: AbortSignal } = {}): Promise<RefreshOutcome> {
    const environment = this.environment;
    if (!environment) {
      return Promise.resolve({ ok: false, reason: 'No Tenant GraphQL environment is configured.' });
    }
    if (this.inFlight?.environment !== environment) {
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
    if (options.signal) {
      const signal = options.signal;
      return new Promise<RefreshOutcome>((resolve) => {
        const onAbort = () => {
          flight.abort.abort();
          resolve({ ok: false, environment, cancelled: true, reason: 'Cancelled.' });
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

  /** Reason of the last failure shown to the user, so a background failure is announced once per streak. */
  shouldAnnounceFailure(reason: string): boolean {
    if (this.lastShownFailure === reason) {
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
    const environment = this.deps.activeEnvironment();
    const sessionId = environment ? await this.deps.activeSessionId() : undefined;
    if (this.disposed) {
      return;
    }
    const envChanged = environment !== this.environment;
    const sessionChanged = sessionId !== this.sessionId;
    this.sessionId = sessionId;
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
    const fresh = this.snapshot?.fetchedAt
      ? schemaCacheFreshness({ fetchedAt: this.snapshot.fetchedAt.toISOString() }, this.now(), this.deps.ttlMs()) === 'fresh'
      : false;
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

  private async loadFromCache(environment: string, generation: number): Promise<void> {
    const started = this.now();
    const cached = await loadSchemaFromCache(this.deps.storageDir, environment);
    if (generation !== this.generation || this.disposed) {
      return;
    }
    if (!cached.ok) {
      this.logger.info(`"${environment}": ${cached.reason}`);
      return;
    }
    const { record, schema, warnings } = cached.value;
    this.logger.info(`"${environment}": schema loaded from the cache (fetched ${record.fetchedAt}, sha256 ${record.sha256.slice(0, 12)}) in ${this.now() - started} ms`);
    this.logWarnings(environment, warnings);
    this.setSnapshot({
      schema,
      source: 'cache',
      label: environment,
      key: `env:${environment}`,
      fetchedAt: new Date(record.fetchedAt),
      sha256: record.sha256,
      file: schemaCacheFile(this.deps.storageDir, environment),
      warnings,
    });
    this.setState({ kind: 'ready' });
  }

  private async doRefresh(environment: string, signal: AbortSignal): Promise<RefreshOutcome> {
    const generation = this.generation;
    const stale = () => generation !== this.generation || this.disposed;
    if (!this.snapshot) {
      this.setState({ kind: 'loading' });
    }
    try {
      const body = await this.deps.introspect(signal);
      if (stale()) {
        return { ok: false, environment, cancelled: true, reason: 'The environment changed.' };
      }
      const loaded = schemaFromIntrospection(body);
      const record = await writeSchemaCache(this.deps.storageDir, environment, body, new Date(this.now()));
      if (stale()) {
        return { ok: false, environment, cancelled: true, reason: 'The environment changed.' };
      }
      const previous = this.snapshot;
      const changed = previous?.sha256 !== record.sha256;
      this.logger.info(`"${environment}": introspection ${changed ? 'brought a new schema' : 'unchanged'} (sha256 ${record.sha256.slice(0, 12)})`);
      this.logWarnings(environment, loaded.warnings);
      this.lastShownFailure = undefined;
      const snapshot: SchemaSnapshot = {
        // An unchanged schema keeps its object, so nothing built on it is rebuilt.
        schema: !changed && previous ? previous.schema : loaded.schema,
        source: 'introspection',
        label: environment,
        key: `env:${environment}`,
        fetchedAt: new Date(record.fetchedAt),
        sha256: record.sha256,
        file: schemaCacheFile(this.deps.storageDir, environment),
        warnings: loaded.warnings,
      };
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
    if (this.ttlTimer) {
      clearTimeout(this.ttlTimer);
    }
    const ttl = this.deps.ttlMs();
    const fetched = this.snapshot?.fetchedAt?.getTime() ?? this.now();
    const due = Math.max(60_000, Math.min(ttl, fetched + ttl - this.now()));
    this.ttlTimer = setTimeout(() => {
      this.ttlTimer = undefined;
      if (this.sessionId) {
        void this.refresh();
      }
    }, due);
    this.ttlTimer.unref?.();
  }

  private setSnapshot(snapshot: SchemaSnapshot | undefined): void {
    const before = this.snapshot;
    this.snapshot = snapshot;
    if (before?.schema !== snapshot?.schema || before === undefined || snapshot === undefined) {
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
    return this.deps.now?.() ?? Date.now();
  }

  dispose(): void {
    this.disposed = true;
    this.inFlight?.abort.abort();
    if (this.ttlTimer) {
      clearTimeout(this.ttlTimer);
    }
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
