import * as vscode from 'vscode';
import type { Environment } from '../core/auth';
import { errorMessage } from '../core/errors';
import { pretty } from '../core/testing/assertions';
import { updateSnapshots } from '../core/testing/cli';
import { caseKey, checkTestFile, runTestFile, type CaseResult, type TestRequest } from '../core/testing/testRunner';
import { inert } from '../core/text/inert';
import type { Logger } from '../core/logger';
import { observedRun, recordingRun, type RecordedRun } from './testApi';
import { inputsOf, rangeOf, type ItemData, type TestTree } from './testTree';

/** Whether a run may go ahead (the run feature's permission: the server allowed, a mutation refused or confirmed). */
export type Permit = (type: 'query' | 'mutation', label: string, environment: Environment) => Promise<{ readonly go: boolean; readonly failure?: { readonly message: string } }>;

/** What a run needs of the services. */
export interface TestRunServices {
  readonly logger: Logger;
  /** Sends one operation to the environment with its server's session. */
  execute(
    request: TestRequest & { environment: Environment; signal?: AbortSignal },
  ): Promise<{ status: number; durationMs: number; body: { data?: unknown; errors?: readonly unknown[] } }>;
  readonly permit: Permit;
  /** The version (core's schemaVersionOf) of the environment's schema, when it is loaded: what snapshots are checked against and saved with. */
  schemaVersion?(environment: Environment): string | undefined;
  /** Where the runs' verdicts are recorded for the integration tests (development build only). */
  readonly recordRuns?: RecordedRun[];
}

/** The cases a request names, by test file: all of a file's (undefined) or some. */
function casesOf(
  tree: TestTree,
  controller: vscode.TestController,
  request: vscode.TestRunRequest,
): Map<string, { file: vscode.Uri; only?: Set<string>; items: vscode.TestItem[] }> {
  const byFile = new Map<string, { file: vscode.Uri; only?: Set<string>; items: vscode.TestItem[] }>();
  const excluded = new Set((request.exclude ?? []).map((i) => i.id));
  const add = (item: vscode.TestItem) => {
    if (excluded.has(item.id)) {
      return;
    }
    const data: ItemData | undefined = tree.data.get(item);
    if (!data) {
      return;
    }
    if (data.caseName === undefined) {
      item.children.forEach(add);
      return;
    }
    const entry = byFile.get(data.file.toString()) ?? { file: data.file, only: new Set<string>(), items: [] };
    entry.only!.add(caseKey(data.operation!, data.caseName));
    entry.items.push(item);
    byFile.set(data.file.toString(), entry);
  };
  if (request.include) {
    request.include.forEach(add);
  } else {
    controller.items.forEach(add);
  }
  return byFile;
}

/**
 * Runs the cases a request names on one environment through core's runner (the command line's), and
 * reports each: passed, failed with a message per assertion at its line (expected and actual for
 * the diff), or errored with the reason. The answer is in the run's output, beside the case.
 * With `saveSnapshots`, the snapshot assertions of the cases that ran are saved into their files.
 */
