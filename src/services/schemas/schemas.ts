import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { EnvironmentSchema, type SchemaEnvironment } from '../../core/schema/environmentSchema';
import { EnvironmentSchemas } from '../../core/schema/environmentSchemas';
import { CancelledError, errorMessage } from '../../core/errors';
import { INTROSPECTION_QUERY, schemaFilesVersion } from '../../core/schema/loadSchema';
import { printSchemaWithLocations, type SchemaSdlView } from '../../core/schema/sdlView';
import type { RefreshOutcome, SchemaSnapshot, SchemaState } from '../../core/schema/schemaSnapshot';
import type { Logger } from '../../core/logger';
import type { SchemaSource } from '../../core/codegen/protocol';
import { FolderSchemas, type FolderSchemaEntry, type FolderSchemaProblem } from './folderSchemas';

/** A new version of the environment's schema replaced another one (a refresh, or another environment). */
export interface SchemaVersionChange {
  /** The schema in use before (the previous environment's, after a switch). */
  readonly previous: SchemaSnapshot;
  readonly current: SchemaSnapshot;
}

/** Introspection can be large and slow on big tenants: it waits this many times a run's timeout. */
export const INTROSPECTION_TIMEOUT_FACTOR = 4;

/** What the schemas service needs from the auth and GraphQL services and the settings. */
export interface SchemasDeps {
  /** Folder of the per-environment cache files (`context.globalStorageUri`). */
  readonly storageDir: string;
  readonly logger: Logger;
  /** The active environment's name and server key (its schema is cached per server): the active editor's folder's. */
  activeEnvironment(): SchemaEnvironment | undefined;
  /** Every environment in use: each workspace folder's active one (in a multi-root workspace folders may differ). */
  environmentsInUse(): readonly SchemaEnvironment[];
  /** The environment a document uses (its folder's). */
  environmentFor(uri: vscode.Uri): SchemaEnvironment | undefined;
  /** The folder whose environment is the active one (undefined in a single-folder window): tells a switch of environment from a switch of folder. */
  activeFolder(): string | undefined;
  /** The session requests to an environment would use now; undefined when none, or when nothing may be sent (Restricted Mode, a server not allowed). */
  sessionIdOf(environment: SchemaEnvironment): Promise<string | undefined>;
  readonly onDidChangeActive: vscode.Event<unknown>;
  /** Runs a GraphQL request against an environment in use (the authenticated client). */
  execute(request: { query: string; operationName?: string; signal: AbortSignal; timeoutMs: number; environment: SchemaEnvironment }): Promise<{ body: unknown }>;
  /** Whether an error of `execute` means nobody is signed in. */
  isNotSignedIn(err: unknown): boolean;
  /** The cache lifetime in milliseconds (read on every use). */
  ttlMs(): number;
  /** A run's timeout (`tenantGraphql.requestTimeoutSeconds`), in ms; introspection waits {@link INTROSPECTION_TIMEOUT_FACTOR} times as long. */
  requestTimeoutMs(): number;
}

/**
 * The schemas service: the active environment's schema (disk cache, introspection with a
 * timeout, TTL refresh; the state machine is {@link EnvironmentSchema} in core) and the
 * graphql-config schemas of workspace folders. Features ask it `schemaFor(uri)` and listen to
 * `onDidChange`; it is the one place that introspects.
 */
