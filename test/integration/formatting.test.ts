import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionId, openScratch, workspaceRoot } from './helpers';

describe('Formatting GraphQL documents', () => {
  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Format Document rewrites a messy document with its comments, and a second format changes nothing', async () => {
    const doc = await openScratch('graphql', 'query   Board{tasks(first:10){ # the page\n  id   name}}\n');
    const editor = await vscode.window.showTextDocument(doc);
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, { tabSize: 2, insertSpaces: true });
    assert.ok(edits && edits.length > 0, 'edits for a messy document');
    const workspaceEdit = new vscode.WorkspaceEdit();
    workspaceEdit.set(doc.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(workspaceEdit));
    assert.equal(editor.document.getText(), 'query Board {\n  tasks(first: 10) {\n    # the page\n    id\n    name\n  }\n}\n');
    const again = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, { tabSize: 2, insertSpaces: true });
    assert.equal(again?.length ?? 0, 0);
  });

  it('Format Selection formats the definitions the selection touches, and nothing else', async () => {
    const content = 'query A{a}\n\nquery   B{b{c}}\n';
    const doc = await openScratch('graphql', content);
    await vscode.window.showTextDocument(doc);
    const at = doc.positionAt(content.indexOf('B'));
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatRangeProvider', doc.uri, new vscode.Range(at, at.translate(0, 1)), {
      tabSize: 2,
      insertSpaces: true,
    });
    const workspaceEdit = new vscode.WorkspaceEdit();
    workspaceEdit.set(doc.uri, edits ?? []);
    assert.ok(await vscode.workspace.applyEdit(workspaceEdit));
    assert.equal(doc.getText(), 'query A{a}\n\nquery B {\n  b {\n    c\n  }\n}\n');
  });

  it('leaves a document with a syntax error as it is', async () => {
    const doc = await openScratch('graphql', 'query { tasks { id ');
    await vscode.window.showTextDocument(doc);
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, { tabSize: 2, insertSpaces: true });
    assert.equal(
      edits?.length ?? 0,
      0,
      JSON.stringify({
        uri: doc.uri.toString(),
        languageId: doc.languageId,
        text: doc.getText().slice(0, 200),
        open: vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled').map((d) => `${d.uri.toString()} ${d.languageId} ${d.isClosed ? 'closed' : ''}`),
        edits: edits?.slice(0, 4).map((e) => [e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character, e.newText]),
      }),
    );
  });
  it("Format GraphQL Templates formats the templates of a TypeScript file (the selection's, or all) and leaves its code alone", async () => {
    const content = ['const  messy =   1;', 'export const A = gql`query A{a{b}}`;', 'export const B = /* GraphQL */ `{ c }`;', 'export const C = gql`query { ...${F} }`;', ''].join(
      '\n',
    );
    const doc = await openScratch('typescript', content);
    const editor = await vscode.window.showTextDocument(doc);
    editor.options = { tabSize: 2, insertSpaces: true };
    // A selection inside B: only B.
    const inB = doc.positionAt(content.indexOf('{ c }') + 2);
    editor.selection = new vscode.Selection(inB, inB.translate(0, 1));
    const where = () => {
      const active = vscode.window.activeTextEditor;
      return JSON.stringify({
        active: active?.document.uri.toString(),
        same: active === editor,
        selection: active && [active.selection.start.line, active.selection.start.character, active.selection.end.line, active.selection.end.character],
        version: doc.version,
        tabs: vscode.window.tabGroups.all.map((g) => g.tabs.map((t) => `${t.label}${t.isActive ? '*' : ''}`)),
      });
    };
    assert.deepEqual(await vscode.commands.executeCommand('tenantGraphql.formatTemplates'), { formatted: 1, skipped: 0 }, where());
    assert.equal(doc.getText(), content.replace('`{ c }`', '`\n  {\n    c\n  }\n`'));
    // No selection: every template; C has a ${} inside a definition and stays.
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    assert.deepEqual(await vscode.commands.executeCommand('tenantGraphql.formatTemplates'), { formatted: 2, skipped: 1 });
    assert.equal(
      doc.getText(),
      [
        'const  messy =   1;',
        'export const A = gql`',
        '  query A {',
        '    a {',
        '      b',
        '    }',
        '  }',
        '`;',
        'export const B = /* GraphQL */ `',
        '  {',
        '    c',
        '  }',
        '`;',
        'export const C = gql`query { ...${F} }`;',
        '',
      ].join('\n'),
    );
  });

  it('leaves the templates alone on a save after a delay (files.autoSave), as editor.formatOnSave does', async () => {
    const file = vscode.Uri.joinPath(workspaceRoot(), 'formatOnAutoSave.ts');
    const before = 'export const A = gql`query A{a}`;\n';
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(before));
    const tenant = vscode.workspace.getConfiguration('tenantGraphql');
    const files = vscode.workspace.getConfiguration('files');
    await tenant.update('embedded.formatOnSave', true, vscode.ConfigurationTarget.Workspace);
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Workspace);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Workspace);
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(doc);
      const saved = new Promise<void>((resolve) => {
        const sub = vscode.workspace.onDidSaveTextDocument((d) => {
          if (d === doc) {
            sub.dispose();
            resolve();
          }
        });
      });
      const edit = new vscode.WorkspaceEdit();
      edit.insert(file, new vscode.Position(1, 0), '// typed\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      let guard: NodeJS.Timeout | undefined;
      await Promise.race([saved, new Promise((_, reject) => (guard = setTimeout(() => reject(new Error('VS Code did not save the file after the delay within 30 s')), 30_000)))]);
      clearTimeout(guard);
      assert.equal(doc.getText(), `${before}// typed\n`, 'the template kept as typed');
      assert.equal(Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8'), doc.getText());
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Workspace);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Workspace);
      await tenant.update('embedded.formatOnSave', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(file);
    }
  });

  it('formats the templates of a code file on save with tenantGraphql.embedded.formatOnSave', async () => {
    const file = vscode.Uri.joinPath(workspaceRoot(), 'formatOnSave.ts');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('export const A = gql`query A{a}`;\n'));
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    await config.update('embedded.formatOnSave', true, vscode.ConfigurationTarget.Workspace);
    try {
      const doc = await vscode.workspace.openTextDocument(file);
      const editor = await vscode.window.showTextDocument(doc);
      // The editor's indentation is the templates' indentation.
      editor.options = { tabSize: 2, insertSpaces: true };
      await editor.edit((b) => b.insert(new vscode.Position(1, 0), '// saved\n'));
      assert.ok(await doc.save());
      assert.equal(doc.getText(), 'export const A = gql`\n  query A {\n    a\n  }\n`;\n// saved\n');
      assert.equal(Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8'), doc.getText());
    } finally {
      await config.update('embedded.formatOnSave', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(file);
    }
  });
});
