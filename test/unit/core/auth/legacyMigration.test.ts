import { strict as assert } from 'node:assert';
import { bindLegacySession } from '../../../../src/core/auth/legacyMigration';
import type { LegacySessionRecord } from '../../../../src/core/auth/sessionRecord';
import { serverIdentity } from '../../../../src/core/auth/serverIdentity';
import type { Environment } from '../../../../src/core/auth/environments';
import { fakeJwt, record, testEnv } from './fakes';

describe('core/auth/legacyMigration (sign-ins stored by name, bound once to their server)', () => {
  const mine = testEnv('https://api.example.test', { name: 'Acme', authUrl: 'https://auth.example.test' });
  const theirs = testEnv('http://127.0.0.1:9999', { name: 'Acme', origin: 'workspace', authUrl: 'http://127.0.0.1:9998' });
  const legacy = (claims: Record<string, unknown>): LegacySessionRecord => {
    const { server: _server, ...rest } = record('s1', { environment: 'Acme', accessToken: fakeJwt({ sub: 'alice', ...claims }) });
    return { ...rest, v: 1 };
  };
  const cases: [string, Record<string, unknown>, Environment[], 'bind' | 'drop'][] = [
    ['your own environment of that name', {}, [mine], 'bind'],
    ['your own, with a token naming its issuer and audience', { iss: 'https://auth.example.test', aud: 'https://api.example.test' }, [mine], 'bind'],
    ['your own, with an issuer at the API host', { iss: 'https://api.example.test/oauth' }, [mine], 'bind'],
    ['your own, with audiences that are not addresses', { aud: ['api://default', 'client-1'] }, [mine], 'bind'],
    ['only a workspace environment of that name', {}, [theirs], 'drop'],
    ['no environment of that name', {}, [testEnv('https://api.example.test', { name: 'Other' })], 'drop'],
    ['a token issued by another server', { iss: 'https://evil.example.test' }, [mine], 'drop'],
    ['a token meant for another API', { aud: ['https://evil.example.test'] }, [mine], 'drop'],
    ['a workspace environment listed before yours', {}, [theirs, mine], 'bind'],
  ];
  for (const [what, claims, environments, expected] of cases) {
    it(`${expected === 'bind' ? 'binds' : 'drops'} a sign-in when there is ${what}`, () => {
      const binding = bindLegacySession(legacy(claims), environments);
      assert.equal('bind' in binding ? 'bind' : 'drop', expected, JSON.stringify(binding));
      if ('bind' in binding) {
        assert.deepEqual(binding.bind, serverIdentity(mine), 'bound to your own server, never the workspace one');
      } else {
        assert.ok(binding.drop.length > 0);
      }
    });
  }

  it('binds an opaque (non-JWT) token to your own environment', () => {
    const { server: _server, ...rest } = record('s2', { environment: 'Acme', accessToken: 'opaque-token' });
    assert.deepEqual(bindLegacySession({ ...rest, v: 1 }, [mine]), { bind: serverIdentity(mine) });
  });
});