export class Schemas implements vscode.Disposable {
  /** The environments' schemas (one state machine in core per environment in use), the active one's in front. */
  readonly environment: EnvironmentSchemas;
  private readonly folders: FolderSchemas;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly versionChanged = new vscode.EventEmitter<SchemaVersionChange>();
  /** The last active environment schema (kept while none is, e.g. during a switch of environment), and the folder it was active for. */
  private lastActive: { snapshot: SchemaSnapshot; folder: string | undefined } | undefined;
  /** The last schema of each environment in use, by server key. */
  private readonly lastByKey = new Map<string, SchemaSnapshot>();
  private readonly environmentFor: (uri: vscode.Uri) => SchemaEnvironment | undefined;
  private readonly views = new WeakMap<GraphQLSchema, SchemaSdlView>();
  private readonly folderVersions = new WeakMap<SchemaSnapshot, string>();
  private folderVersionCount = 0;
  private readonly storageDir: string;
  private readonly disposables: vscode.Disposable[] = [];
  /** Fires when any schema in use changed (a new version, another environment, a folder config). */
  readonly onDidChange = this.changed.event;
  /**
   * Fires before {@link onDidChange} when a new environment schema replaced another one (not when
   * the first one loads): what schema-change notices and workspace re-validation follow.
   */
  readonly onDidChangeVersion = this.versionChanged.event;
  /** Fires when a folder's graphql-config schema has a problem worth telling (the feature shows it). */
  readonly onDidReportFolderProblem: vscode.Event<FolderSchemaProblem>;

  constructor(deps: SchemasDeps) {
    this.storageDir = deps.storageDir;
    this.environmentFor = deps.environmentFor;
    this.environment = new EnvironmentSchemas({
      active: deps.activeEnvironment,
      inUse: deps.environmentsInUse,
      onDidChangeActive: deps.onDidChangeActive,
      onStartFailed: (key, err) => deps.logger.warn(`[schema] the schema of ${key} could not start: ${errorMessage(err)}`),
      create: (environment) =>
        new EnvironmentSchema({
          storageDir: deps.storageDir,
          logger: deps.logger,
          activeEnvironment: () => {
            const env = environment();
            return env && { ...env, sessionId: () => deps.sessionIdOf(env) };
          },
          onDidChangeActive: deps.onDidChangeActive,
          introspect: async (signal) => {
            const env = environment();
            if (!env) {
              throw new CancelledError();
            }
            const timeoutMs = deps.requestTimeoutMs() * INTROSPECTION_TIMEOUT_FACTOR;
            return (await deps.execute({ query: INTROSPECTION_QUERY, operationName: 'IntrospectionQuery', signal, timeoutMs, environment: env })).body;
          },
          isNotSignedIn: deps.isNotSignedIn,
          ttlMs: deps.ttlMs,
        }),
    });
    this.folders = new FolderSchemas(deps.logger);
    this.onDidReportFolderProblem = this.folders.onDidReportProblem;
    this.disposables.push(
      this.changed,
      this.versionChanged,
      this.environment,
      this.folders,
      // A new version of one environment's schema.
      this.environment.onDidChangeAnySchema(({ key, snapshot, active }) => {
        const previous = this.lastByKey.get(key);
        if (snapshot) {
          this.lastByKey.set(key, snapshot);
          // The same content read again (an environment used again after a while) is no new version.
          if (previous && previous.schema !== snapshot.schema && previous.sha256 !== snapshot.sha256) {
            this.versionChanged.fire({ previous, current: snapshot });
          }
        }
        // The active environment's change is told once, by onDidChangeSchema (which follows at once).
        if (!active) {
          this.changed.fire();
        }
      }),
      // Another environment for the same folder (Switch Environment), not the active editor moving to another folder.
      this.environment.onDidChangeSchema((snapshot) => {
        if (!snapshot) {
          this.changed.fire();
          return;
        }
        const folder = deps.activeFolder();
        const previous = this.lastActive;
        this.lastActive = { snapshot, folder };
        if (previous && previous.snapshot.key !== snapshot.key && previous.folder === folder && previous.snapshot.schema !== snapshot.schema) {
          this.versionChanged.fire({ previous: previous.snapshot, current: snapshot });
        }
        this.changed.fire();
      }),
      this.folders.onDidChange(() => this.changed.fire()),
      // An environment no folder uses any more: its last schema is not kept alive here either.
      this.environment.onDidDropEnvironment((key) => this.lastByKey.delete(key)),
    );
  }

  /** Reads the folders' graphql-configs, then the environment's cached schema (refreshing it when needed). */
  async start(): Promise<void> {
    await this.folders.start();
    await this.environment.start();
  }

