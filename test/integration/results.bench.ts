/**
 * The results benchmark's rows that need a real VS Code (code-server): the diff editor opened by
 * the real Compare Runs command on two stored 5 MB answers, timed until it is the active tab with
 * both documents in (their text pretty-printed, keys sorted, in the filter worker) and until VS
 * Code's diff of them is computed; our part (the provider's reading and printing) timed alone. The
 * floor is VS Code's own diff editor opened (`vscode.diff`) on two files holding the same texts. Run
 * by `npm run bench` (TENANT_GRAPHQL_BENCH=1); prints figures, asserts only that the diff is real.
 */
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { RunStore } from '../../src/core/run/runStore';
import { comparableText } from '../../src/core/run/runCompare';
import { FilterClient } from '../../src/core/results/filterClient';
import { HistoryStore } from '../../src/run/historyStore';
import { RunDiff } from '../../src/run/runDiff';
import type { RunResultView } from '../../src/shared/resultsMessages';
import { plainAnswer } from '../../bench/answers';
import { summarize, type Summary } from '../../bench/stats';
import { extensionId, workspaceRoot } from './helpers';

const ROUNDS = 3;
const TARGET_MS = 1000;
const quiet = { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function line(name: string, ours: Summary, floor: Summary | undefined, target: number): string {
  const f = (n: number | undefined) => (n === undefined ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));
  const result = ours.p95 <= target ? 'PASS' : 'MISS';
  return `${name.padEnd(72)} ours p50 ${f(ours.p50).padStart(6)} p95 ${f(ours.p95).padStart(6)} | floor p50 ${f(floor?.p50).padStart(6)} p95 ${f(floor?.p95).padStart(6)} | target p95 <= ${target} ${result} (n=${ours.n})`;
}

/** The diff tab on these two documents, if open. */
function diffTab(left: vscode.Uri, right: vscode.Uri): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.toString() === left.toString() && t.input.modified.toString() === right.toString());
}

