/**
 * The browser harness's address rules and the fault counter (scripts/integration/browserHarness.mjs,
 * faultInjection.mjs), the run's cleanups (lifecycle.mjs), the interop line (servers.mjs) and the
 * choice of code-server (prerequisites.mjs).
 */
import * as assert from 'node:assert/strict';
import { authorizeRoutes, isAuthorizePage, isInterstitial } from '../../../scripts/integration/browserHarness.mjs';
import { takeFault } from '../../../scripts/integration/faultInjection.mjs';
import { createCleanups } from '../../../scripts/integration/lifecycle.mjs';
import { chooseCodeServer } from '../../../scripts/integration/prerequisites.mjs';
import { parseInteropLine } from '../../../scripts/integration/servers.mjs';

describe('integration runner: harness rules', () => {
  it('knows any Sandbox’s authorize page', () => {
    assert.ok(isAuthorizePage('http://127.0.0.1:4780/oauth/authorize?client_id=x'));
    assert.ok(isAuthorizePage('http://127.0.0.1:8080/proxy/4780/oauth/authorize'));
    assert.ok(!isAuthorizePage('http://127.0.0.1:4780/oauth/token'));
    assert.ok(!isAuthorizePage('not a url'));
  });

  it('knows the extension’s one-shot page behind code-server’s port proxy', () => {
    const base = 'http://127.0.0.1:8080';
    assert.ok(isInterstitial(`${base}/proxy/4780/${'a'.repeat(22)}`, base));
    assert.ok(!isInterstitial(`${base}/proxy/4780/short`, base));
    assert.ok(!isInterstitial(`${base}/proxy/4780/oauth/authorize`, base));
    assert.ok(!isInterstitial(`http://127.0.0.1:9/proxy/4780/${'a'.repeat(22)}`, base));
  });

  it('routes a server’s authorize address both directly and through the port proxy', () => {
    assert.deepEqual(authorizeRoutes('http://127.0.0.1:4780', 'http://127.0.0.1:8080'), [
      'http://127.0.0.1:4780/oauth/authorize**',
      'http://127.0.0.1:8080/proxy/4780/oauth/authorize**',
    ]);
  });

  it('injects the failures asked for first, then the hangs, then nothing', () => {
    const counts = { serviceWorkerFaults: 1, webviewHostHangs: 2 };
    assert.deepEqual([takeFault(counts), takeFault(counts), takeFault(counts), takeFault(counts)], ['fail', 'hang', 'hang', undefined]);
    assert.deepEqual(counts, { serviceWorkerFaults: 0, webviewHostHangs: 0 });
  });
});

describe('integration runner: run plumbing', () => {
  it('undoes the last thing first, and goes on past a failing one', async () => {
    const cleanups = createCleanups();
    const done: string[] = [];
    cleanups.add(() => done.push('sandbox'));
    cleanups.add(() => {
      throw new Error('already gone');
    });
    cleanups.add(async () => done.push('browser'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      await cleanups.run();
    } finally {
      console.error = original;
    }
    assert.deepEqual(done, ['browser', 'sandbox']);
    assert.deepEqual(errors, ['[integration] cleanup: already gone']);
    await cleanups.run();
    assert.deepEqual(done, ['browser', 'sandbox'], 'each is undone once');
  });

  it('reads the independent pair’s first line once it is whole', () => {
    assert.equal(parseInteropLine('starting\n'), undefined);
    assert.deepEqual(parseInteropLine('starting\nINTEROP {"url":"http://127.0.0.1:1"}\nmore'), { url: 'http://127.0.0.1:1' });
  });

  it('runs the code-server given by flags, else the installed one', () => {
    const installed = { codeServerEntry: '/cache/entry.js', node24: '/cache/node24' };
    assert.deepEqual(chooseCodeServer({ entry: undefined, node: undefined }, installed), { entry: '/cache/entry.js', node: '/cache/node24' });
    assert.deepEqual(chooseCodeServer({ entry: '/old/entry.js', node: '/old/node' }, installed), { entry: '/old/entry.js', node: '/old/node' });
    assert.deepEqual(chooseCodeServer({ entry: '/old/entry.js', node: undefined }, installed), { entry: '/old/entry.js', node: '/cache/node24' });
  });
});
