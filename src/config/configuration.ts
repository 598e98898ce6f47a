import * as vscode from 'vscode';
import { parseEnvironments, type Environment } from '../core/auth/environments';
import { isTagList } from '../core/embedded/templates';
import { parseFolderTypesSettings, type FolderTypesSettings } from '../core/codegen/typesSettings';

/** The extension's settings, read once per change, validated and frozen. */
export interface Settings {
  /**
   * The environments to work with: the user's, with those a (trusted) workspace's settings define
   * in place of the user's of the same name, then the built-in ones.
   */
  readonly environments: readonly Environment[];
  /** The person's own environments (user settings and built-in), including those a workspace's hide. */
  readonly ownEnvironments: readonly Environment[];
  /** False in Restricted Mode: then workspace settings name no environment and nothing is sent anywhere. */
  readonly trusted: boolean;
  /** Problems of `tenantGraphql.environments`, each naming its field. */
  readonly problems: readonly string[];
  /** Name of the active environment (chosen with Switch Environment, else the setting, else the first environment). */
  readonly activeEnvironment: string | undefined;
  /** Minutes after which the cached schema is refreshed in the background (`tenantGraphql.schema.ttlMinutes`). */
  readonly schemaTtlMinutes: number;
  /** Seconds a run waits for the Service's answer (`tenantGraphql.requestTimeoutSeconds`); introspection waits four times as long. */
  readonly requestTimeoutSeconds: number;
  /** How many runs (besides the pinned ones) the run history keeps on disk (`tenantGraphql.history.maxRuns`). */
  readonly historyMaxRuns: number;
  /** How many megabytes the run history may take on disk (`tenantGraphql.history.maxMegabytes`). */
  readonly historyMaxMegabytes: number;
}

/** Default of `tenantGraphql.schema.ttlMinutes`. */
const DEFAULT_SCHEMA_TTL_MINUTES = 60;
/** Default of `tenantGraphql.requestTimeoutSeconds`. */
const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** Default of `tenantGraphql.history.maxRuns`. */
const DEFAULT_HISTORY_MAX_RUNS = 50;
/** Default of `tenantGraphql.history.maxMegabytes`. */
const DEFAULT_HISTORY_MAX_MEGABYTES = 100;

const SECTION = 'tenantGraphql';

/** The workspaceState key of the environment chosen with Switch Environment (never written to the repository's settings). */
const CHOSEN_KEY = 'tenantGraphql.activeEnvironment';

