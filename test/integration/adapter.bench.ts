/**
 * The language benchmark through the VS Code adapter, in a real VS Code (code-server): a real
 * TextDocument in (its text read from the editor's model on each new version), vscode items out,
 * as the registered providers and the diagnostics do it; graphql-language-service called directly
 * on the same document's text in the same extension host beside it (the floor). Run by
 * `npm run bench` (TENANT_GRAPHQL_BENCH=1 makes the integration runner load *.bench.js files
 * instead of the tests); prints figures, asserts only that the answers are real.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as inspector from 'node:inspector';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { buildClientSchema, parse, validate, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { getAutocompleteSuggestions, getDiagnostics, Position as LibPosition } from 'graphql-language-service';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { LanguageTestApi } from '../../src/language';
import { grow, spreadPositions } from '../fixtures/inputs';
import { generatedCodeFile } from '../fixtures/codeFile';
import { findTemplates } from '../../src/core/embedded/templates';
import { summarize, type Summary } from '../../bench/stats';
import { eventually, extensionId } from './helpers';

const ROUNDS = 3;
const POSITIONS = 60;

function line(name: string, ours: Summary, floor: Summary | undefined, target: number): string {
  const f = (n: number | undefined) => (n === undefined ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));
  const result = ours.p95 <= target ? 'PASS' : 'MISS';
  return `${name.padEnd(72)} ours p50 ${f(ours.p50).padStart(6)} p95 ${f(ours.p95).padStart(6)} | floor p50 ${f(floor?.p50).padStart(6)} p95 ${f(floor?.p95).padStart(6)} | target p95 <= ${target} ${result} (n=${ours.n})`;
}

/**
 * Runs a row's calls under the V8 CPU profiler of this extension host when
 * TENANT_GRAPHQL_BENCH_PROFILE names a folder (written there as `<name>.cpuprofile`, for
 * bench/profileSummary.mjs); otherwise just runs them. The profiler slows the calls down:
 * figures of a profiled run are not the row's figures.
 */
/**
 * Per-call detail of a row when TENANT_GRAPHQL_BENCH_DETAIL=1: the process's CPU time per call
 * beside its wall time (CPU time is much less sensitive to the machine's load: a call descheduled
 * for 5 ms is 5 ms of wall time and none of CPU), and the slowest calls with what they were asked.
 * Diagnostics only: the row's figures are the wall times.
 */
class CallDetail {
  private readonly calls: { wall: number; cpu: number; what: string }[] = [];
  private cpu0 = process.cpuUsage();
  private t0 = 0;
  start(): number {
    if (DETAIL) {
      this.cpu0 = process.cpuUsage();
    }
    this.t0 = performance.now();
    return this.t0;
  }
  /** Records the call started by `start`; `what` is asked only when detail is on. */
  end(what: () => string): number {
    const wall = performance.now() - this.t0;
    if (DETAIL) {
      const cpu = process.cpuUsage(this.cpu0);
      this.calls.push({ wall, cpu: (cpu.user + cpu.system) / 1000, what: what() });
    }
    return wall;
  }
  lines(name: string): string[] {
    if (!DETAIL || this.calls.length === 0) {
      return [];
    }
    const f = (n: number) => n.toFixed(2).padStart(6);
    const cpu = summarize(this.calls.map((c) => c.cpu));
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const slowest = (by: 'wall' | 'cpu') => [...this.calls].sort((a, b) => b[by] - a[by]).slice(0, 10);
    const show = (c: { wall: number; cpu: number; what: string }) => `    wall ${f(c.wall)} cpu ${f(c.cpu)}  ${c.what}`;
    return [
      `  detail ${name}: cpu per call p50 ${f(cpu.p50)} p95 ${f(cpu.p95)} (load ${load}); slowest by wall time:`,
      ...slowest('wall').map(show),
      '    slowest by CPU time:',
      ...slowest('cpu').map(show),
    ];
  }
}
const DETAIL = process.env.TENANT_GRAPHQL_BENCH_DETAIL === '1';

async function profiled<T>(name: string, body: () => Promise<T>): Promise<T> {
  const dir = process.env.TENANT_GRAPHQL_BENCH_PROFILE;
  if (!dir) {
    return body();
  }
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 50 });
  await post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * Code actions at a diagnostic: every `forkCount` of the document misspelt `forkCont`, then the
 * provider asked at each problem with the problems there, as the light bulb asks. Every call is
 * counted, and every call is the first on its text at its problem: the first round right after the
 * misspelling edit (every definition with a problem new), each later round after one more edit
 * elsewhere (a blank at the end of the document: a new version whose problem definitions are
 * unchanged). The floor is graphql's own validation of the document, which is where the "Did you
 * mean" comes from.
 */
