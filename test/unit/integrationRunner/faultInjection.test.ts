/** The webview host faults a test asks for (scripts/integration/faultInjection.mjs). */
import * as assert from 'node:assert/strict';
import { takeFault } from '../../../scripts/integration/faultInjection.mjs';

describe('integration runner: fault injection', () => {
  it('injects the failures asked for first, then the hangs, then nothing', () => {
    const counts = { serviceWorkerFaults: 1, webviewHostHangs: 2 };
    assert.deepEqual([takeFault(counts), takeFault(counts), takeFault(counts), takeFault(counts)], ['fail', 'hang', 'hang', undefined]);
    assert.deepEqual(counts, { serviceWorkerFaults: 0, webviewHostHangs: 0 });
  });

  it('injects nothing when nothing was asked', () => {
    assert.equal(takeFault({ serviceWorkerFaults: 0, webviewHostHangs: 0 }), undefined);
  });
});
