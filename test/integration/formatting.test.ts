import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionId } from './helpers';

describe('Formatting GraphQL documents', () => {
  before(async () => {
    await vscode.extensions.getExtension(extensionId)!.activate();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Format Document rewrites a messy document with its comments, and a second format changes nothing', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'graphql', content: 'query   Board{tasks(first:10){ # the page\n  id   name}}\n' });
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
    const doc = await vscode.workspace.openTextDocument({ language: 'graphql', content });
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
    const doc = await vscode.workspace.openTextDocument({ language: 'graphql', content: 'query { tasks { id ' });
    await vscode.window.showTextDocument(doc);
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, { tabSize: 2, insertSpaces: true });
    assert.equal(edits?.length ?? 0, 0);
  });
});