async function codeActionsRow(api: LanguageTestApi, editor: vscode.TextEditor, schema: GraphQLSchema): Promise<string> {
  const document = editor.document;
  await editor.edit((b) => {
    const text = document.getText();
    for (let i = text.indexOf('forkCount'); i >= 0; i = text.indexOf('forkCount', i + 1)) {
      b.replace(new vscode.Range(document.positionAt(i), document.positionAt(i + 'forkCount'.length)), 'forkCont');
    }
  });
  const problems = (await eventually(() => {
    const found = api.diagnostics(document)?.filter((d) => d.message.startsWith('Cannot query field "forkCont"'));
    return found && found.length > 0 ? found : undefined;
  }, "the misspelt fields' problems")) as vscode.Diagnostic[];
  const ours: number[] = [];
  const floor: number[] = [];
  let offered = 0;
  await profiled('code-actions', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        const end = document.lineAt(document.lineCount - 1).range.end;
        await editor.edit((b) => b.insert(end, ' '), { undoStopBefore: false, undoStopAfter: false });
        assert.ok(api.diagnostics(document) !== undefined);
      }
      for (const d of problems) {
        const t0 = performance.now();
        const actions = await api.codeActions(document, d.range, [d]);
        ours.push(performance.now() - t0);
        offered += actions.some((a) => a.title === 'Change `forkCont` to `forkCount`') ? 1 : 0;
        const t1 = performance.now();
        validate(schema, parse(document.getText()));
        floor.push(performance.now() - t1);
      }
    }
  });
  assert.equal(offered, ROUNDS * problems.length, 'every problem gets its fix');
  return line(`code actions at a diagnostic (first call per version), ${document.lineCount} lines (${problems.length} problems)`, summarize(ours), summarize(floor), 5);
}

