import type * as vscode from 'vscode';

/** A message of a case's verdict as the run reported it to the Testing view. */
export interface RecordedMessage {
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  /** The message's place: the file and its 0-based line and character. */
  readonly uri?: string;
  readonly line?: number;
  readonly character?: number;
}

/** A case's verdict in a run. */
export interface RecordedResult {
  readonly id: string;
  readonly label: string;
  readonly state: 'passed' | 'failed' | 'errored' | 'skipped';
  readonly messages: readonly RecordedMessage[];
}

/** A run of the Testing view's controller: its name, its verdicts in the order reported, and whether it ended. */
export interface RecordedRun {
  readonly name: string | undefined;
  readonly results: RecordedResult[];
  ended: boolean;
}

/** A question the run asked of the run feature's permission: the server's (`query`) or a mutation's, and the environment. */
export interface RecordedPermit {
  readonly type: 'query' | 'mutation';
  readonly environment: string;
}

/** An item of the controller's tree as the Testing view shows it. */
export interface ItemInfo {
  readonly id: string;
  readonly label: string;
  /** The 0-based line of the item in its file. */
  readonly line?: number;
  readonly error?: string;
  readonly children: readonly ItemInfo[];
}

/** What the integration tests reach of the Testing view's feature (development build only). */
export interface TestingTestApi {
  /** The runs made by the controller, oldest first, with each case's verdict and messages. */
  runs(): readonly RecordedRun[];
  /** The permission questions of the runs, oldest first (the mutation question is a modal dialog, which tests cannot see). */
  permits(): readonly RecordedPermit[];
  /**
   * The controller's run profiles (one per environment, "Run on <name>"). A test starts a continuous
   * run as VS Code does, through a profile's `runHandler` with a continuous request: VS Code's own
   * "Start Continuous Run" asks with a quick pick which profile when several exist.
   */
  profiles(): readonly vscode.TestRunProfile[];
  /** The controller's items, file by file. */
  items(): ItemInfo[];
  /** The controller's item with this id (for a command that takes an item, as the view's actions do). */
  item(id: string): vscode.TestItem | undefined;
}

function recordedMessages(messages: vscode.TestMessage | readonly vscode.TestMessage[]): RecordedMessage[] {
  return (Array.isArray(messages) ? (messages as readonly vscode.TestMessage[]) : [messages as vscode.TestMessage]).map((m) => ({
    message: typeof m.message === 'string' ? m.message : m.message.value,
    ...(m.expectedOutput !== undefined ? { expected: m.expectedOutput } : {}),
    ...(m.actualOutput !== undefined ? { actual: m.actualOutput } : {}),
    ...(m.location ? { uri: m.location.uri.toString(), line: m.location.range.start.line, character: m.location.range.start.character } : {}),
  }));
}

/** Hooks called before a run passes a verdict or its end on to VS Code. */
export interface RunObserver {
  verdict(item: vscode.TestItem, state: RecordedResult['state'], message?: vscode.TestMessage | readonly vscode.TestMessage[]): void;
  end?(): void;
}

/** The run, passing everything on to VS Code's run, with `observer` told of each verdict first. */
export function observedRun(run: vscode.TestRun, observer: RunObserver): vscode.TestRun {
  return {
    get name() {
      return run.name;
    },
    get token() {
      return run.token;
    },
    get isPersisted() {
      return run.isPersisted;
    },
    onDidDispose: run.onDidDispose,
    enqueued: (item) => run.enqueued(item),
    started: (item) => run.started(item),
    skipped: (item) => (observer.verdict(item, 'skipped'), run.skipped(item)),
    passed: (item, duration) => (observer.verdict(item, 'passed'), run.passed(item, duration)),
    failed: (item, message, duration) => (observer.verdict(item, 'failed', message), run.failed(item, message, duration)),
    errored: (item, message, duration) => (observer.verdict(item, 'errored', message), run.errored(item, message, duration)),
    appendOutput: (output, location, item) => run.appendOutput(output, location, item),
    addCoverage: (coverage) => run.addCoverage(coverage),
    end: () => {
      run.end();
      observer.end?.();
    },
  };
}

/** A test run that records each verdict it passes on into `runs` (the integration tests' view of the results, a proposed API in VS Code). */
export function recordingRun(run: vscode.TestRun, runs: RecordedRun[]): vscode.TestRun {
  const recorded: RecordedRun = { name: run.name, results: [], ended: false };
  runs.push(recorded);
  return observedRun(run, {
    verdict: (item, state, message) => recorded.results.push({ id: item.id, label: item.label, state, messages: message ? recordedMessages(message) : [] }),
    end: () => {
      recorded.ended = true;
    },
  });
}

/** The controller's items as the Testing view shows them. */
export function itemsOf(collection: vscode.TestItemCollection): ItemInfo[] {
  const items: ItemInfo[] = [];
  collection.forEach((item) =>
    items.push({
      id: item.id,
      label: item.label,
      ...(item.range ? { line: item.range.start.line } : {}),
      ...(item.error ? { error: typeof item.error === 'string' ? item.error : item.error.value } : {}),
      children: itemsOf(item.children),
    }),
  );
  return items;
}

/** Finds an item by id anywhere in the tree. */
export function findItem(collection: vscode.TestItemCollection, id: string): vscode.TestItem | undefined {
  let found: vscode.TestItem | undefined;
  collection.forEach((item) => {
    found ??= item.id === id ? item : findItem(item.children, id);
  });
  return found;
}
