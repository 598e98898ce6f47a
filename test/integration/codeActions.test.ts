import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunOutcome } from '../../src/run/runController';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { admin, eventually, extensionId, openFixture, openScratch, refreshSchema, signInToSandbox, workspaceRoot, writeFile } from './helpers';

const STAND_IN = 'const gql = (s: TemplateStringsArray, ...v: unknown[]): string => String.raw({ raw: s }, ...v);\n';

async function scratch(language: 'graphql' | 'typescript', content: string): Promise<vscode.TextDocument> {
  const doc = await openScratch(language, content);
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** The range of the `nth` occurrence of `needle` (from the end when nth is negative). */
function rangeOf(doc: vscode.TextDocument, needle: string, last = false, length = needle.length): vscode.Range {
  const at = last ? doc.getText().lastIndexOf(needle) : doc.getText().indexOf(needle);
  assert.ok(at >= 0, `"${needle}" is in the document`);
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + length));
}

function diagnosticsFrom(uri: vscode.Uri, source: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === source);
}

/** Waits for a validation problem whose message matches, then asks VS Code for the code actions on its range. */
async function actionsAt(doc: vscode.TextDocument, message: RegExp, kind?: vscode.CodeActionKind): Promise<{ diagnostic: vscode.Diagnostic; actions: vscode.CodeAction[] }> {
  const diagnostic = await eventually(
    () => vscode.languages.getDiagnostics(doc.uri).find((d) => d.source === 'GraphQL' && message.test(d.message)),
    `a problem matching ${message}`,
    45_000,
    () => JSON.stringify(vscode.languages.getDiagnostics(doc.uri).map((d) => d.message)),
  );
  const actions = await codeActionsAt(doc.uri, diagnostic.range, kind);
  return { diagnostic, actions };
}

/** VS Code's code actions at a range (kind and the number of actions to resolve only when given). */
async function codeActionsAt(uri: vscode.Uri, range: vscode.Range, kind?: vscode.CodeActionKind, resolve?: number): Promise<vscode.CodeAction[]> {
  const args: unknown[] = [uri, range, ...(kind ? [kind.value] : []), ...(resolve ? [resolve] : [])];
  try {
    return await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', ...(args as [unknown]));
  } catch (err) {
    throw new Error(`code actions at ${uri.path} ${JSON.stringify(range)}: ${String(err)}`);
  }
}

async function apply(action: vscode.CodeAction | undefined, what: string): Promise<void> {
  assert.ok(action, `${what} is offered`);
  assert.ok(action.edit, `${what} carries its edit`);
  assert.equal(await vscode.workspace.applyEdit(action.edit), true);
}

async function noGraphqlProblems(doc: vscode.TextDocument): Promise<void> {
  await eventually(
    () => (diagnosticsFrom(doc.uri, 'GraphQL').filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length === 0 ? true : undefined),
    'no GraphQL errors after the fix',
    45_000,
    () => `${doc.getText()}\n${JSON.stringify(diagnosticsFrom(doc.uri, 'GraphQL').map((d) => d.message))}`,
  );
}

