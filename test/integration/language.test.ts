import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { admin, eventually, extensionId, openFixture, openScratch, sandbox, signInToSandbox } from './helpers';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { EnvironmentSchema } from '../../src/core/schema/environmentSchema';
import type { RefreshOutcome } from '../../src/core/schema/schemaSnapshot';
import { nullLogger } from '../../src/core/logger';

/** Opens an unsaved GraphQL document (no file, no graphql-config: the environment's schema applies). */
async function scratch(content: string): Promise<vscode.TextEditor> {
  const doc = await openScratch('graphql', content);
  return vscode.window.showTextDocument(doc);
}

/** Position of the `nth` character of `needle` on the first line that holds it. */
function positionOf(doc: vscode.TextDocument, needle: string, offsetInNeedle = 1): vscode.Position {
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `"${needle}" is in ${doc.uri.path}`);
  return doc.positionAt(at + offsetInNeedle);
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n');
}

function targetOf(def: vscode.Location | vscode.LocationLink): { uri: vscode.Uri; range: vscode.Range } {
  return 'targetUri' in def ? { uri: def.targetUri, range: def.targetSelectionRange ?? def.targetRange } : def;
}

describe('Language features from the live schema (Sandbox)', function () {
  this.timeout(60_000);
  let signedIn: RefreshOutcome;

  before(async () => {
    await admin('/faults', undefined, 'DELETE');
    await signInToSandbox('alice');
    signedIn = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(signedIn.ok, true, `the schema loads after sign-in: ${signedIn.reason ?? ''}`);
  });

  afterEach(async () => {
    await admin('/faults', undefined, 'DELETE');
  });

  after(async () => {
    await vscode.commands.executeCommand('tenantGraphql.explorer.clearFilter');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('offers tasks at the root of a query, with its type and description', async () => {
    const editor = await scratch('query {\n  \n}\n');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(1, 2));
    const tasks = list.items.find((i) => labelOf(i) === 'tasks');
    assert.ok(tasks, `completion offers tasks; got ${list.items.map(labelOf).join(', ')}`);
    assert.equal(tasks.kind, vscode.CompletionItemKind.Field);
    assert.equal(tasks.detail, 'TaskConnection!');
    assert.match((tasks.documentation as vscode.MarkdownString).value, /Tasks visible to the token/);
  });

  it('strikes deprecated fields through in completion', async () => {
    // graphql-language-service offers deprecated fields only when nothing current matches the typed text.
    const editor = await scratch('{\n  task(id: "task-1") {\n    done\n  }\n}\n');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(2, 8));
    const done = list.items.find((i) => labelOf(i) === 'done');
    assert.ok(done, `completion offers the deprecated field done; got ${list.items.map(labelOf).join(', ')}`);
    assert.deepEqual(done.tags, [vscode.CompletionItemTag.Deprecated]);
    assert.match((done.documentation as vscode.MarkdownString).value, /Use status instead/);
    // Asked again (the documentation now comes from the adapter's memo): the same item.
    const again = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(2, 8));
    const doneAgain = again.items.find((i) => labelOf(i) === 'done');
    assert.deepEqual(doneAgain?.tags, [vscode.CompletionItemTag.Deprecated]);
    assert.equal((doneAgain?.documentation as vscode.MarkdownString | undefined)?.value, (done.documentation as vscode.MarkdownString).value);
    const root = await scratch('query {\n  \n}\n');
    const current = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', root.document.uri, new vscode.Position(1, 2));
    assert.equal(current.items.find((i) => labelOf(i) === 'tasks')?.tags, undefined, 'current fields are not struck through');
  });

  it('shows TaskPriority and its description on hover over priority', async () => {
    const doc = await openFixture('tasks.graphql');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, '        priority', 10));
    const text = hoverText(hovers);
    assert.match(text, /TaskPriority/);
    assert.match(text, /How urgent the task is\./);
  });

  it('underlines an unknown field with a suggestion, in the "GraphQL" diagnostics', async () => {
    const editor = await scratch('query Mine {\n  tasks {\n    edges {\n      node {\n        nmae\n      }\n    }\n  }\n}\n');
    const diagnostics = await eventually(() => {
      const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'GraphQL');
      return found.length > 0 ? found : undefined;
    }, 'validation diagnostics');
    assert.equal(diagnostics.length, 1);
    const [d] = diagnostics;
    assert.match(d.message, /Cannot query field "nmae" on type "Task"\. Did you mean "name"\?/);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual([d.range.start.line, d.range.start.character, d.range.end.character], [4, 8, 12]);
  });

  it('re-validates as you type and tags deprecated usage', async () => {
    const editor = await scratch('{\n  task(id: "task-1") {\n    nmae\n  }\n}\n');
    await eventually(() => (vscode.languages.getDiagnostics(editor.document.uri).length > 0 ? true : undefined), 'first diagnostics');
    await editor.edit((b) => b.replace(new vscode.Range(2, 4, 2, 8), 'done'));
    const diagnostics = await eventually(() => {
      const found = vscode.languages.getDiagnostics(editor.document.uri);
      return found.length === 1 && !found[0].message.includes('nmae') ? found : undefined;
    }, 'diagnostics of the edited text');
    assert.equal(diagnostics[0].severity, vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(diagnostics[0].tags, [vscode.DiagnosticTag.Deprecated]);
    assert.match(diagnostics[0].message, /deprecated/i);
  });

  it('reads the text as edited: several cursors at once, a paste of lines, a deletion, undo and redo', async () => {
    const api = (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).language;
    const editor = await scratch('{\n  task(id: "task-1") {\n    name\n  }\n  me { id }\n}\n');
    const document = editor.document;
    const same = (what: string) => assert.equal(api.text(document), document.getText(), what);
    same('opened');
    // One operation with three changes (what several cursors type): one event, its changes last first.
    await editor.edit((b) => {
      b.insert(new vscode.Position(1, 2), ' ');
      b.insert(new vscode.Position(2, 8), ' status');
      b.insert(new vscode.Position(4, 9), ' name');
    });
    same('three cursors');
    await editor.edit((b) => b.insert(new vscode.Position(3, 3), '\n  viewer {\n    scopes\n  }'));
    same('a paste of lines');
    await editor.edit((b) => b.delete(new vscode.Range(1, 0, 2, 0)));
    same('a deletion across lines');
    await vscode.commands.executeCommand('undo');
    same('undo');
    await vscode.commands.executeCommand('redo');
    same('redo');
    const items = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(1, 4));
    assert.ok(items.items.length > 0, 'completion answers on the edited text');
  });

  it('jumps from a fragment spread to its definition in another file', async () => {
    const doc = await openFixture('taskList.graphql');
    const target = await eventually(async () => {
      const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, positionOf(doc, '...TaskParts', 5));
      return defs.length > 0 ? targetOf(defs[0]) : undefined;
    }, 'the fragment definition');
    assert.equal(path.basename(target.uri.path), 'fragments.gql');
    assert.equal(target.range.start.line, 0);
    const diagnostics = vscode.languages.getDiagnostics(doc.uri);
    assert.deepEqual(
      diagnostics.map((d) => d.message),
      [],
      'the fragment from the other file is known to validation',
    );
  });

  it('goes to the definition of a type in the read-only SDL view, at its line', async () => {
    const doc = await openFixture('tasks.graphql');
    const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, positionOf(doc, 'TaskPriority!', 3));
    assert.equal(defs.length, 1);
    const target = targetOf(defs[0]);
    assert.equal(target.uri.scheme, 'tenant-graphql-schema');
    assert.equal(target.uri.path, '/Sandbox.graphql');
    const sdl = await vscode.workspace.openTextDocument(target.uri);
    assert.equal(sdl.languageId, 'graphql');
    assert.match(sdl.lineAt(target.range.start.line).text, /^enum TaskPriority \{/);
  });

  it('lists operations in the outline and operations and fragments as workspace symbols', async () => {
    const doc = await openFixture('tasks.graphql');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    assert.equal(symbols[0]?.name, 'UrgentTasks');
    assert.ok(symbols[0].children.some((c) => c.name === 'tasks'));
    const found = await eventually(async () => {
      const all = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'TaskParts');
      return all.find((s) => s.name === 'TaskParts');
    }, 'the TaskParts workspace symbol');
    assert.equal(path.basename(found.location.uri.path), 'fragments.gql');
  });

  it('lists Task in the schema explorer, and filters it', async () => {
    const all = await vscode.commands.executeCommand<string[]>('tenantGraphql.explorer.filter', '');
    assert.equal(all[0], 'Query', 'the query root comes first');
    assert.ok(all.includes('Mutation'));
    assert.ok(all.includes('Task'), `explorer roots: ${all.join(', ')}`);
    const filtered = await vscode.commands.executeCommand<string[]>('tenantGraphql.explorer.filter', 'priority');
    assert.ok(filtered.includes('Task') && filtered.includes('TaskPriority'), `filtered: ${filtered.join(', ')}`);
    assert.ok(!filtered.includes('User'), 'types without a matching name or field are hidden');
    const cleared = await vscode.commands.executeCommand<string[]>('tenantGraphql.explorer.clearFilter');
    assert.deepEqual(cleared, all);
  });

  it('inserts a field from the explorer with a selection set, and opens its definition', async () => {
    const editor = await scratch('query {\n  \n}\n');
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    const inserted = await vscode.commands.executeCommand<boolean>('tenantGraphql.explorer.insertField', { kind: 'field', typeName: 'Query', fieldName: 'tasks' });
    assert.equal(inserted, true);
    assert.match(editor.document.getText(), /^query \{\n {2}tasks \{\n\s*\n {2}\}\n\}/);
    const shown = await vscode.commands.executeCommand<{ uri: string; line: number }>('tenantGraphql.explorer.goToDefinition', {
      kind: 'field',
      typeName: 'Task',
      fieldName: 'priority',
    });
    const active = vscode.window.activeTextEditor!;
    assert.equal(active.document.uri.toString(), shown.uri);
    assert.match(active.document.lineAt(shown.line).text, /^ {2}priority: TaskPriority!/);
  });

  it('caches the schema on disk with time and hash, and a new service loads it without the network', async () => {
    const file = signedIn.cacheFile!;
    const text = await readFile(file, 'utf8');
    const head = JSON.parse(`${text.slice(0, text.indexOf(',"introspection":'))}}`) as { environment: string; fetchedAt: string; sha256: string };
    // The cache belongs to the server (its addresses and client id), not to the name "Sandbox".
    const sb = sandbox();
    const key = `${sb.authUrl} ${sb.baseUrl} ${sb.clients.find((c) => c.type === 'public')!.clientId}`;
    assert.equal(head.environment, key);
    assert.equal(head.sha256, signedIn.sha256);
    assert.ok(!Number.isNaN(Date.parse(head.fetchedAt)));
    const active = new vscode.EventEmitter<void>();
    let introspections = 0;
    const reloaded = new EnvironmentSchema({
      storageDir: path.dirname(file),
      logger: nullLogger,
      activeEnvironment: () => ({ name: 'Sandbox', key, sessionId: () => Promise.resolve(undefined) }),
      onDidChangeActive: active.event,
      introspect: () => {
        introspections++;
        return Promise.reject(new Error('offline'));
      },
      isNotSignedIn: () => false,
      ttlMs: () => 3_600_000,
    });
    try {
      await reloaded.start();
      const snapshot = reloaded.current();
      assert.equal(snapshot?.source, 'cache');
      assert.equal(snapshot?.sha256, signedIn.sha256);
      assert.ok(snapshot?.schema.getType('Task'));
      assert.equal(reloaded.state.kind, 'notSignedIn');
      assert.equal(introspections, 0);
    } finally {
      reloaded.dispose();
      active.dispose();
    }
  });

  it('uses the schema file named by a graphql-config in the folder, tolerating duplicate fields, until the config goes', async () => {
    const root = vscode.workspace.workspaceFolders![0].uri;
    const config = vscode.Uri.joinPath(root, '.graphqlrc.yml');
    const sdl = vscode.Uri.joinPath(root, 'local-schema.graphqls');
    const doc = await openFixture('tasks.graphql');
    const messages = () => vscode.languages.getDiagnostics(doc.uri).map((d) => d.message);
    try {
      await vscode.workspace.fs.writeFile(sdl, Buffer.from('type Query {\n  localThing: String\n  localThing: String\n}\n'));
      await vscode.workspace.fs.writeFile(config, Buffer.from('schema: local-schema.graphqls\ndocuments: "**/*.graphql"\n'));
      const local = await eventually(() => {
        const m = messages();
        return m.some((x) => /Cannot query field "tasks" on type "Query"/.test(x)) ? m : undefined;
      }, "validation against the folder's schema");
      assert.ok(local.length > 0);
    } finally {
      await vscode.workspace.fs.delete(config);
      await vscode.workspace.fs.delete(sdl);
    }
    await eventually(() => (messages().length === 0 ? true : undefined), "validation against the environment's schema again");
  });

  it("shows a schema's hostile descriptions inert: no live link, command link, HTML or bidi override in hover and completion", async () => {
    const root = vscode.workspace.workspaceFolders![0].uri;
    const config = vscode.Uri.joinPath(root, '.graphqlrc.yml');
    const sdl = vscode.Uri.joinPath(root, 'hostile-schema.graphqls');
    const query = vscode.Uri.joinPath(root, 'hostile.graphql');
    const hostile = 'Click [here](command:workbench.action.terminal.new) or <a href=\\"https://evil.example\\">there</a> \u202Eevil';
    try {
      await vscode.workspace.fs.writeFile(sdl, Buffer.from(`type Query {\n  "${hostile}"\n  trap: String\n}\n`));
      await vscode.workspace.fs.writeFile(config, Buffer.from('schema: hostile-schema.graphqls\ndocuments: "**/*.graphql"\n'));
      await vscode.workspace.fs.writeFile(query, Buffer.from('query {\n  trap\n}\n'));
      const doc = await vscode.workspace.openTextDocument(query);
      await vscode.window.showTextDocument(doc);
      const texts = (contents: readonly (vscode.MarkdownString | vscode.MarkedString)[]) => contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
      const hover = await eventually(async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', query, new vscode.Position(1, 3));
        const text = texts(hovers.flatMap((h) => h.contents));
        return text.includes('Click') ? text : undefined;
      }, "a hover with the folder schema's description");
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', query, new vscode.Position(1, 2));
      const item = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'trap');
      const docs = item?.documentation;
      const completionText = typeof docs === 'string' ? docs : (docs?.value ?? '');
      assert.ok(completionText.includes('Click'), 'the completion shows the description');
      for (const text of [hover, completionText]) {
        assert.doesNotMatch(text, /\]\(command:/, 'no command link');
        assert.doesNotMatch(text, /\]\(https?:/, 'no link');
        assert.doesNotMatch(text, /(^|[^\\])<a /, 'no HTML (escaped, it shows as text)');
        assert.doesNotMatch(text, /\u202E/, 'no bidi override');
      }
    } finally {
      for (const uri of [config, sdl, query]) {
        await vscode.workspace.fs.delete(uri);
      }
    }
  });

  it('keeps the last good schema when introspection fails, and says why', async () => {
    const before = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(before.ok, true);
    await admin('/faults', { kind: 'status', status: 500, count: 3 });
    const failed = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(failed.ok, false);
    assert.match(failed.reason ?? '', /internal error \(500\)/);
    assert.equal(failed.sha256, before.sha256, 'the last good schema stays in use');
    const editor = await scratch('query {\n  \n}\n');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(1, 2));
    assert.ok(
      list.items.some((i) => labelOf(i) === 'tasks'),
      'completion still works from the last good schema',
    );
    await admin('/faults', undefined, 'DELETE');
    const again = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(again.ok, true, 'the next refresh succeeds once the Service is back');
  });
});
