import type { Disposable } from '../clock';
import { Emitter, type Event } from '../events';
import type { EnvironmentSchema, SchemaEnvironment } from './environmentSchema';
import type { RefreshOutcome, SchemaSnapshot, SchemaState } from './schemaSnapshot';

/** What the set of environment schemas needs: which environments are in use, and how to make the schema of one. */
export interface EnvironmentSchemasDeps {
  /** The active environment (the active editor's folder's), if any. */
  active(): SchemaEnvironment | undefined;
  /** Every environment in use (each workspace folder's active one); the active one among them. */
  inUse(): readonly SchemaEnvironment[];
  /** Fires when the active environment, a folder's environment or a session may have changed. */
  readonly onDidChangeActive: Event<unknown>;
  /** The schema of one environment: it follows `environment()` (the same server, perhaps renamed; undefined once unused). */
  create(environment: () => SchemaEnvironment | undefined): EnvironmentSchema;
  /** Told when a schema made after start failed to start (its session could not be read); optional. */
  onStartFailed?(key: string, err: unknown): void;
}

/** A new schema of an environment, or the active environment changed. */
export interface EnvironmentSchemaChange {
  /** The server key of the environment whose schema changed. */
  readonly key: string;
  readonly snapshot: SchemaSnapshot | undefined;
  /** True when it is the active environment's: {@link EnvironmentSchemas.onDidChangeSchema} fires for it right after. */
  readonly active: boolean;
}

/**
 * The schemas of the environments in use: one {@link EnvironmentSchema} per server (in a
 * multi-root workspace each folder may use another environment), and the active one's schema,
 * state and events as if it were a single one. Switching the active editor between folders
 * switches which schema is "active" without loading or introspecting anything again.
 */
export class EnvironmentSchemas implements Disposable {
  private readonly entries = new Map<string, { schema: EnvironmentSchema; subscriptions: Disposable[] }>();
  private readonly schemaChanged = new Emitter<SchemaSnapshot | undefined>();
  private readonly stateChanged = new Emitter<SchemaState>();
  private readonly anyChanged = new Emitter<EnvironmentSchemaChange>();
  private readonly activeChanged = new Emitter<{ previous: SchemaSnapshot | undefined; current: SchemaSnapshot | undefined }>();
  private readonly dropped = new Emitter<string>();
  private readonly subscription: Disposable;
  private activeKey: string | undefined;
  private started = false;
  private disposed = false;

  /** Fires when the active environment's schema changes (a new version, or another environment became active). */
  readonly onDidChangeSchema = this.schemaChanged.event;
  /** Fires when the active environment's schema state changes, or another environment became active. */
  readonly onDidChangeState = this.stateChanged.event;
  /** Fires when the schema of any environment in use changes (the active one's included). */
  readonly onDidChangeAnySchema = this.anyChanged.event;
  /** Fires with the server key of an environment no folder uses any more (its schema is let go). */
  readonly onDidDropEnvironment = this.dropped.event;
  /** Fires when another environment became the active one (with both schemas, either may be missing). */
  readonly onDidChangeActiveEnvironment = this.activeChanged.event;

  constructor(private readonly deps: EnvironmentSchemasDeps) {
    this.subscription = deps.onDidChangeActive(() => {
      if (this.started) {
        this.sync();
      }
    });
  }

  /** Makes the schema of every environment in use (cache first, then introspection when needed). */
  async start(): Promise<void> {
    // The entries first, then each started once here (sync starts only those made later).
    this.sync();
    this.started = true;
    await Promise.all([...this.entries.values()].map((e) => e.schema.start()));
    this.stateChanged.fire(this.state);
  }

