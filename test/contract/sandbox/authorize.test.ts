import * as assert from 'node:assert/strict';
import { demoTenant } from '../../../src/sandbox/demoTenant';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { PENDING_LIFETIME_MS } from '../../../src/sandbox/state';
import { ALL_SCOPES, PUBLIC_CLIENT, REDIRECT_URI, authorizeUrl, consentForm, get, pkce, postConsent, signIn, start } from './helpers';

describe('sandbox E1 authorize', () => {
  let sb: RunningSandbox;
  beforeEach(async () => {
    sb = await start();
  });
  afterEach(async () => {
    await sb.close();
  });

  describe('requests that are never redirected get an HTML error page', () => {
    const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
      ['missing client_id', { client_id: undefined }, /no client_id/],
      ['unknown client', { client_id: 'nobody' }, /No application with client ID &quot;nobody&quot;/],
      ['missing redirect_uri', { redirect_uri: undefined }, /no redirect_uri/],
      ['unregistered redirect URI', { redirect_uri: 'http://127.0.0.1:9999/evil' }, /is not registered/],
      ['relative redirect URI', { redirect_uri: '/auth-callback' }, /must be absolute/],
      ['wildcard redirect URI', { redirect_uri: 'http://127.0.0.1:*/auth-callback' }, /Wildcards are not supported/],
      ['redirect URI differing only in a trailing slash', { redirect_uri: `${REDIRECT_URI}/` }, /is not registered/],
      ['redirect URI differing only in case', { redirect_uri: REDIRECT_URI.toUpperCase() }, /is not registered/],
      ['redirect URI of another port', { redirect_uri: 'http://127.0.0.1:33335/auth-callback' }, /is not registered/],
    ];
    for (const [name, overrides, message] of cases) {
      it(name, async () => {
        const res = await get(authorizeUrl(sb, overrides));
        assert.equal(res.status, 400);
        assert.equal(res.headers.get('location'), null);
        assert.match(res.headers.get('content-type') ?? '', /text\/html/);
        assert.match(await res.text(), message);
      });
    }

    it('duplicated client_id', async () => {
      const res = await get(`${authorizeUrl(sb)}&client_id=${PUBLIC_CLIENT}`);
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('location'), null);
    });
  });

  describe('malformed requests with a trusted redirect URI are redirected with error, hint and state', () => {
    const cases: Array<[string, Record<string, string | undefined>, string, RegExp]> = [
      ['missing response_type', { response_type: undefined }, 'invalid_request', /response_type/],
      ['wrong response_type', { response_type: 'token' }, 'unsupported_response_type', /must be code/],
      ['missing code_challenge', { code_challenge: undefined }, 'invalid_request', /Code challenge must be provided/],
      ['missing code_challenge_method', { code_challenge_method: undefined }, 'invalid_request', /code_challenge_method/],
      ['plain code_challenge_method', { code_challenge_method: 'plain' }, 'invalid_request', /S256/],
      ['lower-case s256', { code_challenge_method: 's256' }, 'invalid_request', /S256/],
      ['code_challenge that is not a SHA-256 digest', { code_challenge: 'short' }, 'invalid_request', /RFC-7636/],
      ['unknown scope', { scope: 'tasks:read admin' }, 'invalid_scope', /`admin`/],
      ['comma separated scopes', { scope: 'tasks:read,files:read' }, 'invalid_scope', /separated by spaces/],
    ];
    for (const [name, overrides, error, hint] of cases) {
      it(name, async () => {
        const res = await get(authorizeUrl(sb, overrides));
        assert.equal(res.status, 302);
        const location = new URL(res.headers.get('location') ?? '');
        assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
        assert.equal(location.searchParams.get('error'), error);
        assert.ok((location.searchParams.get('error_description') ?? '').length > 0);
        assert.match(location.searchParams.get('hint') ?? '', hint);
        assert.equal(location.searchParams.get('state'), 'st-123');
        assert.equal(location.searchParams.get('code'), null);
      });
    }

    it('a repeated parameter', async () => {
      const res = await get(`${authorizeUrl(sb)}&scope=files:read`);
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.searchParams.get('error'), 'invalid_request');
      assert.match(location.searchParams.get('hint') ?? '', /`scope`.*more than once/);
    });

    it('omits state when none was supplied', async () => {
      const res = await get(authorizeUrl(sb, { state: undefined, response_type: 'token' }));
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.searchParams.has('state'), false);
    });

    it('a scope the application is not allowed', async () => {
      const config = demoTenant();
      config.clients[0].scopes = ['tasks:read'];
      const other = await start({ config });
      try {
        const res = await get(authorizeUrl(other, { scope: 'tasks:read files:read' }));
        const location = new URL(res.headers.get('location') ?? '');
        assert.equal(location.searchParams.get('error'), 'invalid_scope');
        assert.match(location.searchParams.get('hint') ?? '', /not allowed the `files:read` scope/);
      } finally {
        await other.close();
      }
    });
  });

  describe('consent page', () => {
    it('is CSP-protected HTML with a user select, the scopes and #approve / #deny', async () => {
      const res = await get(authorizeUrl(sb));
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      assert.match(res.headers.get('content-security-policy') ?? '', /form-action 'self'/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const { html } = await consentForm(res);
      assert.match(html, /<select name="user"/);
      for (const u of ['alice', 'bob', 'carol']) {
        assert.match(html, new RegExp(`<option value="${u}">`));
      }
      for (const s of ALL_SCOPES.split(' ')) {
        assert.ok(html.includes(`<code>${s}</code>`), s);
      }
      assert.match(html, /<button type="submit" name="decision" value="approve" id="approve">/);
      assert.match(html, /<button type="submit" name="decision" value="deny" id="deny">/);
      assert.doesNotMatch(html, /<script/i);
    });

    for (const [redirectUri, source] of [
      ['vscode://tenantlabs.tenant-graphql/auth-callback', 'vscode:'],
      ['http://127.0.0.1:33333/auth-callback', 'http://127.0.0.1:33333'],
    ]) {
      it(`lets the form lead to the redirect URI ${redirectUri} (form-action governs the redirect)`, async () => {
        const res = await get(authorizeUrl(sb, { redirect_uri: redirectUri }));
        const csp = res.headers.get('content-security-policy') ?? '';
        assert.match(csp, new RegExp(`form-action 'self' ${source.replace(/[.:/]/g, (c) => `\\${c}`)}(;|$)`));
      });
    }

    it('sets the CSRF cookie without a Path, so it also works behind a path-prefixing proxy', async () => {
      const res = await get(authorizeUrl(sb));
      const cookie = res.headers.get('set-cookie') ?? '';
      assert.match(cookie, /HttpOnly/);
      assert.doesNotMatch(cookie, /Path=/i);
    });

    it('escapes every interpolated value', async () => {
      const evil = 'http://127.0.0.1:33333/cb?x="><script>alert(1)</script>';
      sb.registerRedirectUri(PUBLIC_CLIENT, evil);
      const { html } = await consentForm(await get(authorizeUrl(sb, { redirect_uri: evil })));
      assert.ok(!html.includes('<script>alert(1)</script>'));
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.ok(html.includes('&quot;&gt;'));
    });

    it('approve redirects with a code and the state, keeping the redirect URI query', async () => {
      const withQuery = 'http://127.0.0.1:33333/auth-callback?windowId=7';
      sb.registerRedirectUri(PUBLIC_CLIENT, withQuery);
      assert.ok(sb.clients[0].redirectUris.includes(withQuery), 'listed in the running Sandbox info');
      const location = await signIn(sb, 'alice', { redirect_uri: withQuery });
      assert.equal(location.searchParams.get('windowId'), '7');
      assert.match(location.searchParams.get('code') ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.equal(location.searchParams.get('state'), 'st-123');
      assert.equal(location.searchParams.get('error'), null);
    });

    it('redirects to custom-scheme redirect URIs (vscode://)', async () => {
      const location = await signIn(sb, 'bob', { redirect_uri: 'vscode://tenantlabs.tenant-graphql/auth-callback' });
      assert.equal(location.protocol, 'vscode:');
      assert.ok(location.searchParams.get('code'));
    });

    it('deny redirects with access_denied and the state', async () => {
      const page = await consentForm(await get(authorizeUrl(sb)));
      const res = await postConsent(sb, { request_id: page.requestId, csrf_token: page.csrfToken, user: 'alice', decision: 'deny' }, page.cookie);
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.searchParams.get('error'), 'access_denied');
      assert.match(location.searchParams.get('hint') ?? '', /denied/);
      assert.equal(location.searchParams.get('state'), 'st-123');
      assert.equal(location.searchParams.get('code'), null);
    });

    const csrfCases: Array<[string, (p: { requestId: string; csrfToken: string; cookie: string }) => [Record<string, string>, string | undefined], number]> = [
      ['wrong CSRF token', (p) => [{ request_id: p.requestId, csrf_token: 'forged', user: 'alice', decision: 'approve' }, p.cookie], 403],
      ['missing CSRF cookie', (p) => [{ request_id: p.requestId, csrf_token: p.csrfToken, user: 'alice', decision: 'approve' }, undefined], 403],
      ['unknown request id', (p) => [{ request_id: 'nope', csrf_token: p.csrfToken, user: 'alice', decision: 'approve' }, p.cookie], 400],
      ['unknown user', (p) => [{ request_id: p.requestId, csrf_token: p.csrfToken, user: 'mallory', decision: 'approve' }, p.cookie], 400],
      ['an unknown decision', (p) => [{ request_id: p.requestId, csrf_token: p.csrfToken, user: 'alice', decision: 'maybe' }, p.cookie], 400],
    ];
    for (const [name, build, status] of csrfCases) {
      it(`refuses the form: ${name}`, async () => {
        const page = await consentForm(await get(authorizeUrl(sb)));
        const [fields, cookie] = build(page);
        const res = await postConsent(sb, fields, cookie);
        assert.equal(res.status, status);
        assert.equal(res.headers.get('location'), null);
      });
    }

    it('a consent form can be answered only once', async () => {
      const page = await consentForm(await get(authorizeUrl(sb)));
      const fields = { request_id: page.requestId, csrf_token: page.csrfToken, user: 'alice', decision: 'approve' };
      assert.equal((await postConsent(sb, fields, page.cookie)).status, 303);
      assert.equal((await postConsent(sb, fields, page.cookie)).status, 400);
    });

    it('a consent form expires after 10 minutes (Sandbox clock)', async () => {
      const page = await consentForm(await get(authorizeUrl(sb)));
      sb.clock.advance(PENDING_LIFETIME_MS);
      const res = await postConsent(sb, { request_id: page.requestId, csrf_token: page.csrfToken, user: 'alice', decision: 'approve' }, page.cookie);
      assert.equal(res.status, 400);
    });

    it('remembers consent per user and flags additional scopes', async () => {
      const first = await consentForm(await get(authorizeUrl(sb, { scope: 'tasks:read' })));
      assert.match(first.html, /Alice Anders \(alice\) - first use/);
      await signIn(sb, 'alice', { scope: 'tasks:read' });
      const same = await consentForm(await get(authorizeUrl(sb, { scope: 'tasks:read' })));
      assert.match(same.html, /Alice Anders \(alice\) - already approved/);
      assert.match(same.html, /Bob Berg \(bob\) - first use/);
      const more = await consentForm(await get(authorizeUrl(sb, { scope: 'tasks:read files:read' })));
      assert.match(more.html, /Alice Anders \(alice\) - new: files:read/);
    });

    it('shows an empty scope as no access', async () => {
      const { html } = await consentForm(await get(authorizeUrl(sb, { scope: undefined })));
      assert.match(html, /No scopes/);
    });
  });

  it('autoConsent approves at once as the configured user, still enforcing every rule', async () => {
    const auto = await start({ autoConsent: 'carol' });
    try {
      const ok = await get(authorizeUrl(auto));
      assert.equal(ok.status, 302);
      const location = new URL(ok.headers.get('location') ?? '');
      assert.ok(location.searchParams.get('code'));
      assert.equal(location.searchParams.get('state'), 'st-123');
      const bad = await get(authorizeUrl(auto, { code_challenge_method: 'plain' }));
      assert.equal(new URL(bad.headers.get('location') ?? '').searchParams.get('error'), 'invalid_request');
      const unregistered = await get(authorizeUrl(auto, { redirect_uri: 'http://127.0.0.1:1/x' }));
      assert.equal(unregistered.status, 400);
    } finally {
      await auto.close();
    }
  });

  it('refuses to start with an autoConsent user that does not exist', async () => {
    await assert.rejects(start({ autoConsent: 'mallory' }), /not a user/);
  });

  it('serves E1 only on {auth_url}, not on {base_url}', async () => {
    const onApi = await get(authorizeUrl(sb).replace(sb.authUrl, sb.baseUrl));
    assert.equal(onApi.status, 404);
    const graphqlOnAuth = await fetch(`${sb.authUrl}/v1/graphql`, { method: 'POST' });
    assert.equal(graphqlOnAuth.status, 404);
    const tokenOnAuth = await fetch(`${sb.authUrl}/v1/oauth/token`, { method: 'POST' });
    assert.equal(tokenOnAuth.status, 404);
    assert.notEqual(new URL(sb.authUrl).port, new URL(sb.baseUrl).port);
  });

  it('counts authorization requests', async () => {
    await get(authorizeUrl(sb, { client_id: pkce().verifier }));
    await get(authorizeUrl(sb));
    assert.equal(sb.stats().authorize, 2);
  });
});