describe('Adapter bench (through VS Code)', function () {
  this.timeout(900_000);
  const out: string[] = [];
  after(() => {
    // Mocha's reporter output is what the runner relays from the extension host (see index.ts).
    const print = (Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void }).consoleLog;
    print('');
    print('Through the VS Code adapter (code-server extension host): GitHub schema from a graphql-config; ms');
    out.forEach((l) => print(l));
  });

  it('completion while typing, diagnostics after an edit, first completion on a newly opened document', async () => {
    const api = (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).language;
    const repo = vscode.extensions.getExtension(extensionId)!.extensionPath;
    const introspectionPath = path.join(repo, 'node_modules/@octokit/graphql-schema/schema.json');
    const root = vscode.workspace.workspaceFolders![0].uri;
    const dir = vscode.Uri.joinPath(root, 'bench');
    await vscode.workspace.fs.createDirectory(dir);
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, 'github.json'), fs.readFileSync(introspectionPath));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, '.graphqlrc.yml'), Buffer.from('schema: bench/github.json\ndocuments: "bench/**/*.graphql"\n'));
    const json = JSON.parse(fs.readFileSync(introspectionPath, 'utf8')) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = buildClientSchema(json.data ?? json);
    const base = fs.readFileSync(path.join(repo, 'test/fixtures/parity/github.graphql'), 'utf8');

    for (const size of [2000, 10000]) {
      const text = grow(base, size);
      const uri = vscode.Uri.joinPath(dir, `doc-${size}.graphql`);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
      const document = await vscode.workspace.openTextDocument(uri);
      const editor = await vscode.window.showTextDocument(document);
      await eventually(() => (api.hasSchema(uri) && (api.diagnostics(document) ?? undefined) !== undefined ? true : undefined), 'the folder schema');
      const lines = document.lineCount;
      const positions = spreadPositions(text, POSITIONS);
      const probe = api.complete(document, new vscode.Position(positions[0].line, positions[0].character));
      assert.ok(probe !== undefined, 'completion answers');

      const ours: number[] = [];
      const floor: number[] = [];
      const diagnostics: number[] = [];
      const floorDiagnostics: number[] = [];
      const detail = new CallDetail();
      let nonEmpty = 0;
      await profiled(`typing-${size}`, async () => {
        for (let round = 0; round < ROUNDS; round++) {
          for (const p of positions) {
            // One more edit, as on a keystroke: a blank at the end of the cursor's line.
            const end = document.lineAt(p.line).range.end;
            await editor.edit((b) => b.insert(end, ' '), { undoStopBefore: false, undoStopAfter: false });
            const at = new vscode.Position(p.line, p.character);
            detail.start();
            const items = api.complete(document, at);
            ours.push(detail.end(() => `${items?.length ?? 0} items at ${at.line}:${at.character} ${JSON.stringify(document.lineAt(at.line).text.trim().slice(0, 60))}`));
            nonEmpty += items && items.length > 0 ? 1 : 0;
            const t1 = performance.now();
            getAutocompleteSuggestions(schema, document.getText(), new LibPosition(at.line, at.character));
            floor.push(performance.now() - t1);
            if (round === 0) {
              const t2 = performance.now();
              const found = api.diagnostics(document);
              diagnostics.push(performance.now() - t2);
              assert.ok(found !== undefined);
              const t3 = performance.now();
              getDiagnostics(document.getText(), schema);
              floorDiagnostics.push(performance.now() - t3);
            }
          }
        }
      });
      assert.ok(nonEmpty > 0, 'some completions have items');
      out.push(line(`completion while typing (new version per call), ${lines} lines`, summarize(ours), summarize(floor), 2));
      out.push(...detail.lines(`completion while typing, ${lines} lines`));
      out.push(line(`diagnostics after an edit, ${lines} lines`, summarize(diagnostics), summarize(floorDiagnostics), 5));
      if (size === 2000) {
        out.push(await codeActionsRow(api, editor, schema));
      }
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }

    // First completion on a newly opened document (its text not seen before under that name).
    const text = grow(base, 10000);
    const firsts: number[] = [];
    const floorFirsts: number[] = [];
    const positions = spreadPositions(text, 5);
    for (let i = 0; i < positions.length; i++) {
      const uri = vscode.Uri.joinPath(dir, `opened-${i}.graphql`);
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
      const document = await vscode.workspace.openTextDocument(uri);
      const at = new vscode.Position(positions[i].line, positions[i].character);
      const t0 = performance.now();
      api.complete(document, at);
      firsts.push(performance.now() - t0);
      const t1 = performance.now();
      getAutocompleteSuggestions(schema, document.getText(), new LibPosition(at.line, at.character));
      floorFirsts.push(performance.now() - t1);
    }
    out.push(line(`first completion on a newly opened ${text.split('\n').length}-line document`, summarize(firsts), summarize(floorFirsts), 5));

    // Completion inside a GraphQL template of a 5,000-line TypeScript file, one keystroke in a
    // template before each call (a new version: the adapter moves or rescans the templates, takes
    // the one at the cursor, completes); the floor is the library on that template's text alone.
    const code = generatedCodeFile();
    const codeUri = vscode.Uri.joinPath(dir, 'api.ts');
    await vscode.workspace.fs.writeFile(codeUri, Buffer.from(code));
    const codeDocument = await vscode.workspace.openTextDocument(codeUri);
    const codeEditor = await vscode.window.showTextDocument(codeDocument);
    await eventually(() => (api.hasSchema(codeUri) ? true : undefined), 'the folder schema for the code file');
    const fieldOffsets = () =>
      findTemplates(codeDocument.getText()).flatMap((t) => {
        const m = /\n {6,8}[a-z]/.exec(t.text);
        return m ? [t.start + m.index + m[0].length - 1] : [];
      });
    const inCode: number[] = [];
    const inCodeFloor: number[] = [];
    let codeItems = 0;
    const codeDetail = new CallDetail();
    const count = fieldOffsets().length;
    await profiled('template', async () => {
      for (let k = 0; k < ROUNDS * POSITIONS; k++) {
        const offset = fieldOffsets()[k % count];
        await codeEditor.edit((b) => b.insert(codeDocument.positionAt(offset), ' '), { undoStopBefore: false, undoStopAfter: false });
        const at = codeDocument.positionAt(offset + 1);
        codeDetail.start();
        const items = api.complete(codeDocument, at);
        inCode.push(codeDetail.end(() => `${items?.length ?? 0} items at ${at.line}:${at.character} ${JSON.stringify(codeDocument.lineAt(at.line).text.trim().slice(0, 60))}`));
        codeItems += items && items.length > 0 ? 1 : 0;
        const template = findTemplates(codeDocument.getText()).find((t) => t.start <= offset + 1 && offset + 1 <= t.end)!;
        const local = template.text.slice(0, offset + 1 - template.start).split('\n');
        const t1 = performance.now();
        getAutocompleteSuggestions(schema, template.text, new LibPosition(local.length - 1, local[local.length - 1].length));
        inCodeFloor.push(performance.now() - t1);
      }
    });
    assert.ok(codeItems > 0, 'completion inside templates has items');
    out.push(line(`completion in a template of a ${codeDocument.lineCount}-line TS file (50 templates), per keystroke`, summarize(inCode), summarize(inCodeFloor), 5));
    out.push(...codeDetail.lines('completion in a template'));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root, '.graphqlrc.yml'));
  });
});
