import * as assert from 'node:assert/strict';
import { bearerHooks, type TokenSource } from '../../../../src/core/http/tokenPolicy';

/** A token source that hands out t1, t2, ... and records how it was asked. */
function source(failForced = false) {
  const asked: { sessionId: string; forceRefresh?: boolean; rejectedToken?: string }[] = [];
  let n = 0;
  const s: TokenSource = {
    getAccessToken: (sessionId, options = {}) => {
      asked.push({ sessionId, forceRefresh: options.forceRefresh, rejectedToken: options.rejectedToken });
      if (options.forceRefresh && failForced) {
        return Promise.reject(new Error('refresh token expired'));
      }
      return Promise.resolve(`t${++n}`);
    },
  };
  return { s, asked };
}

describe('core/http/tokenPolicy', () => {
  it("sends the session's current token on every attempt", async () => {
    const { s, asked } = source();
    const hooks = bearerHooks(s, 'session-1');
    assert.equal(await hooks.token(), 't1');
    assert.equal(await hooks.token(), 't2');
    assert.deepEqual(
      asked.map((a) => a.sessionId),
      ['session-1', 'session-1'],
    );
    assert.ok(asked.every((a) => !a.forceRefresh));
  });

  it('after a 401, forces one refresh that names the rejected token', async () => {
    const { s, asked } = source();
    const hooks = bearerHooks(s, 'session-1');
    await hooks.token();
    assert.equal(await hooks.onUnauthorized(), 't2');
    assert.deepEqual(asked[1], { sessionId: 'session-1', forceRefresh: true, rejectedToken: 't1' });
  });

  it('lets the 401 stand when the refresh fails', async () => {
    const { s } = source(true);
    const hooks = bearerHooks(s, 'session-1');
    await hooks.token();
    assert.equal(await hooks.onUnauthorized(), undefined);
  });

  it("passes the request's cancellation to the token source", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const abort = new AbortController();
    const hooks = bearerHooks({ getAccessToken: (_id, o) => (signals.push(o?.signal), Promise.resolve('t')) }, 's', abort.signal);
    await hooks.token();
    await hooks.onUnauthorized();
    assert.deepEqual(signals, [abort.signal, abort.signal]);
  });
});
