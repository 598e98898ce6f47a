/**
 * The results benchmark's rows that need a real VS Code (code-server): the diff editor opened by
 * the real Compare Runs command on two stored 5 MB answers, from the command to the diff editor
 * showing both documents (their text pretty-printed, keys sorted, in the filter worker). The floor
 * is VS Code's own diff editor opened (`vscode.diff`) on two files holding the same texts. Run by
 * `npm run bench` (TENANT_GRAPHQL_BENCH=1); prints figures, asserts only that the diff is real.
 */
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import { RunStore } from '../../src/core/run/runStore';
import { comparableText } from '../../src/core/run/runCompare';
import type { RunResultView } from '../../src/shared/resultsMessages';
import { plainAnswer } from '../../scripts/bench/answers';
import { summarize, type Summary } from '../../scripts/bench/stats';
import { eventually, extensionId, workspaceRoot } from './helpers';

const ROUNDS = 3;
const TARGET_MS = 1000;

function line(name: string, ours: Summary, floor: Summary | undefined, target: number): string {
  const f = (n: number | undefined) => (n === undefined ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));
  const result = ours.p95 <= target ? 'PASS' : 'MISS';
  return `${name.padEnd(72)} ours p50 ${f(ours.p50).padStart(6)} p95 ${f(ours.p95).padStart(6)} | floor p50 ${f(floor?.p50).padStart(6)} p95 ${f(floor?.p95).padStart(6)} | target p95 <= ${target} ${result} (n=${ours.n})`;
}

/** Waits until a diff editor on these two documents is open and VS Code holds both texts in full. */
async function diffShown(left: vscode.Uri, right: vscode.Uri, lengths: readonly [number, number]): Promise<void> {
  await eventually(
    () => {
      const tab = vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.toString() === left.toString() && t.input.modified.toString() === right.toString());
      const doc = (uri: vscode.Uri) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      return tab && doc(left)?.getText().length === lengths[0] && doc(right)?.getText().length === lengths[1] ? true : undefined;
    },
    'the diff editor on both documents',
    60_000,
  );
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
    for (let round = 0; round < ROUNDS; round++) {
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

    const ours: number[] = [];
    for (const [a, b] of pairs) {
      const t0 = performance.now();
      const opened = await vscode.commands.executeCommand<{ left: string; right: string }>('tenantGraphql.compareRuns', { runId: a }, [{ runId: a }, { runId: b }]);
      assert.ok(opened, 'the diff opened');
      await diffShown(vscode.Uri.parse(opened.left), vscode.Uri.parse(opened.right), [pretty[0].length, pretty[1].length]);
      ours.push(performance.now() - t0);
      const left = vscode.workspace.textDocuments.find((d) => d.uri.toString() === opened.left)!;
      assert.equal(left.getText(), pretty[0], 'the older answer, pretty-printed with sorted keys');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }

    // The floor: VS Code's diff editor on two files with the same texts (its own reading and opening).
    const dir = vscode.Uri.joinPath(workspaceRoot(), 'bench-diff');
    await vscode.workspace.fs.createDirectory(dir);
    const floor: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const [left, right] = [0, 1].map((i) => vscode.Uri.joinPath(dir, `side-${round}-${i}.json`));
        await vscode.workspace.fs.writeFile(left, Buffer.from(pretty[0]));
        await vscode.workspace.fs.writeFile(right, Buffer.from(pretty[1]));
        const t0 = performance.now();
        await vscode.commands.executeCommand('vscode.diff', left, right, 'floor', { preview: false });
        await diffShown(left, right, [pretty[0].length, pretty[1].length]);
        floor.push(performance.now() - t0);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    } finally {
      await vscode.workspace.fs.delete(dir, { recursive: true });
      await store.delete(pairs.flat());
      await api.reloadHistory();
    }
    out.push(line(`diff editor via Compare Runs, two 5 MB answers (${(pretty[0].length / 1e6).toFixed(1)} MB pretty)`, summarize(ours), summarize(floor), TARGET_MS));
  });
});
