/** When the webview record stops watching a service worker (scripts/integration/serviceWorkerProbes.mjs). */
import * as assert from 'node:assert/strict';
import { watchIsOver } from '../../../scripts/integration/serviceWorkerProbes.mjs';

describe('integration runner: service worker probes', () => {
  it('watches a service worker until it is activated or gone', () => {
    assert.ok(watchIsOver('runs ({"self":"activated","installing":null,"waiting":null,"active":"activated"})'));
    assert.ok(watchIsOver('gone (Target closed)'));
    assert.ok(!watchIsOver('runs ({"self":"installing","installing":"installing","waiting":null,"active":null})'));
    assert.ok(!watchIsOver(undefined));
  });
});
