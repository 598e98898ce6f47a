import * as assert from 'node:assert/strict';
import {
  addressProblem,
  clientIdProblem,
  environmentEntry,
  findSandboxEnvironment,
  nameProblem,
  parseEnvironments,
  splitScopes,
  type EnvironmentAnswers,
} from '../../../../src/core/auth';

const answers: EnvironmentAnswers = {
  name: ' Acme production ',
  authUrl: 'https://login.acme.example/',
  baseUrl: 'https://api.acme.example',
  clientId: ' tenant-graphql-vscode ',
  scopes: 'tasks:read, files:read tasks:read',
  clientType: 'public',
};

describe('environmentEntry (Add Environment…)', () => {
  it('builds an entry that the settings reader accepts, defaults left out', () => {
    const result = environmentEntry(answers, ['Sandbox']);
    assert.ok('entry' in result, JSON.stringify(result));
    assert.deepEqual(result.entry, {
      name: 'Acme production',
      authUrl: 'https://login.acme.example',
      baseUrl: 'https://api.acme.example',
      clientId: 'tenant-graphql-vscode',
      scopes: ['tasks:read', 'files:read'],
    });
    const parsed = parseEnvironments([result.entry]);
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.environments[0].redirectMode, 'uriHandler');
    assert.equal(parsed.environments[0].clientType, 'public');
  });

  it('writes clientType only for a confidential client', () => {
    const result = environmentEntry({ ...answers, clientType: 'confidential' }, []);
    assert.ok('entry' in result);
    assert.equal(result.entry.clientType, 'confidential');
    assert.equal(parseEnvironments([result.entry]).environments[0].clientType, 'confidential');
  });

  it('refuses plain http to another machine, naming the field', () => {
    const result = environmentEntry({ ...answers, baseUrl: 'http://api.acme.example' }, []);
    assert.ok('problems' in result);
    assert.match(result.problems.join('\n'), /baseUrl must use https:\/\//);
  });

  it('accepts plain http on this machine', () => {
    const result = environmentEntry({ ...answers, authUrl: 'http://127.0.0.1:4000', baseUrl: 'http://localhost:4000' }, []);
    assert.ok('entry' in result, JSON.stringify(result));
  });

  it('refuses a name in use (whatever its case) and an empty client ID', () => {
    const result = environmentEntry({ ...answers, name: 'sandbox', clientId: ' ' }, ['Sandbox']);
    assert.ok('problems' in result);
    assert.equal(result.problems.length, 2, result.problems.join('\n'));
    assert.match(result.problems[0], /exists already/);
    assert.match(result.problems[1], /client ID/);
  });

  it('refuses a scope with a quote in it', () => {
    const result = environmentEntry({ ...answers, scopes: 'tasks:read "x' }, []);
    assert.ok('problems' in result);
    assert.match(result.problems.join('\n'), /scopes\[1\] must be a scope name/);
  });
});

describe('the input checks of Add Environment…', () => {
  it('names: not empty, no control characters, not taken', () => {
    assert.match(nameProblem('  ', []) ?? '', /Give the environment a name/);
    assert.match(nameProblem('a\u202eb', []) ?? '', /control characters/);
    assert.match(nameProblem('Prod', ['prod']) ?? '', /exists already/);
    assert.equal(nameProblem('Prod', ['Staging']), undefined);
  });

  it('addresses: https, or http on loopback, without a query', () => {
    assert.equal(addressProblem('https://api.acme.example', 'baseUrl'), undefined);
    assert.equal(addressProblem('http://127.0.0.1:4000', 'baseUrl'), undefined);
    assert.match(addressProblem('http://api.acme.example', 'baseUrl') ?? '', /https/);
    assert.match(addressProblem('https://api.acme.example/?x=1', 'baseUrl') ?? '', /query/);
    assert.match(addressProblem('not an address', 'authUrl') ?? '', /not a valid address|https/);
  });

  it('client IDs and scopes', () => {
    assert.match(clientIdProblem('') ?? '', /client ID/);
    assert.match(clientIdProblem('a b') ?? '', /no spaces/);
    assert.equal(clientIdProblem('abc'), undefined);
    assert.deepEqual(splitScopes(' a,b  c,,a '), ['a', 'b', 'c']);
    assert.deepEqual(splitScopes(''), []);
  });
});

describe('findSandboxEnvironment (Try the Sandbox reuses the one npm start set up)', () => {
  const envs = (list: object[], origin: 'user' | 'workspace' | 'builtIn' = 'user') => parseEnvironments(list, origin).environments;
  const sandbox = { name: 'Sandbox', authUrl: 'http://127.0.0.1:4100', baseUrl: 'http://127.0.0.1:4100', clientId: 'c' };

  it('finds the loopback environment named Sandbox', () => {
    const found = findSandboxEnvironment(envs([{ name: 'Acme', authUrl: 'https://a.example', baseUrl: 'https://a.example', clientId: 'c' }, sandbox]));
    assert.equal(found?.name, 'Sandbox');
  });

  it('ignores a "Sandbox" on another machine, the built-in one and other names', () => {
    assert.equal(findSandboxEnvironment(envs([{ ...sandbox, authUrl: 'https://sandbox.acme.example' }])), undefined);
    assert.equal(findSandboxEnvironment(envs([sandbox], 'builtIn')), undefined);
    assert.equal(findSandboxEnvironment(envs([{ ...sandbox, name: 'Local' }])), undefined);
  });
});
