import './register';
import { strict as assert } from 'node:assert';
import { fake, resetFake } from './vscodeFake';
import { copyRunAsCurl } from '../../../src/run/commands/exportRun';
import type { RunCommandServices } from '../../../src/run/commands/runCommand';
import { parseEnvironments, type Environment } from '../../../src/core/auth/environments';
import type { SentRequest } from '../../../src/core/run/exportRun';

/**
 * Copy Last Run as cURL with "Include my access token": the token written is one of the server the
 * export names (the last run's environment), never the active environment's. In a multi-root
 * workspace the active editor's folder can use another environment than the last run did.
 */
describe('glue: the token of an export is the one of the server it names', () => {
  const [alpha, beta] = parseEnvironments([
    { name: 'Alpha', authUrl: 'https://auth.alpha.test', baseUrl: 'https://api.alpha.test', clientId: 'c', scopes: ['tasks:read'] },
    { name: 'Beta', authUrl: 'https://auth.beta.test', baseUrl: 'https://api.beta.test', clientId: 'c', scopes: ['tasks:read'] },
  ]).environments;
  const tokens: Record<string, string> = { Alpha: 'ALPHA-TOKEN', Beta: 'BETA-TOKEN' };
  const active = alpha;
  const asked: (string | undefined)[] = [];
  const lastRunOnBeta: SentRequest = {
    endpoint: 'https://api.beta.test/v1/graphql',
    query: '{ me { id } }',
    environment: 'Beta',
    target: beta,
  };
  const services = {
    controller: { lastSent: lastRunOnBeta },
    accessToken: async (env?: Environment) => {
      asked.push(env?.name);
      return tokens[(env ?? active).name];
    },
  } as unknown as RunCommandServices;

  beforeEach(() => {
    resetFake();
    asked.length = 0;
    fake.pick = async (items) => items.find((i) => i.startsWith('Include my access token'));
    fake.answer = (shown) => (shown.modal ? 'Include the Token' : undefined);
  });

  it("writes the last run's server's token, and the question names that environment and host", async () => {
    assert.equal(await copyRunAsCurl.run(services, undefined), true);
    assert.deepEqual(asked, ['Beta']);
    assert.ok(fake.clipboard.includes('https://api.beta.test/v1/graphql'));
    assert.ok(fake.clipboard.includes('BETA-TOKEN'), 'the token of the server the command names');
    assert.ok(!fake.clipboard.includes('ALPHA-TOKEN'), "never the active environment's token");
    const question = fake.shown.find((s) => s.modal);
    assert.match(question?.message ?? '', /^Your access token for "Beta" \(api\.beta\.test\) is a secret/);
  });

  it('writes no token when the person declines the question', async () => {
    fake.answer = () => undefined;
    assert.equal(await copyRunAsCurl.run(services, undefined), undefined);
    assert.deepEqual(asked, []);
    assert.equal(fake.clipboard, '');
  });
});
