import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { WorkspaceValidationSummary } from '../../src/core/language/workspaceValidation';
import { admin, eventually, extensionId, freshSandboxSchema, refreshSchema, workspaceRoot, writeFile } from './helpers';

const DUE_DATES = 'query TaskDueDates {\n  tasks(first: 5) {\n    edges {\n      node {\n        id\n        dueDate\n      }\n    }\n  }\n}\n';
/** A code file nobody opens, with the same operation in a gql template after some unicode. */
const DUE_DATES_TS =
  "import { gql } from 'graphql-tag';\n\nconst label = '📅 due';\nexport const TaskDueDates = gql`\n  query TaskDueDatesInCode {\n    tasks(first: 5) { edges { node { id dueDate } } }\n  }\n`;\n";
const DUE_DATE_ERROR = /Cannot query field "dueDate" on type "Task"/;

function isOpen(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
}

function dueDateProblems(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => DUE_DATE_ERROR.test(d.message));
}

describe('Schema changes: Sandbox schema version 2, notice, Show Changes, closed files in Problems, Validate Workspace', function () {
  this.timeout(90_000);
  let api: TenantGraphqlTestApi;
  const folder = () => vscode.Uri.joinPath(workspaceRoot(), 'schemaChanges');
  const dueDates = () => vscode.Uri.joinPath(folder(), 'dueDates.graphql');
  const dueDatesTs = () => vscode.Uri.joinPath(folder(), 'dueDates.ts');

  before(async () => {
    api = (await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate())!;
    await freshSandboxSchema('alice');
    // A file of the workspace that nobody opens: it selects the field version 2 renames.
    await writeFile(dueDates(), DUE_DATES);
    await writeFile(dueDatesTs(), DUE_DATES_TS);
  });

  after(async () => {
    // The other suites share this Sandbox: back to version 1, and the extension to its schema.
    await admin('/schema', { version: 1 });
    await refreshSchema();
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('tells "1 breaking, 1 dangerous" after a refresh brings version 2, and the closed file that broke shows in Problems', async () => {
    assert.deepEqual(await admin('/schema', { version: 2 }), { version: 2, versions: [1, 2] });
    const outcome = await refreshSchema();
    assert.equal(outcome.changed, true);
    const notice = await eventually(() => {
      const text = api.lastSchemaChangeNotice();
      return text?.includes('1 breaking, 1 dangerous') ? text : undefined;
    }, 'the schema-change notice');
    assert.equal(notice, 'The schema of Sandbox changed: 1 breaking, 1 dangerous. GraphQL files of the workspace are being validated again.');

    const problems = await eventually(() => {
      const found = dueDateProblems(dueDates());
      return found.length > 0 ? found : undefined;
    }, 'the closed file’s error in Problems');
    assert.equal(isOpen(dueDates()), false, 'the broken file was never opened');
    assert.equal(problems.length, 1);
    assert.equal(problems[0].severity, vscode.DiagnosticSeverity.Error);
    assert.equal(problems[0].range.start.line, 5);
    assert.equal(problems[0].range.start.character, 8);

    // The template of a closed code file broke too: its problem is on `dueDate` in the .ts file.
    const inCode = await eventually(() => {
      const found = dueDateProblems(dueDatesTs());
      return found.length > 0 ? found : undefined;
    }, 'the closed code file’s error in Problems');
    assert.equal(isOpen(dueDatesTs()), false, 'the code file was never opened');
    assert.equal(inCode.length, 1);
    const line = DUE_DATES_TS.split('\n')[5];
    assert.deepEqual(
      [inCode[0].range.start.line, inCode[0].range.start.character, inCode[0].range.end.line, inCode[0].range.end.character],
      [5, line.indexOf('dueDate'), 5, line.indexOf('dueDate') + 'dueDate'.length],
    );
  });

  it('Show Changes opens a read-only view: breaking then dangerous, with schema coordinates', async () => {
    const shown = await vscode.commands.executeCommand<{ uri: string; summary: string } | undefined>('tenantGraphql.showSchemaChanges');
    assert.ok(shown, 'the command opens the view');
    assert.equal(shown.summary, '1 breaking, 1 dangerous');
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.toString(), shown.uri);
    const text = doc.getText();
    const breaking = text.indexOf('## Breaking (1)');
    const dangerous = text.indexOf('## Dangerous (1)');
    assert.ok(breaking > 0 && dangerous > breaking, text);
    const dueDate = text.indexOf('`Task.dueDate`');
    assert.ok(dueDate > breaking && dueDate < dangerous, text);
    assert.ok(text.indexOf('`TaskStatus.BLOCKED`') > dangerous, text);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('opening the broken file shows its problem once (the as-you-type diagnostics take over)', async () => {
    const doc = await vscode.workspace.openTextDocument(dueDates());
    await vscode.window.showTextDocument(doc);
    // Give both collections time to settle: the as-you-type one validates the opened file.
    await eventually(
      () => (vscode.languages.getDiagnostics(dueDates()).some((d) => d.source === 'GraphQL' && DUE_DATE_ERROR.test(d.message)) ? true : undefined),
      'live diagnostics',
    );
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(dueDateProblems(dueDates()).length, 1, JSON.stringify(vscode.languages.getDiagnostics(dueDates()).map((d) => d.message)));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Validate Workspace (palette) validates every GraphQL file, a just-written closed one included', async () => {
    const contributed = (vscode.extensions.getExtension(extensionId)!.packageJSON.contributes.commands as { command: string; title: string; category: string }[]).find(
      (c) => c.command === 'tenantGraphql.validateWorkspace',
    );
    assert.deepEqual(contributed && { title: contributed.title, category: contributed.category }, { title: 'Validate Workspace', category: 'Tenant GraphQL' });
    const fresh = vscode.Uri.joinPath(folder(), 'fresh.graphql');
    await writeFile(fresh, 'query Fresh {\n  tasks(filter: { status: BLOCKED }) {\n    edges {\n      node {\n        dueDate\n      }\n    }\n  }\n}\n');
    const summary = await vscode.commands.executeCommand<WorkspaceValidationSummary>('tenantGraphql.validateWorkspace');
    assert.ok(summary && 'validated' in summary, JSON.stringify(summary));
    assert.ok(summary.validated >= 6, `validated ${summary.validated} files`);
    assert.ok(summary.codeFiles >= 2 && summary.templates >= 2, `${summary.codeFiles} code files, ${summary.templates} templates`);
    assert.ok(summary.documentsWithErrors >= 2, `${summary.documentsWithErrors} files with errors`);
    // The run's results are in Problems when the command resolves; BLOCKED (version 2) is valid.
    assert.equal(isOpen(fresh), false);
    const problems = vscode.languages.getDiagnostics(fresh);
    assert.equal(problems.length, 1, JSON.stringify(problems.map((d) => d.message)));
    assert.match(problems[0].message, DUE_DATE_ERROR);
    assert.equal(problems[0].range.start.line, 4);
    assert.equal(dueDateProblems(dueDates()).length, 1);
    assert.equal(dueDateProblems(dueDatesTs()).length, 1);
  });

  it('opening the broken code file shows its problem once (the template diagnostics as you type take over)', async () => {
    const doc = await vscode.workspace.openTextDocument(dueDatesTs());
    await vscode.window.showTextDocument(doc);
    await eventually(
      () => (vscode.languages.getDiagnostics(dueDatesTs()).some((d) => d.source === 'GraphQL' && DUE_DATE_ERROR.test(d.message)) ? true : undefined),
      'live diagnostics in the template',
    );
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(dueDateProblems(dueDatesTs()).length, 1, JSON.stringify(vscode.languages.getDiagnostics(dueDatesTs()).map((d) => d.message)));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('back on version 1, the refresh validates again and the problems go', async () => {
    await admin('/schema', { version: 1 });
    await refreshSchema();
    await eventually(() => (dueDateProblems(dueDates()).length === 0 ? true : undefined), 'the dueDate problem to go');
    await eventually(() => (dueDateProblems(dueDatesTs()).length === 0 ? true : undefined), 'the code file’s dueDate problem to go');
    // Going back removes Task.dueOn and TaskStatus.BLOCKED: both breaking.
    await eventually(() => (api.lastSchemaChangeNotice()?.includes('2 breaking, 0 dangerous') ? true : undefined), 'the notice of the way back');
    // The language worker kept version 2 (it loaded it, or the host asked it to): it compared the versions, off the host's thread.
    assert.equal(api.lastSchemaChangeWhere(), 'worker');
  });
});