  /** Creates the schemas of environments newly in use, drops the unused ones, follows the active one. */
  private sync(): void {
    if (this.disposed) {
      return;
    }
    const inUse = new Map(this.deps.inUse().map((e) => [e.key, e]));
    const active = this.deps.active();
    if (active) {
      inUse.set(active.key, active);
    }
    for (const [key, entry] of this.entries) {
      if (!inUse.has(key)) {
        this.entries.delete(key);
        entry.subscriptions.forEach((s) => s.dispose());
        entry.schema.dispose();
        this.dropped.fire(key);
      }
    }
    for (const key of inUse.keys()) {
      if (!this.entries.has(key)) {
        const schema = this.deps.create(() => this.environmentOf(key));
        const subscriptions = [
          schema.onDidChangeSchema((snapshot) => {
            const active = key === this.activeKey;
            this.anyChanged.fire({ key, snapshot, active });
            if (active) {
              this.schemaChanged.fire(snapshot);
            }
          }),
          schema.onDidChangeState((state) => {
            if (key === this.activeKey) {
              this.stateChanged.fire(state);
            }
          }),
        ];
        this.entries.set(key, { schema, subscriptions });
        if (this.started) {
          // Its outcome is its state; a failure to read its session must not become an unhandled rejection.
          schema.start().catch((err: unknown) => this.deps.onStartFailed?.(key, err));
        }
      }
    }
    const previous = this.activeKey;
    this.activeKey = active?.key;
    if (previous !== this.activeKey) {
      const before = previous === undefined ? undefined : this.entries.get(previous)?.schema.current();
      const current = this.current();
      this.activeChanged.fire({ previous: before, current });
      this.schemaChanged.fire(current);
      this.stateChanged.fire(this.state);
    }
  }

  /** The environment (as now named) of a server key in use, if it still is. */
  private environmentOf(key: string): SchemaEnvironment | undefined {
    const active = this.deps.active();
    return active?.key === key ? active : this.deps.inUse().find((e) => e.key === key);
  }

  private get active(): EnvironmentSchema | undefined {
    return this.activeKey === undefined ? undefined : this.entries.get(this.activeKey)?.schema;
  }

  /** The schema of an environment in use (by its server key), if it is loaded. */
  schemaOf(key: string): SchemaSnapshot | undefined {
    return this.entries.get(key)?.schema.current();
  }

  /** The loaded schema of every environment in use. */
  all(): SchemaSnapshot[] {
    return [...this.entries.values()].map((e) => e.schema.current()).filter((s): s is SchemaSnapshot => s !== undefined);
  }

  /** The schema of the active environment, or undefined when none is loaded. */
  current(): SchemaSnapshot | undefined {
    return this.active?.current();
  }

  /** What the active environment's schema is doing now. */
  get state(): SchemaState {
    if (!this.started) {
      return { kind: 'loading' };
    }
    return this.active?.state ?? { kind: 'noEnvironment' };
  }

  /** The active environment's name, if there is one. */
  get environmentName(): string | undefined {
    return this.active?.environmentName ?? this.deps.active()?.name;
  }

  /** Introspects the active environment now (or the environment with server key `key`). */
  refresh(options: { signal?: AbortSignal; interactive?: boolean; key?: string } = {}): Promise<RefreshOutcome> {
    const schema = options.key === undefined ? this.active : this.entries.get(options.key)?.schema;
    return schema ? schema.refresh(options) : Promise.resolve({ ok: false, reason: 'No Tenant GraphQL environment is configured.' });
  }

  /** See {@link EnvironmentSchema.shouldAnnounceFailure} (the active environment's). */
  shouldAnnounceFailure(reason: string): boolean {
    return this.active?.shouldAnnounceFailure(reason) ?? false;
  }

  /** Resolves once no environment schema in use is loading or refreshing. */
  async idle(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.schema.idle()));
  }

  dispose(): void {
    this.disposed = true;
    this.subscription.dispose();
    for (const entry of this.entries.values()) {
      entry.subscriptions.forEach((s) => s.dispose());
      entry.schema.dispose();
    }
    this.entries.clear();
    this.schemaChanged.dispose();
    this.stateChanged.dispose();
    this.anyChanged.dispose();
    this.activeChanged.dispose();
    this.dropped.dispose();
  }
}
