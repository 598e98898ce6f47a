import { strict as assert } from 'node:assert';
import { AuthorizationError, CancelledError } from '../../../../src/core/errors';
import { SignInTimeoutError } from '../../../../src/core/auth/authErrors';
import { isAuthCallbackPath, PendingAuthorizations, PENDING_TTL_MS } from '../../../../src/core/auth/pendingAuthorizations';
import { FakeClock, s256, testEnv } from './fakes';

const redirectUri = 'vscode://tenantlabs.tenant-graphql/auth-callback';

async function begin(pending: PendingAuthorizations) {
  const begun = await pending.begin({ environment: testEnv('https://api.example.com'), redirectUri, scopes: ['tasks:read'] });
  const url = new URL(begun.authorizeUrl);
  return { ...begun, challenge: url.searchParams.get('code_challenge')! };
}

describe('core/auth/pendingAuthorizations', () => {
  let clock: FakeClock;
  let pending: PendingAuthorizations;
  beforeEach(() => {
    clock = new FakeClock();
    pending = new PendingAuthorizations(clock);
  });

  it('hands the code to the waiting attempt with the verifier matching the sent challenge', async () => {
    const { state, challenge } = await begin(pending);
    const waiting = pending.wait(state);
    assert.deepEqual(pending.handleCallback(`?code=C1&state=${state}`), { kind: 'code', environment: 'test' });
    const grant = await waiting;
    assert.equal(grant.code, 'C1');
    assert.equal(grant.redirectUri, redirectUri);
    assert.equal(s256(grant.verifier), challenge);
    assert.deepEqual(grant.scopes, ['tasks:read']);
    assert.equal(pending.size, 0);
  });

  it('keeps a callback that arrives before anyone waits (the browser can be faster than openBrowser)', async () => {
    const { state } = await begin(pending);
    assert.equal(pending.handleCallback(new URLSearchParams({ code: 'EARLY', state })).kind, 'code');
    assert.equal(pending.handleCallback(new URLSearchParams({ code: 'AGAIN', state })).kind, 'rejected');
    assert.equal((await pending.wait(state)).code, 'EARLY');
    assert.equal(pending.size, 0);
  });

  it('drops an uncollected code when the attempt is cancelled', async () => {
    const { state } = await begin(pending);
    pending.handleCallback(new URLSearchParams({ code: 'EARLY', state }));
    pending.cancel(state);
    assert.equal(pending.size, 0);
    await assert.rejects(pending.wait(state), CancelledError);
  });

  it('uses a fresh verifier and state for every attempt', async () => {
    const a = await begin(pending);
    const b = await begin(pending);
    assert.notEqual(a.state, b.state);
    assert.notEqual(a.challenge, b.challenge);
  });

  it('accepts a state only once', async () => {
    const { state } = await begin(pending);
    const waiting = pending.wait(state);
    assert.equal(pending.handleCallback(new URLSearchParams({ code: 'C1', state })).kind, 'code');
    const again = pending.handleCallback(new URLSearchParams({ code: 'C2', state }));
    assert.equal(again.kind, 'rejected');
    assert.equal(again.kind === 'rejected' && again.reason, 'unknownState');
    assert.equal((await waiting).code, 'C1');
  });

  it('rejects a forged state, keeps the real attempt pending and never hands out its code', async () => {
    const { state } = await begin(pending);
    let settled = false;
    const waiting = pending.wait(state).finally(() => (settled = true));
    const result = pending.handleCallback(new URLSearchParams({ code: 'EVIL', state: 'forged' }));
    assert.equal(result.kind === 'rejected' && result.reason, 'unknownState');
    await Promise.resolve();
    assert.equal(settled, false);
    assert.equal(pending.size, 1);
    pending.handleCallback(new URLSearchParams({ code: 'GOOD', state }));
    assert.equal((await waiting).code, 'GOOD');
  });

  const order: [string, (state: string) => string, string, string | undefined][] = [
    ['unknown state with an error: state first', () => 'error=access_denied&state=nope', 'unknownState', undefined],
    ['no state at all', () => 'code=C', 'missingState', undefined],
    ['a repeated state', (s) => `code=C&state=${s}&state=${s}`, 'malformed', undefined],
    ['known state with error and code: error wins', (s) => `error=server_error&code=C&state=${s}`, 'error', 'server_error'],
    ['known state with neither', (s) => `state=${s}`, 'error', 'invalid_request'],
    ['known state with two codes', (s) => `code=a&code=b&state=${s}`, 'error', 'invalid_request'],
  ];
  for (const [what, query, kind, error] of order) {
    it(`validates in order state, error, code: ${what}`, async () => {
      const { state } = await begin(pending);
      const waiting = pending.wait(state);
      const result = pending.handleCallback(query(state));
      assert.equal(result.kind === 'rejected' ? result.reason : result.kind, kind);
      if (error) {
        await assert.rejects(waiting, (err: unknown) => err instanceof AuthorizationError && err.error === error);
      } else {
        pending.cancel(state);
        await assert.rejects(waiting, CancelledError);
      }
    });
  }

  it('surfaces access_denied as a cancellation with description and hint as plain text', async () => {
    const { state } = await begin(pending);
    const waiting = pending.wait(state);
    const result = pending.handleCallback(new URLSearchParams({ error: 'access_denied', error_description: 'The user denied\nthe request', hint: '<b>Ask an admin</b>', state }));
    assert.equal(result.kind, 'error');
    assert.equal(result.kind === 'error' && result.message, 'Sign-in was cancelled in the browser. The user denied the request. Hint: <b>Ask an admin</b>');
    await assert.rejects(waiting, (err: unknown) => err instanceof AuthorizationError && err.hint === '<b>Ask an admin</b>');
  });

  it('expires a record after 5 minutes and rejects its late callback', async () => {
    const { state } = await begin(pending);
    const waiting = pending.wait(state);
    clock.advance(PENDING_TTL_MS + 1);
    const result = pending.handleCallback(new URLSearchParams({ code: 'late', state }));
    assert.equal(result.kind === 'rejected' && result.reason, 'expired');
    await assert.rejects(waiting, SignInTimeoutError);
    assert.equal(pending.size, 0);
  });

  it('cancels through the abort signal and forgets the state', async () => {
    const { state } = await begin(pending);
    const controller = new AbortController();
    const waiting = pending.wait(state, controller.signal);
    controller.abort();
    await assert.rejects(waiting, CancelledError);
    assert.equal(pending.size, 0);
    assert.equal(pending.handleCallback(new URLSearchParams({ code: 'C', state })).kind, 'rejected');
  });

  const pasted: [string, (state: string) => string, string][] = [
    ['the full vscode:// address', (s) => `  vscode://tenantlabs.tenant-graphql/auth-callback?code=P&state=${s}\n`, 'code'],
    ['a loopback address', (s) => `http://127.0.0.1:33333/auth-callback?code=P&state=${s}`, 'code'],
    ['only the query string', (s) => `?code=P&state=${s}`, 'code'],
    ['a query string without the question mark', (s) => `code=P&state=${s}`, 'code'],
    ['an address of another path', (s) => `https://evil.example/other?code=P&state=${s}`, 'malformed'],
    ['garbage', () => 'hello world', 'missingState'],
  ];
  for (const [what, text, kind] of pasted) {
    it(`parses a pasted ${what}`, async () => {
      const { state } = await begin(pending);
      const waiting = pending.wait(state);
      const result = pending.handlePastedUrl(text(state));
      assert.equal(result.kind === 'rejected' ? result.reason : result.kind, kind);
      if (kind === 'code') {
        assert.equal((await waiting).code, 'P');
      } else {
        pending.cancel(state);
        await assert.rejects(waiting, CancelledError);
      }
    });
  }

  const paths: [string, boolean][] = [
    ['/auth-callback', true],
    ['/auth-callback/', true],
    ['/other', false],
    ['/auth-callback/x', false],
    ['', false],
  ];
  for (const [path, ours] of paths) {
    it(`isAuthCallbackPath("${path}") is ${ours}`, () => {
      assert.equal(isAuthCallbackPath(path), ours);
    });
  }
});