/** Polls `probe` every 5 ms (a bench's grain; the integration helper's `eventually` polls every 100 ms). */
async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (performance.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Times the diff editor on two documents from `t0`: `shown` when it is the active tab and VS Code
 * holds both texts in full (what the person sees open); `computed` when VS Code's diff of them is
 * there (Go to Next Difference lands on the first changed line: before the diff is computed it has
 * nowhere to go).
 */
async function diffTimes(t0: number, left: vscode.Uri, right: vscode.Uri, lengths: readonly [number, number], firstChange: number): Promise<{ shown: number; computed: number }> {
  const doc = (uri: vscode.Uri) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  await until(
    () => (diffTab(left, right)?.isActive && doc(left)?.getText().length === lengths[0] && doc(right)?.getText().length === lengths[1] ? true : undefined),
    'the diff editor on both documents',
  );
  const shown = performance.now() - t0;
  await until(async () => {
    await vscode.commands.executeCommand('workbench.action.compareEditor.nextChange');
    const editor = vscode.window.activeTextEditor;
    return editor?.document.uri.toString() === right.toString() && editor.selection.active.line === firstChange ? true : undefined;
  }, 'the diff to be computed (Go to Next Difference on the first change)');
  return { shown, computed: performance.now() - t0 };
}

describe('Results bench (through VS Code)', function () {
  this.timeout(900_000);
  const out: string[] = [];
  after(() => {
    const print = (Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void }).consoleLog;
    print('');
    print(
      `Results through VS Code (code-server): ms; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    out.forEach((l) => print(l));
  });

  it('Compare Runs on two stored 5 MB answers opens the diff editor', async () => {
    const api = (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).run;
    const store = new RunStore({ dir: api.historyDir, maxRuns: () => 50, maxBytes: () => 100 * 1024 * 1024, report: () => undefined });
    const before = plainAnswer(5_000_000);
    const after = plainAnswer(5_000_000);
    (after.data.tasks[3] as { title: string }).title = 'changed';
    (after.data.tasks[20_000] as { done: boolean }).done = true;
    const texts = [JSON.stringify(before), JSON.stringify(after)] as const;
    const pretty = [comparableText({ body: before }), comparableText({ body: after })] as const;
    const pairs: [string, string][] = [];
    // Pairs for the diff editor, then pairs whose documents are opened alone (no editor).
    for (let round = 0; round < 2 * ROUNDS; round++) {
      const ids: string[] = [];
      for (const [i, text] of texts.entries()) {
        const runId = `bench-diff-${round}-${i}`;
        const view: RunResultView = {
          runId,
          operationName: 'Tasks',
          environment: 'bench',
          status: 200,
          at: new Date(Date.UTC(2026, 0, 1, 0, round, i)).toISOString(),
          bytes: text.length,
        };
        await store.add({
          documentUri: 'file:///bench/tasks.graphql',
          operationName: 'Tasks',
          variables: {},
          status: 200,
          durationMs: 1,
          environment: 'bench',
          view,
          bodyBytes: Buffer.from(text),
        });
        ids.push(runId);
      }
      pairs.push([ids[0], ids[1]]);
    }
    await api.reloadHistory();
    const docPairs = pairs.splice(ROUNDS);

    const lengths = [pretty[0].length, pretty[1].length] as const;
    const firstChange = pretty[1].split('\n').findIndex((l) => l.includes('"changed"'));
    // Our part alone, as the content provider does it for each side (both asked at once): the stored
    // file's bytes read, decoded and pretty-printed with sorted keys in the filter worker (its built bundle, as shipped).
    const history = new HistoryStore({ dir: api.historyDir, limits: () => ({ maxRuns: 50, maxMegabytes: 100 }), logger: quiet });
    const worker = new FilterClient({ script: path.join(vscode.extensions.getExtension(extensionId)!.extensionPath, 'dist', 'filter.js') });
    const provided: number[] = [];
    try {
      await worker.pretty('{}');
      for (const [a, b] of pairs) {
        const t0 = performance.now();
        const sides = await Promise.all([a, b].map(async (id) => worker.pretty((await history.resultBytes(id))!.bytes!)));
        provided.push(performance.now() - t0);
        assert.deepEqual(sides, pretty, 'the provider prints what the diff shows');
      }
    } finally {
      history.dispose();
      worker.dispose();
    }
    const oursShown: number[] = [];
    const oursComputed: number[] = [];
    for (const [a, b] of pairs) {
      const t0 = performance.now();
      const opened = await vscode.commands.executeCommand<{ left: string; right: string }>('tenantGraphql.compareRuns', { runId: a }, [{ runId: a }, { runId: b }]);
      assert.ok(opened, 'the diff opened');
      const times = await diffTimes(t0, vscode.Uri.parse(opened.left), vscode.Uri.parse(opened.right), lengths, firstChange);
      oursShown.push(times.shown);
      oursComputed.push(times.computed);
      const left = vscode.workspace.textDocuments.find((d) => d.uri.toString() === opened.left)!;
      assert.equal(left.getText(), pretty[0], 'the older answer, pretty-printed with sorted keys');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }

    // The documents alone (no editor): each side through the content provider, opened by VS Code.
    const oursDocs: number[] = [];
    for (const [a, b] of docPairs) {
      const t0 = performance.now();
      const docs = await Promise.all([a, b].map((id) => vscode.workspace.openTextDocument(RunDiff.uriOf(store.get(id)!))));
      oursDocs.push(performance.now() - t0);
      assert.deepEqual(
        docs.map((d) => d.getText().length),
        lengths,
      );
    }

    // The floor: VS Code's diff editor on two files with the same texts (its own reading and opening).
    const dir = vscode.Uri.joinPath(workspaceRoot(), 'bench-diff');
    await vscode.workspace.fs.createDirectory(dir);
    const floorShown: number[] = [];
    const floorComputed: number[] = [];
    const floorDocs: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const [left, right] = [0, 1].map((i) => vscode.Uri.joinPath(dir, `side-${round}-${i}.json`));
        await vscode.workspace.fs.writeFile(left, Buffer.from(pretty[0]));
        await vscode.workspace.fs.writeFile(right, Buffer.from(pretty[1]));
        const t0 = performance.now();
        await vscode.commands.executeCommand('vscode.diff', left, right, 'floor', { preview: false });
        const times = await diffTimes(t0, left, right, lengths, firstChange);
        floorShown.push(times.shown);
        floorComputed.push(times.computed);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
      for (let round = 0; round < ROUNDS; round++) {
        const [left, right] = [0, 1].map((i) => vscode.Uri.joinPath(dir, `docs-${round}-${i}.json`));
        await vscode.workspace.fs.writeFile(left, Buffer.from(pretty[0]));
        await vscode.workspace.fs.writeFile(right, Buffer.from(pretty[1]));
        const t0 = performance.now();
        const docs = await Promise.all([left, right].map((uri) => vscode.workspace.openTextDocument(uri)));
        floorDocs.push(performance.now() - t0);
        assert.deepEqual(
          docs.map((d) => d.getText().length),
          lengths,
        );
      }
    } finally {
      await vscode.workspace.fs.delete(dir, { recursive: true });
      await store.delete([...pairs, ...docPairs].flat());
      await api.reloadHistory();
    }
    const mb = (pretty[0].length / 1e6).toFixed(1);
    out.push(line(`diff of two 5 MB answers (${mb} MB pretty): open, both documents in`, summarize(oursShown), summarize(floorShown), TARGET_MS));
    out.push(line(`diff of two 5 MB answers: VS Code's diff computed`, summarize(oursComputed), summarize(floorComputed), TARGET_MS));
    out.push(line(`the two documents alone (openTextDocument, no editor; floor: files)`, summarize(oursDocs), summarize(floorDocs), TARGET_MS));
    const p = summarize(provided);
    const vsCode = summarize(floorShown);
    out.push(
      `  of which ours (both documents read and printed by the provider's code, worker bundle): p50 ${p.p50.toFixed(0)} p95 ${p.p95.toFixed(0)} ms; ` +
        `VS Code's own part (the floor: files, no provider): open p50 ${vsCode.p50.toFixed(0)} ms, computed p50 ${summarize(floorComputed).p50.toFixed(0)} ms`,
    );
  });
});
