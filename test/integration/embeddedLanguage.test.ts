import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { admin, eventually, openFixture, openScratch, signInToSandbox } from './helpers';
import type { RefreshOutcome } from '../../src/core/schema/schemaSnapshot';

/** Opens an unsaved TypeScript document (the environment's schema applies to its templates). */
async function scratchTs(content: string): Promise<vscode.TextDocument> {
  const doc = await openScratch('typescript', content);
  await vscode.window.showTextDocument(doc);
  return doc;
}

/** Position `offsetInNeedle` characters into the `nth` occurrence of `needle`. */
function positionOf(doc: vscode.TextDocument, needle: string, offsetInNeedle = 1, nth = 1): vscode.Position {
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = doc.getText().indexOf(needle, at + 1);
  }
  assert.ok(at >= 0, `"${needle}" is in ${doc.uri.path}`);
  return doc.positionAt(at + offsetInNeedle);
}

/** The range of the `nth` occurrence of `needle`. */
function rangeOf(doc: vscode.TextDocument, needle: string, nth = 1): vscode.Range {
  const start = positionOf(doc, needle, 0, nth);
  return new vscode.Range(start, start.translate(0, needle.length));
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function targetOf(def: vscode.Location | vscode.LocationLink): { uri: vscode.Uri; range: vscode.Range } {
  return 'targetUri' in def ? { uri: def.targetUri, range: def.targetSelectionRange ?? def.targetRange } : def;
}

function graphqlDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'GraphQL');
}

const STAND_IN = 'const gql = (s: TemplateStringsArray, ...v: unknown[]): string => String.raw({ raw: s }, ...v);\n';

