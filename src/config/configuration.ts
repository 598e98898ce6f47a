import * as vscode from 'vscode';
import { parseEnvironments, type Environment } from '../core/auth/environments';
import { isTagList } from '../core/embedded/templates';
import { parseFolderTypesSettings, type FolderTypesSettings } from '../core/codegen/typesSettings';

/** The extension's settings, read once per change, validated and frozen. */
export interface Settings {
  readonly environments: readonly Environment[];
  /** Problems of `tenantGraphql.environments`, each naming its field. */
  readonly problems: readonly string[];
  /** Name of the active environment (the setting, or the first environment). */
  readonly activeEnvironment: string | undefined;
  /** Minutes after which the cached schema is refreshed in the background (`tenantGraphql.schema.ttlMinutes`). */
  readonly schemaTtlMinutes: number;
  /** Seconds a run waits for the Service's answer (`tenantGraphql.requestTimeoutSeconds`); introspection waits four times as long. */
  readonly requestTimeoutSeconds: number;
}

/** Default of `tenantGraphql.schema.ttlMinutes`. */
const DEFAULT_SCHEMA_TTL_MINUTES = 60;
/** Default of `tenantGraphql.requestTimeoutSeconds`. */
const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

const SECTION = 'tenantGraphql';

function read(builtIn: readonly Environment[]): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const parsed = parseEnvironments(config.get<unknown>('environments'));
  const problems = parsed.problems;
  const environments = [...parsed.environments, ...builtIn.filter((b) => !parsed.environments.some((e) => e.name === b.name))];
  const wanted = config.get<unknown>('activeEnvironment');
  const extraProblems: string[] = [];
  let activeEnvironment: string | undefined;
  if (typeof wanted === 'string' && wanted !== '') {
    if (environments.some((e) => e.name === wanted)) {
      activeEnvironment = wanted;
    } else if (environments.length > 0) {
      extraProblems.push(`tenantGraphql.activeEnvironment names "${wanted}", which is not in tenantGraphql.environments.`);
    }
  } else if (wanted !== undefined && wanted !== null && wanted !== '') {
    extraProblems.push('tenantGraphql.activeEnvironment must be the name of an environment.');
  }
  activeEnvironment ??= environments[0]?.name;
  const ttl = config.get<unknown>('schema.ttlMinutes');
  let schemaTtlMinutes = DEFAULT_SCHEMA_TTL_MINUTES;
  if (typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 1 && ttl <= 10_080) {
    schemaTtlMinutes = ttl;
  } else if (ttl !== undefined && ttl !== null) {
    extraProblems.push(`tenantGraphql.schema.ttlMinutes must be a number of minutes between 1 and 10080; using ${DEFAULT_SCHEMA_TTL_MINUTES}.`);
  }
  const timeout = config.get<unknown>('requestTimeoutSeconds');
  let requestTimeoutSeconds = DEFAULT_REQUEST_TIMEOUT_SECONDS;
  if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 1 && timeout <= 600) {
    requestTimeoutSeconds = timeout;
  } else if (timeout !== undefined && timeout !== null) {
    extraProblems.push(`tenantGraphql.requestTimeoutSeconds must be a number of seconds between 1 and 600; using ${DEFAULT_REQUEST_TIMEOUT_SECONDS}.`);
  }
  const tags = config.get<unknown>('embedded.tags');
  if (tags !== undefined && tags !== null && !isTagList(tags)) {
    extraProblems.push('tenantGraphql.embedded.tags must be a list of tag names such as "gql", "graphql" or "graphql.experimental"; using "gql" and "graphql".');
  }
  return Object.freeze({
    environments: Object.freeze([...environments]),
    problems: Object.freeze([...problems, ...extraProblems]),
    activeEnvironment,
    schemaTtlMinutes,
    requestTimeoutSeconds,
  });
}

/**
 * Typed configuration snapshot: the only module that reads `tenantGraphql.*`. Fires
 * {@link onDidChange} only when the snapshot really changed.
 */
export class ConfigurationService implements vscode.Disposable {
  private builtIn: readonly Environment[] = [];
  private current: Settings = read(this.builtIn);
  private readonly emitter = new vscode.EventEmitter<Settings>();
  private readonly folderEmitter = new vscode.EventEmitter<void>();
  private readonly listener: vscode.Disposable;
  readonly onDidChange = this.emitter.event;
  /** Fires when a per-folder types setting (`schema.writeTo`, `codegen`) may have changed in some folder. */
  readonly onDidChangeFolderTypes = this.folderEmitter.event;

  constructor() {
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SECTION)) {
        return;
      }
      if (e.affectsConfiguration(`${SECTION}.schema.writeTo`) || e.affectsConfiguration(`${SECTION}.codegen`)) {
        this.folderEmitter.fire();
      }
      this.refresh();
    });
  }

  /** The types settings of a workspace folder (`tenantGraphql.schema.writeTo`, `tenantGraphql.codegen`), checked. */
  folderTypes(folder: vscode.WorkspaceFolder): FolderTypesSettings {
    const config = vscode.workspace.getConfiguration(SECTION, folder.uri);
    return parseFolderTypesSettings(config.get<unknown>('schema.writeTo'), config.get<unknown>('codegen'));
  }

  /** Environments that exist without settings (the built-in Sandbox while it runs). */
  setBuiltInEnvironments(environments: readonly Environment[]): void {
    this.builtIn = environments;
    this.refresh();
  }

  private refresh(): void {
    const next = read(this.builtIn);
    if (JSON.stringify(next) !== JSON.stringify(this.current)) {
      this.current = next;
      this.emitter.fire(next);
    }
  }

  get settings(): Settings {
    return this.current;
  }

  /** The active environment, if any is configured and valid. */
  activeEnvironment(): Environment | undefined {
    return this.current.environments.find((e) => e.name === this.current.activeEnvironment);
  }

  /** Makes `name` the active environment (workspace setting when a folder is open). */
  async setActiveEnvironment(name: string): Promise<void> {
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await vscode.workspace.getConfiguration(SECTION).update('activeEnvironment', name, target);
  }

  dispose(): void {
    this.listener.dispose();
    this.emitter.dispose();
    this.folderEmitter.dispose();
  }
}
