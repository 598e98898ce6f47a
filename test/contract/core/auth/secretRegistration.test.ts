import { strict as assert } from 'node:assert';
import { AuthCore } from '../../../../src/core/auth/index';
import type { Environment } from '../../../../src/core/auth/environments';
import { PendingAuthorizations } from '../../../../src/core/auth/pendingAuthorizations';
import { ClientSecrets, SessionStore } from '../../../../src/core/auth/sessionStore';
import { redactingLogger } from '../../../../src/core/logger';
import { SecretRegistry } from '../../../../src/core/secretRegistry';
import { CapturingLogger, FakeClock, fakeJwt, ManualTimers, MemorySecretStore, record, testEnv, tokenBody } from '../../../unit/core/auth/fakes';
import { TokenServer } from './tokenServer';

const DEV = { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test', clientId: 'dev' };

const redirectUri = 'vscode://tenantlabs.tenant-graphql/auth-callback';

describe('core/auth registers the secrets it holds for log redaction', () => {
  it('pending attempts: state and verifier while pending, the code until collected, nothing after', async () => {
    const registry = new SecretRegistry();
    const pending = new PendingAuthorizations(new FakeClock(), undefined, registry);
    const { state, authorizeUrl } = await pending.begin({ environment: testEnv('https://api.example.com'), redirectUri, scopes: [] });
    assert.ok(registry.has(state));
    assert.equal(registry.size, 2, 'state and verifier');
    assert.equal(registry.redact(authorizeUrl).includes(state), false);
    pending.handleCallback(`code=the-code-123&state=${state}`);
    assert.ok(registry.has('the-code-123'));
    const grant = await pending.wait(state);
    assert.equal(grant.code, 'the-code-123');
    assert.equal(registry.size, 0);
    const cancelled = await pending.begin({ environment: testEnv('https://api.example.com'), redirectUri, scopes: [] });
    pending.cancel(cancelled.state);
    assert.equal(registry.size, 0);
  });

  it('session store: tokens of records read or written, replaced on rotation, released on delete', async () => {
    const registry = new SecretRegistry();
    const store = new SessionStore(new MemorySecretStore(), new CapturingLogger(), registry);
    await store.put(record('s1', { accessToken: 'access-token-1', refreshToken: 'refresh-token-1' }));
    assert.ok(registry.has('access-token-1') && registry.has('refresh-token-1'));
    await store.put(record('s1', { accessToken: 'access-token-2', refreshToken: 'refresh-token-2' }));
    assert.equal(registry.has('access-token-1'), false);
    assert.ok(registry.has('access-token-2'));
    await store.delete('s1');
    assert.equal(registry.size, 0);
  });

  it('client secrets while known', async () => {
    const registry = new SecretRegistry();
    const secrets = new ClientSecrets(new MemorySecretStore(), registry);
    await secrets.set(DEV, 'client-secret-xyz');
    assert.ok(registry.has('client-secret-xyz'));
    await secrets.delete(DEV);
    assert.equal(registry.size, 0);
  });

  it('a whole sign-in through AuthCore: the redacting logger never writes a token, code or verifier', async () => {
    const server = await TokenServer.start();
    try {
      const registry = new SecretRegistry();
      const capture = new CapturingLogger();
      const logger = redactingLogger(capture, registry);
      const env: Environment = testEnv(server.baseUrl);
      const access = fakeJwt({ sub: 'alice' });
      const seen: string[] = [];
      server.handler = (params) => {
        seen.push(params.get('code')!, params.get('code_verifier')!);
        // A careless line with every secret of the request in it, while they are registered.
        logger.info(`token request ${params.toString()} ${JSON.stringify(Object.fromEntries(params))}`);
        return { body: tokenBody({ access_token: access, refresh_token: 'opaque-refresh-abc' }) };
      };
      const core: AuthCore = new AuthCore({
        secrets: new MemorySecretStore(),
        logger,
        clock: new FakeClock(),
        timers: new ManualTimers(),
        environments: () => [env],
        secretRegistry: registry,
        openBrowser: async (url) => {
          const state = new URL(url).searchParams.get('state')!;
          logger.debug(`opening ${url}`);
          setImmediate(() => core.handleCallback(new URLSearchParams({ code: 'auth-code-777', state })));
          return true;
        },
      });
      const session = await core.signIn({ environment: env, redirectUri });
      logger.info(`session ${JSON.stringify(session)}`);
      core.dispose();
      const text = capture.text;
      for (const secret of [...seen, 'opaque-refresh-abc', access]) {
        assert.equal(text.includes(secret), false, `${secret} in ${text}`);
      }
      assert.match(text, /<redacted>/);
    } finally {
      await server.close();
    }
  });
});
