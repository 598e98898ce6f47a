import { strict as assert } from 'node:assert';
import { CliConfigError, credentialsFromEnv, environmentFromSettings, parseCliArgs } from '../../../../src/core/testing/cliConfig';

const settings = (environments: unknown[], active?: string) =>
  JSON.stringify({ 'tenantGraphql.environments': environments, ...(active ? { 'tenantGraphql.activeEnvironment': active } : {}) });
const sandbox = { name: 'Sandbox', authUrl: 'http://127.0.0.1:4780', baseUrl: 'http://127.0.0.1:4781', clientId: 'tenant-graphql-vscode', scopes: ['tasks:read'] };
const staging = { ...sandbox, name: 'Staging', readOnly: true };

describe('core/testing command line configuration (exit 2 with a sentence)', () => {
  it('reads paths and options', () => {
    assert.deepEqual(parseCliArgs(['test', 'api', '--env', 'Staging', '--junit=out/j.xml', '--allow-mutations']), {
      paths: ['api'],
      envName: 'Staging',
      settingsFile: '.vscode/settings.json',
      junitFile: 'out/j.xml',
      allowMutations: true,
      updateSnapshots: false,
    });
    assert.deepEqual(parseCliArgs(['test']), { paths: ['.'], settingsFile: '.vscode/settings.json', allowMutations: false, updateSnapshots: false });
    assert.equal(parseCliArgs(['--help']), 'help');
  });

  const badArgs: [string[], RegExp][] = [
    [['run'], /"run" is not a command of tenant-graphql/],
    [['test', '--env'], /--env needs a value/],
    [['test', '--nope'], /--nope is not an option/],
  ];
  for (const [argv, message] of badArgs) {
    it(`refuses ${argv.join(' ')}`, () =>
      assert.throws(
        () => parseCliArgs(argv),
        (e: unknown) => e instanceof CliConfigError && message.test(e.message),
      ));
  }

  it('picks the named environment, else the active one, else the only one', () => {
    assert.equal(environmentFromSettings(settings([sandbox, staging]), 's.json', 'Staging').name, 'Staging');
    assert.equal(environmentFromSettings(settings([sandbox, staging], 'Staging'), 's.json', undefined).name, 'Staging');
    assert.equal(environmentFromSettings(settings([sandbox]), 's.json', undefined).name, 'Sandbox');
  });

  const badSettings: [string | undefined, string | undefined, RegExp][] = [
    [undefined, 'Sandbox', /s\.json does not exist/],
    ['{ nope', 'Sandbox', /s\.json is not a JSON object of settings/],
    [settings([sandbox, staging]), undefined, /defines several environments \(Sandbox, Staging\): choose one with --env NAME/],
    [settings([sandbox]), 'Prod', /has no usable environment named "Prod" \(it has "Sandbox"\)/],
    [settings([{ ...sandbox, baseUrl: 'http://example.com' }]), 'Sandbox', /no usable environment named "Sandbox".*baseUrl/],
  ];
  for (const [text, name, message] of badSettings) {
    it(`says what is wrong: ${message.source.slice(0, 40)}`, () =>
      assert.throws(
        () => environmentFromSettings(text, 's.json', name),
        (e: unknown) => e instanceof CliConfigError && message.test(e.message),
      ));
  }

  it('takes a token, or a client secret with the environment client or another, from environment variables', () => {
    const env = environmentFromSettings(settings([sandbox]), 's.json', undefined);
    assert.deepEqual(credentialsFromEnv({ TENANT_GRAPHQL_TOKEN: 'tok' }, env), { kind: 'token', token: 'tok' });
    assert.deepEqual(credentialsFromEnv({ TENANT_GRAPHQL_CLIENT_SECRET: 's', TENANT_GRAPHQL_CLIENT_ID: 'acme-ci' }, env), {
      kind: 'clientCredentials',
      clientId: 'acme-ci',
      clientSecret: 's',
      scopes: ['tasks:read'],
    });
    assert.deepEqual(credentialsFromEnv({ TENANT_GRAPHQL_CLIENT_SECRET: 's', TENANT_GRAPHQL_SCOPES: 'a b,c' }, env), {
      kind: 'clientCredentials',
      clientId: 'tenant-graphql-vscode',
      clientSecret: 's',
      scopes: ['a', 'b', 'c'],
    });
    assert.throws(() => credentialsFromEnv({}, env), /No credentials: set TENANT_GRAPHQL_CLIENT_SECRET/);
    assert.throws(() => credentialsFromEnv({ TENANT_GRAPHQL_TOKEN: 't', TENANT_GRAPHQL_CLIENT_SECRET: 's' }, env), /set only one/);
  });
});
