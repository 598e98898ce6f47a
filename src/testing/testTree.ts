import * as vscode from 'vscode';
import { sidecarPathFor } from '../core/run/variablesFile';
import { documentPathOf, type Place } from '../core/testing/testFile';
import { checkTestFile, type TestFileInputs } from '../core/testing/testRunner';
import { inert } from '../core/text/inert';
import { readText } from '../platform/readText';

/** The glob of the test files (`tasks.graphql.test.json` beside `tasks.graphql`). */
export const TEST_FILE_GLOB = '**/*.{graphql,gql}.test.json';

/** What the tree knows of a test item: its file, and for a case its operation and name. */
export interface ItemData {
  readonly file: vscode.Uri;
  readonly operation?: string;
  readonly caseName?: string;
}

/** The inputs of a test file: its text, its document's and its variables file's; and the schema its snapshots are checked against. */
export async function inputsOf(file: vscode.Uri, schema?: TestFileInputs['schema']): Promise<TestFileInputs | undefined> {
  const testText = await readText(file);
  const documentPath = documentPathOf(file.path);
  if (testText === undefined || !documentPath) {
    return undefined;
  }
  const documentUri = file.with({ path: documentPath });
  const sidecar = sidecarPathFor(documentPath);
  return {
    testText,
    documentText: await readText(documentUri),
    ...(sidecar ? { variablesText: await readText(file.with({ path: sidecar })) } : {}),
    documentName: documentPath.slice(documentPath.lastIndexOf('/') + 1),
    ...(schema ? { schema } : {}),
  };
}

/**
 * The id of an operation's or a case's item: `<file>#<operation>` and `<file>#<operation>/<case>`,
 * names URI-encoded (VS Code refuses ids with a NUL character, as core's case keys have).
 */
export function itemId(file: vscode.Uri, operation: string, caseName?: string): string {
  return `${file.toString()}#${encodeURIComponent(operation)}${caseName === undefined ? '' : `/${encodeURIComponent(caseName)}`}`;
}

/** The range of a place of the test file. */
export function rangeOf(place: Place): vscode.Range {
  return new vscode.Range(place.line - 1, place.column - 1, place.line - 1, place.column - 1);
}

/**
 * The Testing view's tree: one item per test file (labelled with its document), one per operation,
 * one per case (at its line); and the files' problems in Problems, each at its line (a snapshot
 * taken on another version of the schema of the file's environment as a warning).
 */
export class TestTree implements vscode.Disposable {
  readonly data = new WeakMap<vscode.TestItem, ItemData>();
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('tenantGraphql.tests');
  private readonly disposables: vscode.Disposable[] = [this.diagnostics];

  /**
   * `onError`: a test file that could not be read into the tree (logged, not an unhandled rejection).
   * `schemaOf`: the schema of the environment a test file's folder uses, when loaded.
   */
  constructor(
    private readonly controller: vscode.TestController,
    onError: (file: vscode.Uri, err: unknown) => void,
    private readonly schemaOf: (file: vscode.Uri) => TestFileInputs['schema'] = () => undefined,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILE_GLOB);
    const refresh = (file: vscode.Uri) => void this.refresh(file).catch((err: unknown) => onError(file, err));
    this.disposables.push(
      watcher,
      watcher.onDidCreate(refresh),
      watcher.onDidChange(refresh),
      watcher.onDidDelete((uri) => this.remove(uri)),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        const file = testFileOf(doc.uri);
        if (file) {
          refresh(file);
        }
      }),
    );
  }

  /** Finds every test file of the workspace. */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(TEST_FILE_GLOB, '**/node_modules/**');
    for (const file of files) {
      await this.refresh(file);
    }
  }

  /** Reads every test file of the tree again (the schema they are checked against changed). */
  async refreshAll(): Promise<void> {
    const files: vscode.Uri[] = [];
    this.controller.items.forEach((item) => {
      if (item.uri) {
        files.push(item.uri);
      }
    });
    for (const file of files) {
      await this.refresh(file);
    }
  }

  /** Reads a test file again and rebuilds its items. */
  async refresh(file: vscode.Uri): Promise<vscode.TestItem | undefined> {
    const inputs = await inputsOf(file, this.schemaOf(file));
    if (!inputs) {
      this.remove(file);
      return undefined;
    }
    const { file: parsed, problems } = checkTestFile(inputs);
    const fileItem = this.controller.items.get(file.toString()) ?? this.controller.createTestItem(file.toString(), inert(inputs.documentName, { sink: 'treeItem' }), file);
    fileItem.description = vscode.workspace.asRelativePath(file.with({ path: file.path.slice(0, file.path.lastIndexOf('/')) }), false);
    this.data.set(fileItem, { file });
    const operations: vscode.TestItem[] = [];
    for (const op of parsed.operations) {
      const opItem = this.controller.createTestItem(itemId(file, op.operation), inert(op.operation, { sink: 'treeItem' }), file);
      opItem.range = rangeOf(op.place);
      this.data.set(opItem, { file, operation: op.operation });
      opItem.children.replace(
        op.cases.map((c) => {
          const item = this.controller.createTestItem(itemId(file, op.operation, c.name), inert(c.name, { sink: 'treeItem' }), file);
          item.range = rangeOf(c.place);
          this.data.set(item, { file, operation: op.operation, caseName: c.name });
          return item;
        }),
      );
      operations.push(opItem);
    }
    fileItem.children.replace(operations);
    // The item's error is for what keeps cases from running; a warning is in Problems only.
    const errors = problems.filter((p) => p.severity !== 'warning');
    fileItem.error = errors.length ? new vscode.MarkdownString(inert(errors.map((p) => `line ${p.place.line}: ${p.message}`).join('\n\n'), { sink: 'markdown' })) : undefined;
    this.controller.items.add(fileItem);
    this.diagnostics.set(
      file,
      problems.map((p) => {
        const d = new vscode.Diagnostic(
          rangeOf(p.place).with({ end: new vscode.Position(p.place.line - 1, p.place.column - 1 + Math.max(1, p.place.length)) }),
          inert(p.message, { sink: 'diagnostic' }),
          p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
        );
        d.source = 'Tenant GraphQL tests';
        return d;
      }),
    );
    return fileItem;
  }

  private remove(file: vscode.Uri): void {
    this.controller.items.delete(file.toString());
    this.diagnostics.delete(file);
  }

  dispose(): void {
    for (const d of this.disposables) {
      d.dispose();
    }
  }
}

/** The test file a saved file concerns: itself, or the test file of a document or of its variables file. */
export function testFileOf(uri: vscode.Uri): vscode.Uri | undefined {
  if (documentPathOf(uri.path)) {
    return uri;
  }
  if (/\.(graphql|gql)$/i.test(uri.path)) {
    return uri.with({ path: `${uri.path}.test.json` });
  }
  const variables = /^(.*)\.variables\.json$/i.exec(uri.path);
  if (variables) {
    return uri.with({ path: `${variables[1]}.graphql.test.json` });
  }
  return undefined;
}
