import * as assert from 'node:assert/strict';
import { demoTenant } from '../../../src/sandbox/demoTenant';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { SESSION_LIFETIME_MS } from '../../../src/sandbox/state';
import { adminFetch, CONFIDENTIAL_CLIENT, PUBLIC_CLIENT, REDIRECT_URI, TestBrowser, jwtPayload, pkce, start, tokenRequest } from './helpers';

/** What E1 answered: a code at once, the sign-in page (who are you?) or the consent page of a signed-in user. */
type Outcome = { kind: 'code'; location: URL } | { kind: 'sign-in page'; html: string } | { kind: 'consent page'; html: string; asked: string[]; approved: string[] };

async function outcome(res: Response): Promise<Outcome> {
  if (res.status === 302) {
    const location = new URL(res.headers.get('location') ?? '');
    assert.ok(location.searchParams.get('code'), `a code, not ${location.toString()}`);
    return { kind: 'code', location };
  }
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<select name="user"/, 'every page that asks has the user select');
  assert.match(html, /id="approve"/);
  assert.match(html, /id="deny"/);
  if (!html.includes('id="signed-in"')) {
    return { kind: 'sign-in page', html };
  }
  const scopes = /<ul id="scopes">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  const approved = /<p class="note" id="approved">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const codes = (text: string) => [...text.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]);
  return { kind: 'consent page', html, asked: codes(scopes), approved: codes(approved) };
}

