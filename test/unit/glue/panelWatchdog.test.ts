import './register';
import { strict as assert } from 'node:assert';
import { nextWatchdogStep, PanelWatchdog, type WatchedPanel } from '../../../src/results/panelWatchdog';
import type { RunResultView } from '../../../src/shared/resultsMessages';

const view: RunResultView = { runId: 'run-1', operationName: 'CriticalTasks', environment: 'Sandbox', at: '2026-12-07T00:00:00.000Z', status: 200, body: { data: {} } };

/** A panel whose page never renders; records what the watchdog asked of it. */
function stuckPanel(pageReady: () => boolean): WatchedPanel & { readonly steps: string[] } {
  const steps: string[] = [];
  return {
    steps,
    unrendered: () => view,
    get pageReady() {
      return pageReady();
    },
    resend: () => steps.push('resend'),
    recreate: () => steps.push('recreate'),
    showAsDocument: (v) => steps.push(`document ${v.runId}`),
    note: () => undefined,
  };
}

/** Runs the watchdog's checks one by one (its timers captured instead of waited for); returns how many checks it armed. */
function runChecks(watchdog: PanelWatchdog, start: () => void): number {
  const pending: (() => void)[] = [];
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  globalThis.setTimeout = ((fn: () => void) => {
    pending.length = 0;
    pending.push(fn);
    return 1;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = (() => (pending.length = 0)) as typeof clearTimeout;
  let checks = 0;
  try {
    start();
    while (pending.length > 0 && checks < 20) {
      const fn = pending.shift()!;
      checks++;
      fn();
    }
  } finally {
    globalThis.setTimeout = realSet;
    globalThis.clearTimeout = realClear;
    watchdog.stop();
  }
  return checks;
}

describe('results panel watchdog', () => {
  it('makes the panel anew at its first check when the page never said ready (a host frame that never made its page), then opens the document', () => {
    const panel = stuckPanel(() => false);
    const watchdog = new PanelWatchdog(panel);
    runChecks(watchdog, () => watchdog.restart());
    assert.deepEqual(panel.steps, ['recreate', 'document run-1']);
  });

  it('sends the result again to a ready page twice, then makes the panel anew, then opens the document', () => {
    const panel = stuckPanel(() => true);
    const watchdog = new PanelWatchdog(panel);
    runChecks(watchdog, () => watchdog.restart());
    assert.deepEqual(panel.steps, ['resend', 'resend', 'recreate', 'document run-1']);
  });

  it('stops once the result is open as a document, and starts again for the next result', () => {
    const panel = stuckPanel(() => false);
    const watchdog = new PanelWatchdog(panel);
    runChecks(watchdog, () => watchdog.restart());
    runChecks(watchdog, () => watchdog.arm());
    assert.deepEqual(panel.steps, ['recreate', 'document run-1'], 'nothing more after the document');
    runChecks(watchdog, () => watchdog.restart());
    assert.deepEqual(panel.steps, ['recreate', 'document run-1', 'recreate', 'document run-1']);
  });

  it('makes the panel anew within 5 s of the result when the page never said ready (the delay it arms, not a measured time)', () => {
    const delays: number[] = [];
    const steps: string[] = [];
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    let pending: (() => void) | undefined;
    globalThis.setTimeout = ((fn: () => void, ms: number) => {
      delays.push(ms);
      pending = fn;
      return 1;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = (() => (pending = undefined)) as typeof clearTimeout;
    const panel = stuckPanel(() => false);
    const watchdog = new PanelWatchdog({ ...panel, recreate: () => steps.push('recreate'), showAsDocument: () => steps.push('document') });
    try {
      watchdog.restart();
      const first = pending;
      pending = undefined;
      first?.();
    } finally {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
      watchdog.stop();
    }
    assert.deepEqual(steps, ['recreate'], 'the first check makes the panel anew');
    assert.ok(delays[0] > 0 && delays[0] <= 5000, `the first check is armed ${delays[0]} ms after the result`);
  });

  it('decides each step from what was done and whether the page is ready', () => {
    assert.equal(nextWatchdogStep({ pageReady: false, resends: 0, recreated: false, document: false }), 'recreate');
    assert.equal(nextWatchdogStep({ pageReady: true, resends: 0, recreated: false, document: false }), 'resend');
    assert.equal(nextWatchdogStep({ pageReady: true, resends: 2, recreated: false, document: false }), 'recreate');
    assert.equal(nextWatchdogStep({ pageReady: true, resends: 0, recreated: true, document: false }), 'document');
    assert.equal(nextWatchdogStep({ pageReady: false, resends: 0, recreated: true, document: false }), 'document');
    assert.equal(nextWatchdogStep({ pageReady: true, resends: 2, recreated: true, document: true }), undefined);
  });
});
