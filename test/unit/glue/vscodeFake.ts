/**
 * A fake of the parts of the `vscode` API the glue under test/unit/glue uses, for plain Node: what
 * the code shows or asks is recorded in {@link fake}, and the person's answers are scripted there.
 * SecretStorage, Memento and ExtensionContext fakes as VS Code's own github-authentication tests
 * use them. `register.ts` makes `import 'vscode'` resolve here.
 */

type Listener<T> = (e: T) => unknown;

export class Disposable {
  constructor(private readonly fn: () => unknown) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((d) => d.dispose()));
  }
  dispose(): void {
    this.fn();
  }
}

export class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>, thisArg?: unknown, disposables?: Disposable[]): Disposable => {
    const bound: Listener<T> = (e) => listener.call(thisArg, e);
    this.listeners.add(bound);
    const d = new Disposable(() => this.listeners.delete(bound));
    disposables?.push(d);
    return d;
  };
  fire(e: T): void {
    for (const l of [...this.listeners]) {
      l(e);
    }
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class CancellationTokenSource {
  private readonly cancelled = new EventEmitter<void>();
  readonly token = { isCancellationRequested: false, onCancellationRequested: this.cancelled.event };
  cancel(): void {
    if (!this.token.isCancellationRequested) {
      this.token.isCancellationRequested = true;
      this.cancelled.fire();
    }
  }
  dispose(): void {
    this.cancelled.dispose();
  }
}

/** Enough of `vscode.Uri` for the glue: a parsed address that prints as it was given. */
export class Uri {
  private constructor(private readonly value: string) {}
  static parse(value: string): Uri {
    new URL(value); // throws on what is not an address, as VS Code's parse would
    return new Uri(value);
  }
  static file(path: string): Uri {
    return new Uri(`file://${path}`);
  }
  static from(components: { scheme: string; path: string }): Uri {
    return new Uri(`${components.scheme}://${components.path.split('/').map(encodeURIComponent).join('/')}`);
  }
  get scheme(): string {
    return new URL(this.value).protocol.replace(/:$/, '');
  }
  get path(): string {
    return new URL(this.value).pathname;
  }
  get query(): string {
    return new URL(this.value).search.replace(/^\?/, '');
  }
  toString(): string {
    return this.value;
  }
}

/** @public read by the glue as `vscode.…` (register.ts resolves 'vscode' here) */
export const ProgressLocation = { SourceControl: 1, Window: 10, Notification: 15 } as const;
export const UIKind = { Desktop: 1, Web: 2 } as const;

/** What a message asked: the text, its options and the buttons offered. */
export interface Shown {
  readonly kind: 'info' | 'warning' | 'error';
  readonly message: string;
  readonly modal: boolean;
  readonly detail?: string;
  readonly items: readonly string[];
}

type Answer = (shown: Shown) => string | undefined;

/** The recorded calls and scripted answers; {@link resetFake} before each test. */
export const fake = {
  shown: [] as Shown[],
  statusBarMessages: [] as string[],
  commands: [] as unknown[][],
  /** The handlers registered with commands.registerCommand, by id. */
  registered: new Map<string, (...args: unknown[]) => unknown>(),
  /** The hover providers registered with languages.registerHoverProvider. */
  hovers: [] as { provideHover(document: unknown, position: unknown): unknown }[],
  progress: [] as { title?: string; messages: string[] }[],
  opened: [] as string[],
  /** The person's answer to each message (undefined: dismissed). */
  answer: ((): string | undefined => undefined) as Answer,
  /** What the "browser" does with an address openExternal opens. */
  browser: async (_url: string): Promise<boolean> => true,
  /** The input box's answer. */
  input: async (): Promise<string | undefined> => undefined,
  /** The quick pick's answer (undefined: dismissed). */
  pick: async (_items: readonly string[]): Promise<string | undefined> => undefined,
  clipboard: '',
};

export function resetFake(): void {
  fake.shown = [];
  fake.statusBarMessages = [];
  fake.commands = [];
  fake.registered = new Map();
  fake.hovers = [];
  fake.progress = [];
  fake.opened = [];
  fake.answer = () => undefined;
  fake.browser = async () => true;
  fake.input = async () => undefined;
  fake.pick = async () => undefined;
  fake.clipboard = '';
  env.remoteName = undefined;
  env.uiKind = UIKind.Desktop;
  env.asExternalUri = async (uri: Uri) => uri;
  workspace.workspaceFile = undefined;
  workspace.workspaceFolders = [{ uri: Uri.file('/work/repo'), name: 'repo', index: 0 }];
}

type MessageOptions = { modal?: boolean; detail?: string };

function show(kind: Shown['kind']) {
  return async (message: string, ...rest: unknown[]): Promise<string | undefined> => {
    const options = rest[0] && typeof rest[0] === 'object' ? (rest.shift() as MessageOptions) : {};
    const items = rest.map((i) => (typeof i === 'string' ? i : (i as { title: string }).title));
    const shown: Shown = { kind, message, modal: options.modal === true, detail: options.detail, items };
    fake.shown.push(shown);
    return fake.answer(shown);
  };
}

/** @public read by the glue as `vscode.…` (register.ts resolves 'vscode' here) */
export const window = {
  showInformationMessage: show('info'),
  showWarningMessage: show('warning'),
  showErrorMessage: show('error'),
  showInputBox: () => fake.input(),
  showQuickPick: (items: readonly string[]) => fake.pick(items),
  setStatusBarMessage: (text: string) => {
    fake.statusBarMessages.push(text);
    return new Disposable(() => undefined);
  },
  withProgress: async <R>(
    options: { title?: string },
    task: (progress: { report(v: { message?: string }): void }, token: CancellationTokenSource['token']) => Promise<R>,
  ): Promise<R> => {
    const record = { title: options.title, messages: [] as string[] };
    fake.progress.push(record);
    const source = new CancellationTokenSource();
    return task({ report: (v) => v.message && record.messages.push(v.message) }, source.token);
  },
};

/** @public read by the glue as `vscode.…` (register.ts resolves 'vscode' here) */
export const languages = {
  createDiagnosticCollection: (_name: string) => ({ set: () => undefined, delete: () => undefined, clear: () => undefined, dispose: () => undefined }),
  registerHoverProvider: (_selector: unknown, provider: (typeof fake.hovers)[number]): Disposable => {
    fake.hovers.push(provider);
    return new Disposable(() => fake.hovers.splice(fake.hovers.indexOf(provider), 1));
  },
};

/** @public read by the glue as `vscode.…` (register.ts resolves 'vscode' here) */
export const commands = {
  registerCommand: (id: string, handler: (...args: unknown[]) => unknown): Disposable => {
    fake.registered.set(id, handler);
    return new Disposable(() => fake.registered.delete(id));
  },
  executeCommand: async (...args: unknown[]): Promise<unknown> => {
    fake.commands.push(args);
    return undefined;
  },
};

export const env = {
  clipboard: {
    writeText: async (text: string): Promise<void> => {
      fake.clipboard = text;
    },
  },
  remoteName: undefined as string | undefined,
  uiKind: UIKind.Desktop as number,
  uriScheme: 'vscode',
  asExternalUri: async (uri: Uri) => uri,
  openExternal: async (target: Uri | string): Promise<boolean> => {
    const url = target.toString();
    fake.opened.push(url);
    return fake.browser(url);
  },
};

const foldersChanged = new EventEmitter<{ added: unknown[]; removed: unknown[] }>();
/** Fire to "save" a document: `workspace.onDidSaveTextDocument`'s listeners get it. */
export const documentSaved = new EventEmitter<{ uri: Uri }>();

export const workspace = {
  workspaceFile: undefined as Uri | undefined,
  workspaceFolders: [] as { uri: Uri; name: string; index: number }[] | undefined,
  onDidChangeWorkspaceFolders: foldersChanged.event,
  onDidSaveTextDocument: documentSaved.event,
  /** A watcher that never fires (no file changes in these tests). */
  createFileSystemWatcher: () => {
    const never = new EventEmitter<Uri>().event;
    return { onDidCreate: never, onDidChange: never, onDidDelete: never, dispose: () => undefined };
  },
  getWorkspaceFolder: (uri: Uri) => workspace.workspaceFolders?.find((f) => uri.path.startsWith(f.uri.path)),
  registerTextDocumentContentProvider: () => new Disposable(() => undefined),
  /** A trusted workspace, as these tests' folders are; trust is never granted later here. */
  isTrusted: true,
  onDidGrantWorkspaceTrust: new EventEmitter<void>().event,
};

/** @public read by the glue as `vscode.…` (register.ts resolves 'vscode' here) */
export const l10n = {
  t(message: string | { message: string; args?: unknown[] }, ...args: unknown[]): string {
    const text = typeof message === 'string' ? message : message.message;
    const values = typeof message === 'string' ? args : (message.args ?? []);
    return text.replace(/\{(\d+)\}/g, (all, i: string) => (Number(i) < values.length ? String(values[Number(i)]) : all));
  },
};

/** vscode.SecretStorage in memory, firing onDidChange as VS Code does. */
export class FakeSecretStorage {
  readonly values = new Map<string, string>();
  private readonly changed = new EventEmitter<{ key: string }>();
  readonly onDidChange = this.changed.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async keys(): Promise<string[]> {
    return [...this.values.keys()];
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    if (this.values.delete(key)) {
      this.changed.fire({ key });
    }
  }
}

/** vscode.Memento in memory; values go through JSON as VS Code's storage does. */
export class FakeMemento {
  readonly values = new Map<string, string>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, defaultValue?: T): T | undefined {
    const v = this.values.get(key);
    return v === undefined ? defaultValue : (JSON.parse(v) as T);
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) {
      this.values.delete(key);
    } else {
      this.values.set(key, JSON.stringify(value));
    }
  }
  setKeysForSync(): void {}
}

/** The parts of vscode.ExtensionContext the glue reads. */
export function fakeExtensionContext(): {
  secrets: FakeSecretStorage;
  globalState: FakeMemento;
  workspaceState: FakeMemento;
  subscriptions: Disposable[];
  extension: { id: string };
} {
  return { secrets: new FakeSecretStorage(), globalState: new FakeMemento(), workspaceState: new FakeMemento(), subscriptions: [], extension: { id: 'tenantlabs.tenant-graphql' } };
}
