import * as vscode from 'vscode';
import { parseEnvironments, type Environment } from '../../core/auth/environments';
import { mergeEnvironments } from '../../core/auth/environmentOverlay';
import { serverIdentity, serverKey } from '../../core/auth/serverIdentity';
import { isTagList } from '../../core/embedded/templates';
import { readTemplateTags, type CodeFileSettings, type CodeLensKind } from './codeFileSettings';
import { parseFolderTypesSettings, type FolderTypesSettings } from '../../core/codegen/typesSettings';

/** The extension's settings, read once per change, validated and frozen. */
export interface Settings {
  /**
   * The environments to work with: the user's, with those a (trusted) workspace's settings define
   * merged in (see mergeEnvironments: a repository adds, never weakens: the person's guards win, and
   * what it changes needs the person's yes), then the built-in ones.
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
  /** Whether agents may use the language-model tools (`tenantGraphql.languageModelTools.enabled`, on by default). */
  readonly languageModelTools: boolean;
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

/** The workspaceState key of the environment chosen for one folder of a multi-root workspace. */
function chosenKeyOf(folder: vscode.WorkspaceFolder): string {
  return `${CHOSEN_KEY}:${folder.uri.toString()}`;
}

/** The folder whose settings apply to a document (undefined: the workspace's, e.g. an untitled file). */
function folderOf(uri: vscode.Uri | undefined): vscode.WorkspaceFolder | undefined {
  return uri ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
}

/** Whether folders can differ: a multi-root workspace (a single-folder window has one set of settings). */
function multiRoot(): boolean {
  return (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
}

/** Environments of `later` in place of those of `earlier` with the same name, then the rest of `later` (both the repository's). */
function overlay(earlier: readonly Environment[], later: readonly Environment[]): Environment[] {
  const byName = new Map(later.map((e) => [e.name, e]));
  return [...earlier.map((e) => byName.get(e.name) ?? e), ...later.filter((e) => !earlier.some((u) => u.name === e.name))];
}

/**
 * The settings as a folder sees them (`folder` undefined: the workspace's). In a multi-root
 * workspace a folder's own `.vscode/settings.json` may name its environments and its active
 * environment; those are the repository's settings, like the workspace's.
 */
function read(builtIn: readonly Environment[], chosen: string | undefined, folder: vscode.WorkspaceFolder | undefined): Settings {
  const config = vscode.workspace.getConfiguration(SECTION, folder?.uri);
  const trusted = vscode.workspace.isTrusted;
  // User and workspace values apart: a workspace's (and a folder's) environments are the repository's, not the person's.
  const inspected = config.inspect<unknown>('environments');
  const user = parseEnvironments(inspected?.globalValue, 'user');
  const none = { environments: [], problems: [] };
  const workspace = trusted ? parseEnvironments(inspected?.workspaceValue, 'workspace') : none;
  // In a single-folder window the folder's value is the workspace's: read it once.
  const ownFolderValue = folder && inspected?.workspaceFolderValue !== undefined && inspected.workspaceFolderValue !== inspected.workspaceValue;
  const inFolder = trusted && ownFolderValue ? parseEnvironments(inspected.workspaceFolderValue, 'workspace') : none;
  // The repository's own entries (the folder's over the workspace's), then merged with the person's: never in place of them.
  const named = mergeEnvironments(user.environments, overlay(workspace.environments, inFolder.environments));
  const problems = [...new Set([...user.problems, ...workspace.problems, ...inFolder.problems])];
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
  const bounded = (
    key: string,
    min: number,
    max: number,
    fallback: number,
    whole: boolean,
    problem: (setting: string, min: number, max: number, fallback: number) => string,
  ): number => {
    const value = config.get<unknown>(key);
    if (typeof value === 'number' && (whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max) {
      return value;
    }
    if (value !== undefined && value !== null) {
      extraProblems.push(problem(`tenantGraphql.${key}`, min, max, fallback));
    }
    return fallback;
  };
  const schemaTtlMinutes = bounded('schema.ttlMinutes', 1, 10_080, DEFAULT_SCHEMA_TTL_MINUTES, false, (...a) =>
    vscode.l10n.t('{0} must be a number of minutes between {1} and {2}; using {3}.', ...a),
  );
  const requestTimeoutSeconds = bounded('requestTimeoutSeconds', 1, 600, DEFAULT_REQUEST_TIMEOUT_SECONDS, false, (...a) =>
    vscode.l10n.t('{0} must be a number of seconds between {1} and {2}; using {3}.', ...a),
  );
  const historyMaxRuns = bounded('history.maxRuns', 0, 10_000, DEFAULT_HISTORY_MAX_RUNS, true, (...a) =>
    vscode.l10n.t('{0} must be a whole number between {1} and {2}; using {3}.', ...a),
  );
  const historyMaxMegabytes = bounded('history.maxMegabytes', 1, 10_000, DEFAULT_HISTORY_MAX_MEGABYTES, false, (...a) =>
    vscode.l10n.t('{0} must be a number of megabytes between {1} and {2}; using {3}.', ...a),
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
    languageModelTools: config.get<unknown>('languageModelTools.enabled') !== false,
  });
}

/**
 * Typed configuration snapshot: the only module that reads `tenantGraphql.*`. Fires
 * {@link onDidChange} only when the snapshot really changed.
 */
export class ConfigurationService implements CodeFileSettings, vscode.Disposable {
  private builtIn: readonly Environment[] = [];
  private current: Settings;
  /** In a multi-root workspace, the folder of the active editor (the last one that had a folder): its settings are {@link settings}. */
  private activeFolder: vscode.WorkspaceFolder | undefined;
  /** Snapshots of the other folders, read on demand and dropped on every change. */
  private readonly perFolder = new Map<string, Settings>();
  /** Every folder's settings as last told (JSON), so that a change in any folder fires {@link onDidChange}. */
  private everyFolder = '[]';
  private readonly emitter = new vscode.EventEmitter<Settings>();
  private readonly folderEmitter = new vscode.EventEmitter<void>();
  private readonly tagsEmitter = new vscode.EventEmitter<void>();
  private readonly codeLensEmitter = new vscode.EventEmitter<void>();
  private tags = readTemplateTags();
  private readonly listener: vscode.Disposable;
  readonly onDidChange = this.emitter.event;
  /** Fires when a per-folder types setting (`schema.writeTo`, `codegen`) may have changed in some folder. */
  readonly onDidChangeFolderTypes = this.folderEmitter.event;
  readonly onDidChangeTemplateTags = this.tagsEmitter.event;
  readonly onDidChangeCodeLens = this.codeLensEmitter.event;

  /** @param workspaceState where the environment chosen with Switch Environment is kept for this workspace. */
  constructor(private readonly workspaceState: vscode.Memento) {
    this.activeFolder = this.editorFolder() ?? vscode.workspace.workspaceFolders?.[0];
    this.current = this.read();
    this.listener = vscode.Disposable.from(
      // The status bar, Switch Environment, Sign In and the like follow the active editor's folder.
      vscode.window.onDidChangeActiveTextEditor(() => {
        const folder = this.editorFolder();
        if (folder && folder.uri.toString() !== this.activeFolder?.uri.toString()) {
          this.activeFolder = folder;
          this.refresh();
        }
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        const folders = vscode.workspace.workspaceFolders ?? [];
        if (!folders.some((f) => f.uri.toString() === this.activeFolder?.uri.toString())) {
          this.activeFolder = this.editorFolder() ?? folders[0];
        }
        this.refresh();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(SECTION)) {
          return;
        }
        if (e.affectsConfiguration(`${SECTION}.schema.writeTo`) || e.affectsConfiguration(`${SECTION}.codegen`)) {
          this.folderEmitter.fire();
        }
        if (e.affectsConfiguration(`${SECTION}.embedded.tags`)) {
          this.tags = readTemplateTags();
          this.tagsEmitter.fire();
        }
        if (e.affectsConfiguration(`${SECTION}.codeLens`)) {
          this.codeLensEmitter.fire();
        }
        this.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
    );
  }

  /** The folder of the active editor, in a multi-root workspace. */
  private editorFolder(): vscode.WorkspaceFolder | undefined {
    return multiRoot() ? folderOf(vscode.window.activeTextEditor?.document.uri) : undefined;
  }

  private read(folder: vscode.WorkspaceFolder | undefined = this.activeFolder): Settings {
    if (!multiRoot() || !folder) {
      return read(this.builtIn, this.workspaceState.get<string>(CHOSEN_KEY), undefined);
    }
    // A folder's own choice, else the one made before the workspace had several folders.
    const chosen = this.workspaceState.get<string>(chosenKeyOf(folder)) ?? this.workspaceState.get<string>(CHOSEN_KEY);
    return read(this.builtIn, chosen, folder);
  }

  /**
   * The settings that apply to a document: its folder's in a multi-root workspace (each folder may
   * name its own environments and active environment), else {@link settings}.
   */
  settingsFor(uri: vscode.Uri | undefined): Settings {
    const folder = multiRoot() ? folderOf(uri) : undefined;
    if (!folder || folder.uri.toString() === this.activeFolder?.uri.toString()) {
      return this.current;
    }
    const key = folder.uri.toString();
    let settings = this.perFolder.get(key);
    if (!settings) {
      settings = this.read(folder);
      this.perFolder.set(key, settings);
    }
    return settings;
  }

  /** The folder whose settings {@link settings} are (a multi-root workspace's active editor's), as a URI string. */
  get activeFolderKey(): string | undefined {
    return multiRoot() ? this.activeFolder?.uri.toString() : undefined;
  }

  /** The environment a document uses: its folder's active environment (see {@link settingsFor}). */
  environmentFor(uri: vscode.Uri | undefined): Environment | undefined {
    const settings = this.settingsFor(uri);
    return settings.environments.find((e) => e.name === settings.activeEnvironment);
  }

  /** The active environment of every folder (once per name and server), the active folder's first. */
  environmentsInUse(): Environment[] {
    const all = [this.activeEnvironment(), ...(multiRoot() ? (vscode.workspace.workspaceFolders ?? []).map((f) => this.environmentFor(f.uri)) : [])];
    const seen = new Set<string>();
    return all.filter((e): e is Environment => {
      const key = e && `${e.name}\n${serverKey(serverIdentity(e))}`;
      return key !== undefined && !seen.has(key) && !!seen.add(key);
    });
  }

  /** The types settings of a workspace folder (`tenantGraphql.schema.writeTo`, `tenantGraphql.codegen`), checked. */
  folderTypes(folder: vscode.WorkspaceFolder): FolderTypesSettings {
    const config = vscode.workspace.getConfiguration(SECTION, folder.uri);
    return parseFolderTypesSettings(config.get<unknown>('schema.writeTo'), config.get<unknown>('codegen'));
  }

  templateTags(): readonly string[] {
    return this.tags;
  }

  codeLensEnabled(kind: CodeLensKind, document: vscode.TextDocument): boolean {
    return vscode.workspace.getConfiguration(`${SECTION}.codeLens`, document).get<boolean>(kind, true) !== false;
  }

  formatTemplatesOnSave(document: vscode.TextDocument): boolean {
    return vscode.workspace.getConfiguration(SECTION, document).get<boolean>('embedded.formatOnSave') === true;
  }

  /** Environments that exist without settings (the built-in Sandbox while it runs). */
  setBuiltInEnvironments(environments: readonly Environment[]): void {
    this.builtIn = environments;
    this.refresh();
  }

  private refresh(): void {
    const next = this.read();
    this.perFolder.clear();
    const changed = JSON.stringify(next) !== JSON.stringify(this.current);
    this.current = next;
    // Another folder's environments count too: its documents use them.
    const everyFolder = JSON.stringify(multiRoot() ? (vscode.workspace.workspaceFolders ?? []).map((f) => this.settingsFor(f.uri)) : []);
    if (changed || everyFolder !== this.everyFolder) {
      this.everyFolder = everyFolder;
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

  /**
   * Makes `name` the active environment of this workspace, or in a multi-root workspace of the
   * active editor's folder (kept in workspace state, never in the repository's settings).
   */
  async setActiveEnvironment(name: string): Promise<void> {
    await this.workspaceState.update(multiRoot() && this.activeFolder ? chosenKeyOf(this.activeFolder) : CHOSEN_KEY, name);
    this.refresh();
  }

  dispose(): void {
    this.listener.dispose();
    this.emitter.dispose();
    this.folderEmitter.dispose();
    this.tagsEmitter.dispose();
    this.codeLensEmitter.dispose();
  }
}