async function admin(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await adminFetch(`${sb.baseUrl}/admin${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, unknown>;
}

describe('sandbox consent memory (E1: ask on first use and for additional scopes only)', () => {
  let sb: RunningSandbox;
  beforeEach(async () => {
    sb = await start();
  });
  afterEach(async () => {
    await sb.close();
  });

  describe('a second authorization request of the same browser, after alice approved tasks:read', () => {
    type Case = {
      name: string;
      /** Whether alice ticked "Stay signed in on this browser". */
      remember?: boolean;
      /** What happens between the two requests. */
      between?: (sb: RunningSandbox, browser: TestBrowser) => Promise<void>;
      request: Record<string, string | undefined>;
      expected: { kind: 'code' } | { kind: 'sign-in page' } | { kind: 'consent page'; asked: string[]; approved: string[] };
    };
    const cases: Case[] = [
      { name: 'the same scope: a code at once, no page', remember: true, request: { scope: 'tasks:read' }, expected: { kind: 'code' } },
      { name: 'no scope: a code at once (the application is known)', remember: true, request: { scope: undefined }, expected: { kind: 'code' } },
      {
        name: 'an additional scope: the consent page asks for that scope only',
        remember: true,
        request: { scope: 'tasks:read files:read' },
        expected: { kind: 'consent page', asked: ['files:read'], approved: ['tasks:read'] },
      },
      {
        name: 'another application: the consent page (first use)',
        remember: true,
        request: { client_id: CONFIDENTIAL_CLIENT, scope: 'tasks:read' },
        expected: { kind: 'consent page', asked: ['tasks:read'], approved: [] },
      },
      { name: 'not signed in to stay: the sign-in page (who is at the browser?)', remember: false, request: { scope: 'tasks:read' }, expected: { kind: 'sign-in page' } },
      {
        name: 'after signing out: the sign-in page',
        remember: true,
        request: { scope: 'tasks:read' },
        expected: { kind: 'sign-in page' },
        between: async (s, browser) => {
          browser.keep(await fetch(`${s.authUrl}/oauth/signout`, { method: 'POST', headers: { cookie: browser.cookieHeader() } }));
        },
      },
      {
        name: 'after the sign-in expired (8 h on the Sandbox clock): the sign-in page',
        remember: true,
        request: { scope: 'tasks:read' },
        expected: { kind: 'sign-in page' },
        between: async (s) => s.clock.advance(SESSION_LIFETIME_MS),
      },
      {
        name: 'after the admin forgot every consent and sign-in: the sign-in page',
        remember: true,
        request: { scope: 'tasks:read' },
        expected: { kind: 'sign-in page' },
        between: async (s) => void (await admin(s, 'DELETE', '/consents')),
      },
      {
        name: "after the admin forgot alice's consents: the consent page again",
        remember: true,
        request: { scope: 'tasks:read' },
        expected: { kind: 'consent page', asked: ['tasks:read'], approved: [] },
        between: async (s) => void (await admin(s, 'DELETE', '/consents', { userId: 'alice' })),
      },
      {
        name: 'with a forged sign-in cookie: the sign-in page',
        remember: false,
        request: { scope: 'tasks:read' },
        expected: { kind: 'sign-in page' },
        between: async (_s, browser) => {
          const name = browser.cookieNames().find((n) => n.startsWith('sandbox_session_')) ?? 'sandbox_session_0';
          browser.keep(new Response(null, { headers: { 'set-cookie': `${name}=forged` } }));
        },
      },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const browser = new TestBrowser(sb);
        const first = await browser.signIn('alice', { scope: 'tasks:read' }, { remember: c.remember ?? false });
        assert.ok(first.searchParams.get('code'));
        await c.between?.(sb, browser);
        const got = await outcome(await browser.authorize(c.request));
        assert.equal(got.kind, c.expected.kind);
        if (got.kind === 'consent page' && c.expected.kind === 'consent page') {
          assert.deepEqual(got.asked, c.expected.asked);
          assert.deepEqual(got.approved, c.expected.approved);
          assert.match(got.html, /<option value="alice" selected>/, 'the signed-in user is preselected');
        }
        if (got.kind === 'sign-in page') {
          assert.doesNotMatch(got.html, /<option value="[^"]+" selected>/, 'nobody is preselected');
        }
      });
    }
  });

  describe('a returning user on the sign-in page of a browser that is not signed in (E1: no prompt for approved scopes)', () => {
    it('the same scopes: "Sign in" (no decision) gets a code for that user at once', async () => {
      const browser = new TestBrowser(sb);
      await browser.signIn('alice', { scope: 'tasks:read' });
      const { verifier, challenge } = pkce();
      const page = await outcome(await browser.authorize({ scope: 'tasks:read', state: 'again' }, challenge));
      assert.equal(page.kind, 'sign-in page');
      const html = page.kind === 'sign-in page' ? page.html : '';
      assert.match(html, /<button type="submit" id="sign-in">Sign in<\/button>/, 'a way to sign in without deciding');
      assert.match(html, /Alice Anders \(alice\) - already approved/);
      const res = await browser.answer(html, { user: 'alice' });
      assert.equal(res.status, 303);
      const location = new URL(res.headers.get('location') ?? '');
      assert.equal(location.searchParams.get('state'), 'again');
      const token = await tokenRequest(sb, {
        grant_type: 'authorization_code',
        code: location.searchParams.get('code') ?? '',
        client_id: PUBLIC_CLIENT,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      assert.equal(token.status, 200);
      assert.equal(jwtPayload(String(token.body.access_token)).sub, 'alice');
      assert.equal(jwtPayload(String(token.body.access_token)).scope, 'tasks:read');
    });

    it('additional scopes: "Sign in" leads to the consent prompt for the new scopes only, then Approve gets the code', async () => {
      const browser = new TestBrowser(sb);
      await browser.signIn('alice', { scope: 'tasks:read' });
      const page = await outcome(await browser.authorize({ scope: 'tasks:read files:read' }));
      const signedIn = await browser.answer(page.kind === 'sign-in page' ? page.html : '', { user: 'alice' });
      const prompt = await outcome(signedIn);
      assert.equal(prompt.kind, 'consent page');
      assert.deepEqual(prompt.kind === 'consent page' ? prompt.asked : [], ['files:read']);
      assert.deepEqual(prompt.kind === 'consent page' ? prompt.approved : [], ['tasks:read']);
      const html = prompt.kind === 'consent page' ? prompt.html : '';
      assert.match(html, /<option value="alice" selected>/);
      assert.doesNotMatch(html, /id="remember" checked/, 'alice did not ask to stay signed in');
      assert.doesNotMatch(html, /id="sign-in"/, 'here only a decision goes on');
      assert.deepEqual((await admin(sb, 'GET', '/consents')).consents, [{ userId: 'alice', clientId: PUBLIC_CLIENT, scopes: ['tasks:read'] }], 'nothing granted by signing in');
      const approved = await browser.answer(html, { user: 'alice', decision: 'approve' });
      assert.equal(approved.status, 303);
      assert.ok(new URL(approved.headers.get('location') ?? '').searchParams.get('code'));
      assert.deepEqual((await admin(sb, 'GET', '/consents')).consents, [{ userId: 'alice', clientId: PUBLIC_CLIENT, scopes: ['files:read', 'tasks:read'] }]);
    });

    it('first use: "Sign in" leads to the consent prompt, where Deny still sends access_denied', async () => {
      const browser = new TestBrowser(sb);
      const page = await outcome(await browser.authorize({ scope: 'tasks:read' }));
      const prompt = await outcome(await browser.answer(page.kind === 'sign-in page' ? page.html : '', { user: 'bob', remember: '1' }));
      assert.equal(prompt.kind, 'consent page');
      assert.deepEqual(prompt.kind === 'consent page' ? prompt.asked : [], ['tasks:read']);
      assert.match(prompt.kind === 'consent page' ? prompt.html : '', /id="remember" checked/, 'bob asked to stay signed in');
      const denied = await browser.answer(prompt.kind === 'consent page' ? prompt.html : '', { user: 'bob', decision: 'deny' });
      assert.equal(new URL(denied.headers.get('location') ?? '').searchParams.get('error'), 'access_denied');
      assert.deepEqual((await admin(sb, 'GET', '/consents')).consents, []);
    });

    it('alwaysConsent: "Sign in" always leads to the prompt', async () => {
      const always = await start({ alwaysConsent: true });
      try {
        const browser = new TestBrowser(always);
        await browser.signIn('alice', { scope: 'tasks:read' });
        const page = await outcome(await browser.authorize({ scope: 'tasks:read' }));
        const prompt = await outcome(await browser.answer(page.kind === 'sign-in page' ? page.html : '', { user: 'alice' }));
        assert.equal(prompt.kind, 'consent page');
      } finally {
        await always.close();
      }
    });
  });

  it('the code of a remembered consent is for the signed-in user, the scopes and the state', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('bob', { scope: 'tasks:read files:read' }, { remember: true });
    const { verifier, challenge } = pkce();
    const res = await browser.authorize({ scope: 'files:read', state: 'second' }, challenge);
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location') ?? '');
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
    assert.equal(location.searchParams.get('state'), 'second');
    const token = await tokenRequest(sb, {
      grant_type: 'authorization_code',
      code: location.searchParams.get('code') ?? '',
      client_id: PUBLIC_CLIENT,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    assert.equal(token.status, 200);
    const claims = jwtPayload(String(token.body.access_token));
    assert.equal(claims.sub, 'bob');
    assert.equal(claims.scope, 'files:read', 'the token carries the requested scopes, not every approved one');
  });

  it('approving additional scopes is remembered too: the union is not asked again', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    const more = await outcome(await browser.authorize({ scope: 'tasks:read files:read' }));
    assert.equal(more.kind, 'consent page');
    const approved = await browser.answer(more.kind === 'consent page' ? more.html : '', { user: 'alice', decision: 'approve', remember: '1' });
    assert.equal(approved.status, 303);
    assert.equal((await outcome(await browser.authorize({ scope: 'files:read tasks:read' }))).kind, 'code');
    assert.deepEqual((await admin(sb, 'GET', '/consents')).consents, [{ userId: 'alice', clientId: PUBLIC_CLIENT, scopes: ['files:read', 'tasks:read'] }]);
  });

  it('denying additional scopes keeps what was approved and the sign-in', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    const more = await outcome(await browser.authorize({ scope: 'tasks:read users:read' }));
    const denied = await browser.answer(more.kind === 'consent page' ? more.html : '', { user: 'alice', decision: 'deny' });
    assert.equal(new URL(denied.headers.get('location') ?? '').searchParams.get('error'), 'access_denied');
    assert.equal((await outcome(await browser.authorize({ scope: 'tasks:read' }))).kind, 'code');
    assert.equal((await outcome(await browser.authorize({ scope: 'users:read' }))).kind, 'consent page');
  });

  it('another user can be chosen on the consent page of a signed-in browser', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    const { verifier, challenge } = pkce();
    const page = await outcome(await browser.authorize({ scope: 'tasks:read files:read' }, challenge));
    const res = await browser.answer(page.kind === 'consent page' ? page.html : '', { user: 'carol', decision: 'approve', remember: '1' });
    const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const token = await tokenRequest(sb, { grant_type: 'authorization_code', code, client_id: PUBLIC_CLIENT, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    assert.equal(jwtPayload(String(token.body.access_token)).sub, 'carol');
    const next = await outcome(await browser.authorize({ scope: 'files:read' }));
    assert.equal(next.kind, 'code', 'the browser is now signed in as carol, who approved files:read');
  });

  it('approving without "Stay signed in" signs the browser out', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    const page = await outcome(await browser.authorize({ scope: 'tasks:read files:read' }));
    assert.match(page.kind === 'consent page' ? page.html : '', /id="remember" checked/);
    await browser.answer(page.kind === 'consent page' ? page.html : '', { user: 'alice', decision: 'approve' });
    assert.equal((await outcome(await browser.authorize({ scope: 'tasks:read' }))).kind, 'sign-in page');
  });

  it('a browser that never ticked "Stay signed in" always gets the sign-in page, which still remembers consent per user', async () => {
    const browser = new TestBrowser(sb);
    const res = await browser.authorize({ scope: 'tasks:read' });
    const page = await res.text();
    assert.doesNotMatch(page, /id="remember" checked/, 'not ticked by default');
    const answered = await browser.answer(page, { user: 'alice', decision: 'approve' });
    assert.deepEqual(
      answered.headers.getSetCookie().filter((c) => c.startsWith('sandbox_session_') && !/Max-Age=0/.test(c)),
      [],
      'no sign-in cookie',
    );
    const again = await outcome(await browser.authorize({ scope: 'tasks:read' }));
    assert.equal(again.kind, 'sign-in page');
    assert.match(again.kind === 'sign-in page' ? again.html : '', /Alice Anders \(alice\) - already approved/);
  });

  it('the sign-in cookie is HttpOnly, SameSite=Lax, without Path, and named per Sandbox', async () => {
    const browser = new TestBrowser(sb);
    const page = await (await browser.authorize()).text();
    const res = await browser.answer(page, { user: 'alice', decision: 'approve', remember: '1' });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('sandbox_session_'));
    assert.ok(session);
    assert.match(session, /HttpOnly/);
    assert.match(session, /SameSite=Lax/);
    assert.match(session, new RegExp(`Max-Age=${SESSION_LIFETIME_MS / 1000}`));
    assert.doesNotMatch(session, /Path=/i);
    const other = await start();
    try {
      const otherBrowser = new TestBrowser(other);
      const otherPage = await (await otherBrowser.authorize()).text();
      const otherRes = await otherBrowser.answer(otherPage, { user: 'alice', decision: 'approve', remember: '1' });
      const otherName = otherRes.headers
        .getSetCookie()
        .find((c) => c.startsWith('sandbox_session_'))
        ?.split('=')[0];
      assert.notEqual(otherName, session.split('=')[0], 'cookies ignore ports: two Sandboxes must not share one');
    } finally {
      await other.close();
    }
  });

  it('the sign-out page offers a button while signed in and confirms after', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    const page = await fetch(`${sb.authUrl}/oauth/signout`, { headers: { cookie: browser.cookieHeader() } });
    assert.match(await page.text(), /<form method="post" action="signout">/);
    const out = await fetch(`${sb.authUrl}/oauth/signout`, { method: 'POST', headers: { cookie: browser.cookieHeader() } });
    assert.match(await out.text(), /Signed out/);
    assert.match(out.headers.get('set-cookie') ?? '', /Max-Age=0/);
  });

  it('alwaysConsent asks a signed-in user every time, for every requested scope', async () => {
    const always = await start({ alwaysConsent: true });
    try {
      const browser = new TestBrowser(always);
      await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
      const again = await outcome(await browser.authorize({ scope: 'tasks:read' }));
      assert.equal(again.kind, 'consent page');
      assert.deepEqual(again.kind === 'consent page' ? again.asked : [], ['tasks:read']);
    } finally {
      await always.close();
    }
  });

  it('the admin endpoint lists and forgets consents by user or client', async () => {
    const alice = new TestBrowser(sb);
    await alice.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    await alice.signIn('alice', { scope: 'files:read', client_id: CONFIDENTIAL_CLIENT });
    await new TestBrowser(sb).signIn('bob', { scope: 'users:read' });
    const listed = await admin(sb, 'GET', '/consents');
    assert.deepEqual(listed.consents, [
      { userId: 'alice', clientId: PUBLIC_CLIENT, scopes: ['tasks:read'] },
      { userId: 'alice', clientId: CONFIDENTIAL_CLIENT, scopes: ['files:read'] },
      { userId: 'bob', clientId: PUBLIC_CLIENT, scopes: ['users:read'] },
    ]);
    const byClient = await admin(sb, 'DELETE', '/consents', { clientId: CONFIDENTIAL_CLIENT });
    assert.equal(byClient.forgotten, 1);
    assert.equal(byClient.signedInBrowsers, 0, 'alice ended her sign-in by not ticking "Stay signed in" the second time');
    const all = await admin(sb, 'DELETE', '/consents');
    assert.equal(all.forgotten, 2);
    assert.deepEqual(all.consents, []);
    const bad = await adminFetch(`${sb.baseUrl}/admin/consents`, { method: 'DELETE', body: JSON.stringify({ userId: 7 }) });
    assert.equal(bad.status, 400);
  });

  it('the consent page of a signed-in user escapes the names it shows', async () => {
    const config = demoTenant();
    config.users[0].name = '<script>alert(1)</script>';
    config.clients[0].name = '"><img src=x onerror=alert(2)>';
    const evil = await start({ config });
    try {
      const browser = new TestBrowser(evil);
      await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
      const page = await outcome(await browser.authorize({ scope: 'tasks:read files:read' }));
      assert.equal(page.kind, 'consent page');
      const html = page.kind === 'consent page' ? page.html : '';
      assert.ok(!html.includes('<script>alert(1)'));
      assert.ok(!html.includes('<img src=x'));
      assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    } finally {
      await evil.close();
    }
  });

  it('POST /admin/reset forgets consents and sign-ins', async () => {
    const browser = new TestBrowser(sb);
    await browser.signIn('alice', { scope: 'tasks:read' }, { remember: true });
    await adminFetch(`${sb.baseUrl}/admin/reset`, { method: 'POST' });
    assert.equal((await outcome(await browser.authorize({ scope: 'tasks:read' }))).kind, 'sign-in page');
  });
});
