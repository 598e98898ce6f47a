import * as assert from 'node:assert/strict';
import { sessionsInOrder } from '../../../../src/core/auth/sessionRecord';
import { serverIdentity, type ServerIdentity } from '../../../../src/core/auth/serverIdentity';
import { record } from './fakes';

describe('core/auth sessionsInOrder (which session an environment uses)', () => {
  const prod = { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test', clientId: 'c1' };
  const staging = { ...prod, baseUrl: 'https://staging.example.test' };
  const sessions = [
    record('old', { environment: 'prod', server: prod, createdAt: 1 }),
    record('new', { environment: 'prod', server: prod, createdAt: 3 }),
    record('mid', { environment: 'prod', server: prod, createdAt: 2 }),
    record('other', { environment: 'staging', server: staging, createdAt: 9 }),
    // A session made for another server under the same name is not prod's.
    record('same-name', { environment: 'prod', server: { ...prod, authUrl: 'https://evil.example.test' }, createdAt: 10 }),
  ];
  const cases: [string, ServerIdentity, string | undefined, string[]][] = [
    ['newest first without a preference', prod, undefined, ['new', 'mid', 'old']],
    ['the preferred one first, then the newest', prod, 'old', ['old', 'new', 'mid']],
    ['a preference for a session that is gone changes nothing', prod, 'gone', ['new', 'mid', 'old']],
    ["only the server's sessions", staging, 'old', ['other']],
    ['none for a server without sessions', { ...prod, clientId: 'c2' }, undefined, []],
    ['the same server written differently', { ...prod, baseUrl: 'HTTPS://API.example.test:443/' }, undefined, ['new', 'mid', 'old']],
  ];
  for (const [what, server, preferred, expected] of cases) {
    it(what, () =>
      assert.deepEqual(
        sessionsInOrder(sessions, serverIdentity(server), preferred).map((s) => s.id),
        expected,
      ),
    );
  }
});