export async function runTests(
  controller: vscode.TestController,
  tree: TestTree,
  services: TestRunServices,
  request: vscode.TestRunRequest,
  environment: Environment | undefined,
  token: vscode.CancellationToken,
  saveSnapshots = false,
): Promise<void> {
  const created = controller.createTestRun(request, saveSnapshots ? vscode.l10n.t('Update Snapshot') : undefined, true);
  const unfinished = new Set<vscode.TestItem>();
  const run = withVerdictsTracked(services.recordRuns ? recordingRun(created, services.recordRuns) : created, unfinished);
  const abort = new AbortController();
  const cancelled = token.onCancellationRequested(() => abort.abort());
  try {
    const files = casesOf(tree, controller, request);
    for (const entry of files.values()) {
      entry.items.forEach((i) => (unfinished.add(i), run.enqueued(i)));
    }
    if (!environment) {
      const message = vscode.l10n.t('No environment is active: choose one with "Tenant GraphQL: Switch Environment", then run the tests again.');
      for (const entry of files.values()) {
        entry.items.forEach((i) => run.errored(i, new vscode.TestMessage(message)));
      }
      return;
    }
    // The server's permission (a workspace's server needs the person's yes) once per run, before anything is sent.
    const serverPermit = await services.permit('query', vscode.l10n.t('tests'), environment);
    let mutationPermit: Promise<true | string> | undefined;
    const allowMutation = () =>
      (mutationPermit ??= services.permit('mutation', vscode.l10n.t('tests'), environment).then(
        (p) => (p.go ? true : (p.failure?.message ?? vscode.l10n.t('The mutations of this run were not confirmed: nothing was sent.'))),
        // The question could not be shown (a window that refuses dialogs): no, with the reason, for each mutation case.
        (err: unknown) => vscode.l10n.t('The mutations of this run could not be confirmed ({0}): nothing was sent.', errorMessage(err)),
      ));
    const version = services.schemaVersion?.(environment);
    const schema = version === undefined ? undefined : { version, environment: environment.name };
    for (const entry of files.values()) {
      const byKey = new Map(entry.items.map((i) => [caseKey(tree.data.get(i)!.operation!, tree.data.get(i)!.caseName!), i]));
      if (!serverPermit.go) {
        const message = serverPermit.failure?.message ?? vscode.l10n.t('Requests to "{0}" were not allowed: nothing was sent.', environment.name);
        entry.items.forEach((i) => run.errored(i, new vscode.TestMessage(inert(message, { sink: 'diagnostic' }))));
        continue;
      }
      const inputs = await inputsOf(entry.file, schema);
      if (!inputs) {
        entry.items.forEach((i) => run.errored(i, new vscode.TestMessage(vscode.l10n.t('The test file cannot be read.'))));
        continue;
      }
      const seen = new Set<string>();
      const results = await runTestFile(
        inputs,
        {
          execute: (req, signal) => services.execute({ ...req, environment, ...(signal ? { signal } : {}) }),
          allowMutation,
          signal: abort.signal,
        },
        entry.only,
        (result) => {
          const key = caseKey(result.operation, result.testCase.name);
          seen.add(key);
          const item = byKey.get(key);
          if (item) {
            report(run, item, entry.file, result);
          }
        },
      );
      for (const [key, item] of byKey) {
        if (!seen.has(key)) {
          run.skipped(item);
        }
      }
      if (saveSnapshots && inputs.documentText !== undefined) {
        await saveInto(entry.file, inputs.testText, updateSnapshots(inputs.testText, inputs.documentText, results, schema?.version));
      } else {
        // A snapshot taken on another version of this environment's schema: told in the run's output at its line (a case passes while its answer matches).
        for (const warning of checkTestFile(inputs).problems.filter((p) => p.severity === 'warning')) {
          run.appendOutput(`⚠ ${inert(warning.message, { sink: 'log' })}\r\n`, new vscode.Location(entry.file, rangeOf(warning.place)));
        }
      }
    }
  } catch (err) {
    services.logger.error(`[tests] run failed: ${errorMessage(err)}`);
    // Every case the run named and did not get to has a verdict: the reason, not an endless spinner.
    const message = new vscode.TestMessage(inert(vscode.l10n.t('The run failed: {0}', errorMessage(err)), { sink: 'diagnostic' }));
    for (const item of unfinished) {
      run.errored(item, message);
    }
  } finally {
    cancelled.dispose();
    run.end();
  }
}

/** The run, with each item given a verdict taken out of `unfinished`. */
function withVerdictsTracked(run: vscode.TestRun, unfinished: Set<vscode.TestItem>): vscode.TestRun {
  return observedRun(run, { verdict: (item) => unfinished.delete(item) });
}

function report(run: vscode.TestRun, item: vscode.TestItem, file: vscode.Uri, result: CaseResult): void {
  const o = result.outcome;
  if (o.state === 'errored') {
    const message = new vscode.TestMessage(inert(o.message, { sink: 'diagnostic' }));
    message.location = new vscode.Location(file, rangeOf(o.place));
    run.errored(item, message);
    return;
  }
  // The answer, one click away: in the run's output beside the case, linked to its line.
  run.appendOutput(
    `${result.operation} › ${result.testCase.name}: HTTP ${o.answer.status}, ${Math.round(o.answer.durationMs)} ms\r\n${pretty(o.answer.body).replace(/\n/g, '\r\n')}\r\n`,
    new vscode.Location(file, rangeOf(result.testCase.place)),
    item,
  );
  if (o.state === 'passed') {
    run.passed(item, o.answer.durationMs);
    return;
  }
  run.failed(
    item,
    o.failures.map((f) => {
      const text = inert(f.result.message, { sink: 'diagnostic' });
      const message =
        f.result.expected !== undefined && f.result.actual !== undefined ? vscode.TestMessage.diff(text, f.result.expected, f.result.actual) : new vscode.TestMessage(text);
      if (f.result.expected === undefined && f.result.actual !== undefined) {
        message.actualOutput = f.result.actual;
      }
      message.location = new vscode.Location(file, rangeOf(f.assertion.place));
      return message;
    }),
    o.answer.durationMs,
  );
}

/** Writes the test file's new text through an edit (an open editor keeps its undo), then saves it. */
async function saveInto(file: vscode.Uri, before: string, after: string): Promise<void> {
  if (after === before) {
    return;
  }
  const doc = await vscode.workspace.openTextDocument(file);
  if (doc.getText() !== before) {
    void vscode.window.showWarningMessage(vscode.l10n.t('The test file changed during the run: its snapshots were not saved. Run "Update Snapshot" again.'));
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(file, new vscode.Range(doc.positionAt(0), doc.positionAt(before.length)), after);
  if (await vscode.workspace.applyEdit(edit)) {
    await doc.save();
  }
}