describe('GraphQL inside TypeScript templates (Sandbox)', function () {
  this.timeout(60_000);

  before(async () => {
    await admin('/faults', undefined, 'DELETE');
    await signInToSandbox('alice');
    const outcome = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
    assert.equal(outcome.ok, true, `the schema loads after sign-in: ${outcome.reason ?? ''}`);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('completes fields inside a gql<T> template, and nothing of ours in the code around it', async () => {
    const doc = await scratchTs(`${STAND_IN}const n = 1;\nexport const Q = gql<{ tasks: unknown }>\`\n  query {\n    \n  }\n\`;\nconst after = n;\n`);
    const inside = new vscode.Position(4, 4);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, inside);
    const tasks = list.items.find((i) => labelOf(i) === 'tasks');
    assert.ok(tasks, `completion inside the template offers tasks; got ${list.items.map(labelOf).slice(0, 30).join(', ')}`);
    assert.equal(tasks.detail, 'TaskConnection!');
    const outside = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, positionOf(doc, 'const after = n', 14));
    assert.equal(
      outside.items.find((i) => labelOf(i) === 'tasks' && i.detail === 'TaskConnection!'),
      undefined,
      'outside the template, no GraphQL field is offered',
    );
  });

  it('hovers a field inside a template with its description, on the field name in the host file', async () => {
    const doc = await scratchTs(`${STAND_IN}export const Q = /* GraphQL */ \`query Hovered { tasks(first: 1) { totalCount } }\`;\n`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, 'tasks(', 2));
    const ours = hovers.find((h) => h.contents.some((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '').includes('Tasks visible to the token')));
    assert.ok(ours, 'the hover shows the field description from the schema');
    assert.deepEqual(ours.range, rangeOf(doc, 'tasks'), 'the hover range is the field name, in host coordinates');
  });

  it('validates each template as you type: exact ranges in the host file, ${} blanked, a broken template not spilling into the next', async () => {
    const doc = await scratchTs(
      [
        STAND_IN,
        '// a comment with a backtick ` and nmae before the templates',
        'const broken = gql`',
        '  query Broken {',
        '    tasks(first: 1) {',
        '`;',
        'const typo = gql`',
        '  query Typo {',
        '    tasks(first: 2) { edges { node { id nmae } } }',
        '  }',
        '  ${broken}',
        '`;',
        'const old = graphql(`{ task(id: "task-1") { done } }`);',
        '',
      ].join('\n'),
    );
    const found = await eventually(() => {
      const d = graphqlDiagnostics(doc.uri);
      return d.length >= 3 ? d : undefined;
    }, 'diagnostics of the three templates');
    const typo = found.find((d) => d.message.includes('nmae'));
    assert.ok(typo, `an error names nmae; got ${found.map((d) => d.message).join(' | ')}`);
    assert.deepEqual(typo.range, rangeOf(doc, 'nmae', 2), 'the error covers nmae inside the template, not the comment');
    assert.equal(typo.severity, vscode.DiagnosticSeverity.Error);
    const syntax = found.filter((d) => /Syntax Error/.test(d.message));
    assert.equal(syntax.length, 1, `one syntax error, in the unclosed template only; got ${found.map((d) => d.message).join(' | ')}`);
    const start = syntax[0].range.start.line;
    assert.ok(start >= positionOf(doc, 'query Broken').line && start <= positionOf(doc, 'const typo').line - 1, `the syntax error is inside the broken template (line ${start})`);
    const deprecated = found.find((d) => d.tags?.includes(vscode.DiagnosticTag.Deprecated));
    assert.ok(deprecated, 'the deprecated field done is flagged inside graphql(`...`)');
    assert.deepEqual(deprecated.range, rangeOf(doc, 'done'));
    assert.equal(deprecated.severity, vscode.DiagnosticSeverity.Warning);
  });

  it('goes to fragment definitions in another code file and in a .graphql file', async () => {
    const doc = await scratchTs(`${STAND_IN}export const Q = gql\`\n  query Both {\n    tasks(first: 1) { edges { node { ...TaskFields ...TaskParts } } }\n  }\n\`;\n`);
    const api = await openFixture('src/api.ts');
    await vscode.window.showTextDocument(doc);
    const toCode = await eventually(async () => {
      const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
        'vscode.executeDefinitionProvider',
        doc.uri,
        positionOf(doc, '...TaskFields', 5),
      );
      return defs.length > 0 ? defs : undefined;
    }, 'definition of TaskFields');
    const target = targetOf(toCode[0]);
    assert.equal(target.uri.toString(), api.uri.toString(), 'TaskFields is defined in src/api.ts');
    assert.ok(target.range.contains(positionOf(api, 'fragment TaskFields', 10)), `the target is the fragment in api.ts's template; got line ${target.range.start.line}`);
    const toGraphql = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      doc.uri,
      positionOf(doc, '...TaskParts', 5),
    );
    assert.ok(toGraphql.length > 0, 'TaskParts has a definition');
    assert.match(targetOf(toGraphql[0]).uri.path, /fragments\.gql$/);
  });

  it('lists the operations and fragments of a code file in its outline, and finds them as workspace symbols', async () => {
    const api = await openFixture('src/api.ts');
    const symbols = await eventually(async () => {
      const all = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', api.uri);
      const names = (all ?? []).flatMap((s) => [s, ...s.children]).map((s) => s.name);
      return names.includes('TasksByPriority') ? (all ?? []).flatMap((s) => [s, ...s.children]) : undefined;
    }, 'GraphQL symbols of api.ts');
    const byName = (name: string) => symbols.find((s) => s.name === name);
    for (const name of ['TaskFields', 'TasksByPriority', 'WhoAmI']) {
      assert.ok(byName(name), `the outline has ${name}`);
    }
    assert.equal(byName('WhoAmI')!.selectionRange.start.line, positionOf(api, 'query WhoAmI', 6).line, 'WhoAmI is on its line of the host file');
    const found = await eventually(async () => {
      const list = await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', 'TasksByPriority');
      return list.find((s) => s.name === 'TasksByPriority' && s.location.uri.path.endsWith('/src/api.ts'));
    }, 'TasksByPriority as a workspace symbol in api.ts');
    assert.deepEqual(found.location.range.start, positionOf(api, 'query TasksByPriority', 0));
  });

  it('finds references to a fragment across code templates and renames it in all of them', async () => {
    const api = await openFixture('src/api.ts');
    const refs = await eventually(async () => {
      const list = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', api.uri, positionOf(api, 'fragment TaskFields', 10));
      return list.length >= 2 ? list : undefined;
    }, 'references of TaskFields');
    const inApi = refs.filter((l) => l.uri.toString() === api.uri.toString());
    assert.ok(
      inApi.some((l) => l.range.isEqual(rangeOf(api, 'TaskFields', 2))),
      `the spread ...TaskFields in the query template is a reference; got ${inApi.map((l) => `${l.range.start.line}:${l.range.start.character}`).join(', ')}`,
    );
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider',
      api.uri,
      positionOf(api, 'fragment TaskFields', 10),
      'TaskSummary',
    );
    const edits = edit.get(api.uri);
    assert.ok(edits.length >= 2, 'the definition and the spread are renamed');
    for (const e of edits) {
      assert.equal(api.getText(e.range), 'TaskFields', 'each edit replaces the fragment name in the host file');
    }
  });
});