  /** The active environment's schema, or undefined when none is loaded. */
  current(): SchemaSnapshot | undefined {
    return this.environment.current();
  }

  /** The schema a document uses: its folder's graphql-config schema, else its folder's environment's. */
  schemaFor(uri: vscode.Uri): SchemaSnapshot | undefined {
    return this.folders.forUri(uri)?.snapshot ?? this.environmentSchemaFor(uri);
  }

  /** The schema of the environment a document uses (its folder's), if loaded. */
  private environmentSchemaFor(uri: vscode.Uri): SchemaSnapshot | undefined {
    const env = this.environmentFor(uri);
    return env ? this.environment.schemaOf(env.key) : this.environment.current();
  }

  /** The graphql-config entry of the folder holding `uri`, if that folder has one. */
  folderEntryFor(uri: vscode.Uri): FolderSchemaEntry | undefined {
    return this.folders.forUri(uri);
  }

  /** A schema in use by its key (`env:<server key>` or `folder:<uri>`). */
  snapshotByKey(key: string): SchemaSnapshot | undefined {
    return this.environment.all().find((s) => s.key === key) ?? this.folders.byKey(key);
  }

  /** Every schema in use (folder schemas, then the environments'). */
  all(): SchemaSnapshot[] {
    return [...this.folders.all().map((e) => e.snapshot), ...this.environment.all()];
  }

  /**
   * Where a process of its own (the types worker) can load the same schema: the environment's
   * cache file at this version (its sha256), or a folder's schema files. Undefined when neither
   * is known.
   */
  sourceOf(snapshot: SchemaSnapshot): SchemaSource | undefined {
    if (snapshot.key.startsWith('env:') && snapshot.sha256) {
      return { key: snapshot.key, version: snapshot.sha256, cache: { dir: this.storageDir, environment: snapshot.key.slice('env:'.length) } };
    }
    if (snapshot.files && snapshot.files.length > 0) {
      // The hash of what the host read: the language worker refuses files that hold something else now.
      let version = snapshot.filesSha256 ? schemaFilesVersion(snapshot.filesSha256) : this.folderVersions.get(snapshot);
      if (!version) {
        version = `load-${++this.folderVersionCount}`;
        this.folderVersions.set(snapshot, version);
      }
      return { key: snapshot.key, version, files: snapshot.files };
    }
    return undefined;
  }

  /** The printed SDL of a schema and the line of each definition (printed once per schema version). */
  sdlViewOf(schema: GraphQLSchema): SchemaSdlView {
    let view = this.views.get(schema);
    if (!view) {
      view = printSchemaWithLocations(schema);
      this.views.set(schema, view);
    }
    return view;
  }

  /**
   * An environment's schema for a run's variables: `environment`'s when given (Run on Another
   * Environment), else the document's environment's (its folder's), else the active one's: the
   * loaded one, else the outcome of a refresh (joining one in flight). Undefined when it cannot be
   * had now (or `environment` is in use by no folder): variables are then checked without a schema
   * and the Service has the last word.
   */
  async environmentSchema(signal?: AbortSignal, uri?: vscode.Uri, environment?: SchemaEnvironment): Promise<GraphQLSchema | undefined> {
    const env = environment ?? (uri ? this.environmentFor(uri) : undefined);
    const read = () => (env ? this.environment.schemaOf(env.key) : this.environment.current());
    const loaded = read();
    if (loaded || !(env ?? this.environment.environmentName)) {
      return loaded?.schema;
    }
    await this.environment.refresh({ signal, key: env?.key });
    return read()?.schema;
  }

  /** Introspects the active environment now (see {@link EnvironmentSchema.refresh}). */
  refresh(options: { signal?: AbortSignal; interactive?: boolean } = {}): Promise<RefreshOutcome> {
    return this.environment.refresh(options);
  }

  /** What the environment schema is doing now. */
  get state(): SchemaState {
    return this.environment.state;
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
