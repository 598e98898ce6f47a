import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { EnvironmentSchema, type ActiveEnvironment } from '../core/schema/environmentSchema';
import { INTROSPECTION_QUERY } from '../core/schema/loadSchema';
import { printSchemaWithLocations, type SchemaSdlView } from '../core/schema/sdlView';
import type { RefreshOutcome, SchemaSnapshot, SchemaState } from '../core/schema/schemaSnapshot';
import type { Logger } from '../core/logger';
import type { SchemaSource } from '../core/codegen/protocol';
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
  /**
   * The active environment's name and server key (its schema is cached per server), with the
   * session its requests would use (undefined when none, or when nothing may be sent: Restricted
   * Mode, a server not allowed).
   */
  activeEnvironment(): ActiveEnvironment | undefined;
  readonly onDidChangeActive: vscode.Event<unknown>;
  /** Runs a GraphQL request against the active environment (the authenticated client). */
  execute(request: { query: string; operationName?: string; signal: AbortSignal; timeoutMs: number }): Promise<{ body: unknown }>;
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
  /** The active environment's schema (state machine in core). */
  readonly environment: EnvironmentSchema;
  private readonly folders: FolderSchemas;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly versionChanged = new vscode.EventEmitter<SchemaVersionChange>();
  /** The last environment schema in use (kept while none is, e.g. during a switch of environment). */
  private lastEnvironment: SchemaSnapshot | undefined;
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
    this.environment = new EnvironmentSchema({
      storageDir: deps.storageDir,
      logger: deps.logger,
      activeEnvironment: deps.activeEnvironment,
      onDidChangeActive: deps.onDidChangeActive,
      introspect: async (signal) =>
        (await deps.execute({ query: INTROSPECTION_QUERY, operationName: 'IntrospectionQuery', signal, timeoutMs: deps.requestTimeoutMs() * INTROSPECTION_TIMEOUT_FACTOR })).body,
      isNotSignedIn: deps.isNotSignedIn,
      ttlMs: deps.ttlMs,
    });
    this.folders = new FolderSchemas(deps.logger);
    this.onDidReportFolderProblem = this.folders.onDidReportProblem;
    this.disposables.push(
      this.changed,
      this.versionChanged,
      this.environment,
      this.folders,
      this.environment.onDidChangeSchema((snapshot) => {
        const previous = this.lastEnvironment;
        if (snapshot) {
          this.lastEnvironment = snapshot;
          if (previous && previous.schema !== snapshot.schema) {
            this.versionChanged.fire({ previous, current: snapshot });
          }
        }
        this.changed.fire();
      }),
      this.folders.onDidChange(() => this.changed.fire()),
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

  /** The schema a document uses: its folder's graphql-config schema, else the environment's. */
  schemaFor(uri: vscode.Uri): SchemaSnapshot | undefined {
    return this.folders.forUri(uri)?.snapshot ?? this.environment.current();
  }

  /** The graphql-config entry of the folder holding `uri`, if that folder has one. */
  folderEntryFor(uri: vscode.Uri): FolderSchemaEntry | undefined {
    return this.folders.forUri(uri);
  }

  /** A schema in use by its key (`env:<name>` or `folder:<uri>`). */
  snapshotByKey(key: string): SchemaSnapshot | undefined {
    const env = this.environment.current();
    return env?.key === key ? env : this.folders.byKey(key);
  }

  /** Every schema in use (folder schemas, then the environment's). */
  all(): SchemaSnapshot[] {
    const env = this.environment.current();
    return [...this.folders.all().map((e) => e.snapshot), ...(env ? [env] : [])];
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
      let version = this.folderVersions.get(snapshot);
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
   * The active environment's schema for a run's variables: the loaded one, else the outcome of a
   * refresh (joining one in flight). Undefined when it cannot be had now: variables are then
   * checked without a schema and the Service has the last word.
   */
  async environmentSchema(signal?: AbortSignal): Promise<GraphQLSchema | undefined> {
    const loaded = this.environment.current();
    if (loaded || !this.environment.environmentName) {
      return loaded?.schema;
    }
    await this.environment.refresh({ signal });
    return this.environment.current()?.schema;
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