function read(builtIn: readonly Environment[], chosen: string | undefined): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const trusted = vscode.workspace.isTrusted;
  // User and workspace values apart: a workspace's environments are the repository's, not the person's.
  const inspected = config.inspect<unknown>('environments');
  const user = parseEnvironments(inspected?.globalValue, 'user');
  const workspace = trusted ? parseEnvironments(inspected?.workspaceValue, 'workspace') : { environments: [], problems: [] };
  const fromWorkspace = new Map(workspace.environments.map((e) => [e.name, e]));
  const named = [...user.environments.map((e) => fromWorkspace.get(e.name) ?? e), ...workspace.environments.filter((e) => !user.environments.some((u) => u.name === e.name))];
  const problems = [...user.problems, ...workspace.problems];
  const environments = [...named, ...builtIn.filter((b) => !named.some((e) => e.name === b.name))];
  const ownEnvironments = [...user.environments, ...builtIn.filter((b) => !user.environments.some((e) => e.name === b.name))];
  const wanted = chosen !== undefined && environments.some((e) => e.name === chosen) ? chosen : config.get<unknown>('activeEnvironment');
  const extraProblems: string[] = [];
  let activeEnvironment: string | undefined;
  if (typeof wanted === 'string' && wanted !== '') {
    if (environments.some((e) => e.name === wanted)) {
      activeEnvironment = wanted;
    } else if (environments.length > 0) {
      extraProblems.push(vscode.l10n.t('{0} names "{1}", which is not in {2}.', 'tenantGraphql.activeEnvironment', wanted, 'tenantGraphql.environments'));
    }
  } else if (wanted !== undefined && wanted !== null && wanted !== '') {
    extraProblems.push(vscode.l10n.t('{0} must be the name of an environment.', 'tenantGraphql.activeEnvironment'));
  }
  activeEnvironment ??= environments[0]?.name;
  /** A number setting within [min, max] (whole when `whole`), else its default and the problem in words. */
  const bounded = (key: string, min: number, max: number, fallback: number, whole: boolean, problem: string): number => {
    const value = config.get<unknown>(key);
    if (typeof value === 'number' && (whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max) {
      return value;
    }
    if (value !== undefined && value !== null) {
      extraProblems.push(problem);
    }
    return fallback;
  };
  const schemaTtlMinutes = bounded(
    'schema.ttlMinutes',
    1,
    10_080,
    DEFAULT_SCHEMA_TTL_MINUTES,
    false,
    vscode.l10n.t('{0} must be a number of minutes between {1} and {2}; using {3}.', 'tenantGraphql.schema.ttlMinutes', 1, 10_080, DEFAULT_SCHEMA_TTL_MINUTES),
  );
  const requestTimeoutSeconds = bounded(
    'requestTimeoutSeconds',
    1,
    600,
    DEFAULT_REQUEST_TIMEOUT_SECONDS,
    false,
    vscode.l10n.t('{0} must be a number of seconds between {1} and {2}; using {3}.', 'tenantGraphql.requestTimeoutSeconds', 1, 600, DEFAULT_REQUEST_TIMEOUT_SECONDS),
  );
  const historyMaxRuns = bounded(
    'history.maxRuns',
    0,
    10_000,
    DEFAULT_HISTORY_MAX_RUNS,
    true,
    vscode.l10n.t('{0} must be a whole number between {1} and {2}; using {3}.', 'tenantGraphql.history.maxRuns', 0, 10_000, DEFAULT_HISTORY_MAX_RUNS),
  );
  const historyMaxMegabytes = bounded(
    'history.maxMegabytes',
    1,
    10_000,
    DEFAULT_HISTORY_MAX_MEGABYTES,
    false,
    vscode.l10n.t('{0} must be a number of megabytes between {1} and {2}; using {3}.', 'tenantGraphql.history.maxMegabytes', 1, 10_000, DEFAULT_HISTORY_MAX_MEGABYTES),
  );
  const tags = config.get<unknown>('embedded.tags');
  if (tags !== undefined && tags !== null && !isTagList(tags)) {
    extraProblems.push(
      vscode.l10n.t('{0} must be a list of tag names such as "gql", "graphql" or "graphql.experimental"; using "gql" and "graphql".', 'tenantGraphql.embedded.tags'),
    );
  }
  return Object.freeze({
    environments: Object.freeze([...environments]),
    ownEnvironments: Object.freeze(ownEnvironments),
    trusted,
    problems: Object.freeze([...problems, ...extraProblems]),
    activeEnvironment,
    schemaTtlMinutes,
    requestTimeoutSeconds,
    historyMaxRuns,
    historyMaxMegabytes,
  });
}

/**
 * Typed configuration snapshot: the only module that reads `tenantGraphql.*`. Fires
 * {@link onDidChange} only when the snapshot really changed.
 */
export class ConfigurationService implements vscode.Disposable {
  private builtIn: readonly Environment[] = [];
  private current: Settings;
  private readonly emitter = new vscode.EventEmitter<Settings>();
  private readonly folderEmitter = new vscode.EventEmitter<void>();
  private readonly listener: vscode.Disposable;
  readonly onDidChange = this.emitter.event;
  /** Fires when a per-folder types setting (`schema.writeTo`, `codegen`) may have changed in some folder. */
  readonly onDidChangeFolderTypes = this.folderEmitter.event;

  /** @param workspaceState where the environment chosen with Switch Environment is kept for this workspace. */
  constructor(private readonly workspaceState: vscode.Memento) {
    this.current = this.read();
    this.listener = vscode.Disposable.from(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SECTION)) {
          return;
        }
        if (e.affectsConfiguration(`${SECTION}.schema.writeTo`) || e.affectsConfiguration(`${SECTION}.codegen`)) {
          this.folderEmitter.fire();
        }
        this.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
  }

  private read(): Settings {
    return read(this.builtIn, this.workspaceState.get<string>(CHOSEN_KEY));
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
    const next = this.read();
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

  /** Makes `name` the active environment of this workspace (kept in workspace state, never in the repository's settings). */
  async setActiveEnvironment(name: string): Promise<void> {
    await this.workspaceState.update(CHOSEN_KEY, name);
    this.refresh();
  }

  dispose(): void {
    this.listener.dispose();
    this.emitter.dispose();
    this.folderEmitter.dispose();
  }
}
