/** The browser harness's address rules (scripts/integration/browserHarness.mjs). */
import * as assert from 'node:assert/strict';
import { authorizeRoutes, isAuthorizePage, isInterstitial } from '../../../scripts/integration/browserHarness.mjs';

describe('integration runner: browser harness', () => {
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
});