describe('Code actions: quick fixes and refactorings (Sandbox schema)', function () {
  this.timeout(60_000);

  before(async () => {
    await admin('/faults', undefined, 'DELETE');
    await signInToSandbox('alice');
    await refreshSchema();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  const cases: { name: string; language: 'graphql' | 'typescript'; wrap: (q: string) => string }[] = [
    { name: 'a .graphql document', language: 'graphql', wrap: (q) => q },
    { name: 'a gql template of a .ts file', language: 'typescript', wrap: (q) => `${STAND_IN}const before = 1;\nexport const Q = gql\`\n${q}\`;\nconst after = before;\n` },
  ];

  for (const c of cases) {
    it(`Did you mean: changes "nmae" to "name" in ${c.name} (preferred), the problem goes away`, async () => {
      const doc = await scratch(c.language, c.wrap('query Names {\n  tasks(first: 2) {\n    edges {\n      node {\n        nmae\n      }\n    }\n  }\n}\n'));
      const { actions } = await actionsAt(doc, /Cannot query field "nmae"/);
      const fix = actions.find((a) => a.title === 'Change `nmae` to `name`');
      assert.equal(fix?.kind?.value, 'quickfix');
      assert.equal(fix?.isPreferred, true);
      await apply(fix, 'Change to name');
      assert.ok(doc.getText().includes('      node {\n        name\n      }'), doc.getText());
      if (c.language === 'typescript') {
        assert.ok(doc.getText().startsWith(STAND_IN) && doc.getText().endsWith('`;\nconst after = before;\n'), 'the code around the template is untouched');
      }
      await noGraphqlProblems(doc);
    });

    it(`Variables: declares an undefined variable with its argument's type, and removes an unused one, in ${c.name}`, async () => {
      const doc = await scratch(c.language, c.wrap('query Urgent($unused: Int) {\n  tasks(filter: { priority: $priority }) {\n    totalCount\n  }\n}\n'));
      const declare = (await actionsAt(doc, /Variable "\$priority" is not defined/)).actions.find((a) => a.title === 'Declare `$priority: TaskPriority`');
      await apply(declare, 'Declare $priority');
      assert.ok(doc.getText().includes('query Urgent($unused: Int, $priority: TaskPriority) {'), doc.getText());
      const remove = (await actionsAt(doc, /Variable "\$unused" is never used/)).actions.find((a) => a.title === 'Remove unused `$unused`');
      await apply(remove, 'Remove $unused');
      assert.ok(doc.getText().includes('query Urgent($priority: TaskPriority) {'), doc.getText());
      await noGraphqlProblems(doc);
    });

    it(`Extract fragment: the selected fields become a fragment, named through the command, in ${c.name}`, async () => {
      const doc = await scratch(c.language, c.wrap('query One {\n  task(id: "task-1") {\n    id\n    name\n    status\n  }\n}\n'));
      const selection = rangeOf(doc, 'id\n    name');
      const actions = await codeActionsAt(doc.uri, selection, vscode.CodeActionKind.RefactorExtract);
      const extract = actions.find((a) => a.title === 'Extract fragment…');
      assert.ok(extract?.command, 'Extract fragment is offered, as a command that asks for the name');
      assert.equal(extract.kind?.value, 'refactor.extract');
      const [uri, range] = extract.command.arguments as [vscode.Uri, vscode.Range];
      assert.equal(await vscode.commands.executeCommand(extract.command.command, uri, range, 'TaskBasics', 'template'), true);
      assert.ok(doc.getText().includes('  task(id: "task-1") {\n    ...TaskBasics\n    status\n  }'), doc.getText());
      assert.ok(doc.getText().includes('fragment TaskBasics on Task {\n  id\n  name\n}\n'), doc.getText());
      if (c.language === 'typescript') {
        assert.ok(doc.getText().endsWith('}\n`;\nconst after = before;\n'), `the fragment stays inside the template: ${doc.getText()}`);
      }
      await noGraphqlProblems(doc);
    });
  }

  it('Extract fragment into a new gql constant: the constant goes before the statement, the template interpolates it (.ts template)', async () => {
    const doc = await scratch(
      'typescript',
      `${STAND_IN}const before = 1;\nexport const Q = gql\`\n  query One {\n    task(id: "task-1") {\n      id\n      name\n      status\n    }\n  }\n\`;\nconst after = before;\n`,
    );
    const selection = rangeOf(doc, 'id\n      name');
    const actions = await codeActionsAt(doc.uri, selection, vscode.CodeActionKind.RefactorExtract);
    const extract = actions.find((a) => a.title === 'Extract fragment…');
    assert.ok(extract?.command, 'Extract fragment is offered in the template');
    const [uri, range] = extract.command.arguments as [vscode.Uri, vscode.Range];
    assert.equal(await vscode.commands.executeCommand(extract.command.command, uri, range, 'TaskBasics', 'constant'), true);
    assert.ok(
      doc
        .getText()
        .endsWith(
          'const before = 1;\nconst TaskBasicsFragment = gql`\n  fragment TaskBasics on Task {\n    id\n    name\n  }\n`;\n\nexport const Q = gql`\n  query One {\n    task(id: "task-1") {\n      ...TaskBasics\n      status\n    }\n  }\n  ${TaskBasicsFragment}\n`;\nconst after = before;\n',
        ),
      doc.getText(),
    );
    await noGraphqlProblems(doc);
  });

  it('Add selection, required argument and deprecated replacement on a .graphql document', async () => {
    const doc = await scratch(
      'graphql',
      'query Mixed {\n  me\n  search {\n    __typename\n  }\n  files(first: 1) {\n    edges {\n      node {\n        size\n      }\n    }\n  }\n}\n',
    );
    await apply(
      (await actionsAt(doc, /Field "me" of type "User" must have a selection/)).actions.find((a) => a.title === 'Add selection `{ id }`'),
      'Add selection',
    );
    await apply(
      // graphql 16 words it `argument "text" of type …`, 17 `Argument "Query.search(text:)" of type …`.
      (await actionsAt(doc, /[Aa]rgument "(?:text|Query\.search\(text:\))" of type "String!" is required/)).actions.find((a) => a.title === 'Add required argument `text:`'),
      'Add argument',
    );
    await apply(
      (await actionsAt(doc, /File\.size is deprecated/)).actions.find((a) => a.title === 'Replace deprecated `size` with `sizeBytes`'),
      'Replace size',
    );
    assert.equal(
      doc.getText(),
      'query Mixed {\n  me { id }\n  search(text: "") {\n    __typename\n  }\n  files(first: 1) {\n    edges {\n      node {\n        sizeBytes\n      }\n    }\n  }\n}\n',
    );
    await noGraphqlProblems(doc);
  });

  it('fixes the Service\'s error in a run ("nmae" in run/typo.graphql); the run then succeeds', async () => {
    const doc = await openFixture('run/typo.graphql');
    const run = () => vscode.commands.executeCommand<RunOutcome | undefined>('tenantGraphql.runOperation', { uri: doc.uri });
    const failed = await run();
    assert.equal(failed?.errors, 1);
    const server = diagnosticsFrom(doc.uri, 'GraphQL (server)')[0];
    assert.ok(server, 'a GraphQL (server) diagnostic');
    const actions = await codeActionsAt(doc.uri, server.range);
    const fix = actions.filter((a) => a.title === 'Change `nmae` to `name`');
    assert.equal(fix.length, 1, 'one fix for the local and the server problem on the same token');
    // The server's diagnostic alone (as for a closed file's or a template's run) gets the same fix, from its message.
    const language = (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).language;
    const fromServer = (await language.codeActions(doc, server.range, [server])).filter((a) => a.kind?.value === 'quickfix');
    assert.deepEqual(
      fromServer.map((a) => [a.title, a.diagnostics?.map((d) => d.source)]),
      [['Change `nmae` to `name`', ['GraphQL (server)']]],
    );
    await apply(fix[0], 'Change to name');
    assert.equal(doc.getText().slice(doc.offsetAt(server.range.start), doc.offsetAt(server.range.start) + 4), 'name');
    const succeeded = await run();
    assert.equal(succeeded?.status, 200, succeeded?.message);
    assert.equal(succeeded.errors, 0);
    // Revert this file, not whatever editor the run's result left active (the result's JSON
    // document, when the panel fell back to it): later describes run typo.graphql for its error.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.ok(doc.getText().includes('nmae'), 'typo.graphql reverted');
  });

  it('Variables and the sidecar: adds a declared variable with a typed placeholder, removes a key no operation declares, extracts a literal into a variable', async () => {
    const dir = vscode.Uri.joinPath(workspaceRoot(), 'codeActions');
    const graphqlUri = vscode.Uri.joinPath(dir, 'urgent.graphql');
    const sidecarUri = vscode.Uri.joinPath(dir, 'urgent.variables.json');
    await writeFile(graphqlUri, 'query Urgent($priority: TaskPriority!) {\n  tasks(first: 3, filter: { priority: $priority }) {\n    totalCount\n  }\n}\n');
    const doc = await vscode.workspace.openTextDocument(graphqlUri);
    await vscode.window.showTextDocument(doc);
    await eventually(() => (diagnosticsFrom(doc.uri, 'GraphQL').length === 0 && doc.getText().length > 0 ? true : undefined), 'the document validated');

    const onVariable = rangeOf(doc, '$priority: TaskPriority!', false, 0);
    const actions = await codeActionsAt(doc.uri, onVariable);
    await apply(
      actions.find((a) => a.title === 'Add `priority` to urgent.variables.json'),
      'Add priority to the sidecar',
    );
    const sidecar = await vscode.workspace.openTextDocument(sidecarUri);
    assert.deepEqual(JSON.parse(sidecar.getText()), { Urgent: { priority: 'LOW' } });
    await sidecar.save();
    const again = await codeActionsAt(doc.uri, onVariable);
    assert.equal(
      again.find((a) => a.title.startsWith('Add `priority`')),
      undefined,
      'not offered once the sidecar has it',
    );

    // The reverse: a key the operation does not declare, removed from the sidecar's problem.
    await writeFile(sidecarUri, '{\n  "Urgent": {\n    "priority": "LOW",\n    "extra": 1\n  }\n}\n');
    // (VS Code answers code actions only for an open document.)
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(sidecarUri));
    const problem = await eventually(
      () => vscode.languages.getDiagnostics(sidecarUri).find((d) => /declares no variable \$extra/.test(d.message)),
      'the sidecar problem about extra',
    );
    const remove = (await codeActionsAt(sidecarUri, problem.range)).find((a) => a.title === 'Remove `extra` from urgent.variables.json');
    await apply(remove, 'Remove extra');
    assert.deepEqual(JSON.parse((await vscode.workspace.openTextDocument(sidecarUri)).getText()), { Urgent: { priority: 'LOW' } });
    await (await vscode.workspace.openTextDocument(sidecarUri)).save();
    await vscode.window.showTextDocument(doc);

    // Extract variable: `first: 3` becomes `$first: Int`, its value in the sidecar (the edit made when picked).
    const literal = rangeOf(doc, 'first: 3', false, 0);
    const extract = (await codeActionsAt(doc.uri, literal, vscode.CodeActionKind.RefactorExtract, 10)).find(
      (a) => a.title === 'Extract variable `$first` (value to urgent.variables.json)',
    );
    await apply(extract, 'Extract variable');
    assert.ok(doc.getText().startsWith('query Urgent($priority: TaskPriority!, $first: Int) {\n  tasks(first: $first, filter: { priority: $priority }) {'), doc.getText());
    assert.deepEqual(JSON.parse((await vscode.workspace.openTextDocument(sidecarUri)).getText()), { Urgent: { priority: 'LOW', first: 3 } });
    await noGraphqlProblems(doc);
    await vscode.workspace.saveAll(false);
    await vscode.workspace.fs.delete(dir, { recursive: true });
  });
});
