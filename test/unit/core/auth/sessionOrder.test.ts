import * as assert from 'node:assert/strict';
import { sessionsInOrder } from '../../../../src/core/auth/sessionRecord';
import { record } from './fakes';

describe('core/auth sessionsInOrder (which session an environment uses)', () => {
  const sessions = [
    record('old', { environment: 'prod', createdAt: 1 }),
    record('new', { environment: 'prod', createdAt: 3 }),
    record('mid', { environment: 'prod', createdAt: 2 }),
    record('other', { environment: 'staging', createdAt: 9 }),
  ];
  const cases: [string, string, string | undefined, string[]][] = [
    ['newest first without a preference', 'prod', undefined, ['new', 'mid', 'old']],
    ['the preferred one first, then the newest', 'prod', 'old', ['old', 'new', 'mid']],
    ['a preference for a session that is gone changes nothing', 'prod', 'gone', ['new', 'mid', 'old']],
    ["only the environment's sessions", 'staging', 'old', ['other']],
    ['none for an environment without sessions', 'dev', undefined, []],
  ];
  for (const [what, environment, preferred, expected] of cases) {
    it(what, () =>
      assert.deepEqual(
        sessionsInOrder(sessions, environment, preferred).map((s) => s.id),
        expected,
      ),
    );
  }
});
