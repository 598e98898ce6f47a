import { strict as assert } from 'node:assert';
import { DEFAULT_LOOPBACK_PORT } from '../../../../src/core/auth/environmentFields';
import { parseEnvironments } from '../../../../src/core/auth/environments';

const good = { name: 'prod', authUrl: 'https://auth.example.com/', baseUrl: 'https://api.example.com', clientId: 'abc' };

describe('core/auth/environments', () => {
  it('fills in the defaults and strips trailing slashes', () => {
    const { environments, problems } = parseEnvironments([good]);
    assert.deepEqual(problems, []);
    assert.deepEqual(environments, [
      {
        name: 'prod',
        origin: 'user',
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'abc',
        scopes: [],
        redirectMode: 'uriHandler',
        loopbackPort: DEFAULT_LOOPBACK_PORT,
        clientType: 'public',
        confirmMutations: true,
        readOnly: false,
        offlineAccess: false,
        authorizeParameters: {},
        authHeader: { name: 'Authorization', scheme: 'Bearer' },
        headers: {},
        secretHeaders: [],
      },
    ]);
  });

  it('keeps all given fields, including http on loopback', () => {
    const { environments, problems } = parseEnvironments([
      { ...good, baseUrl: 'http://127.0.0.1:4000/tenant/', scopes: ['a', 'b', 'a'], redirectMode: 'loopback', loopbackPort: 40000, clientType: 'confidential' },
    ]);
    assert.deepEqual(problems, []);
    assert.equal(environments[0].baseUrl, 'http://127.0.0.1:4000/tenant');
    assert.deepEqual(environments[0].scopes, ['a', 'b']);
    assert.equal(environments[0].redirectMode, 'loopback');
    assert.equal(environments[0].loopbackPort, 40000);
    assert.equal(environments[0].clientType, 'confidential');
  });

  const invalid: [string, unknown, RegExp][] = [
    ['http on a public host', { baseUrl: 'http://api.example.com' }, /tenantGraphql\.environments\[1\]\.baseUrl must use https:\/\//],
    ['a missing authUrl', { authUrl: undefined }, /environments\[1\]\.authUrl must be an absolute https:\/\//],
    ['an authUrl with a query', { authUrl: 'https://a.example.com/?x=1' }, /environments\[1\]\.authUrl must not contain a query/],
    ['an empty clientId', { clientId: ' ' }, /environments\[1\]\.clientId must be a non-empty text/],
    ['a missing name', { name: undefined }, /environments\[1\]\.name must be a non-empty text/],
    ['a duplicate name', { name: 'prod' }, /environments\[1\]\.name "prod" is used by an earlier environment/],
    ['scopes as a string', { scopes: 'a b' }, /environments\[1\]\.scopes must be a list/],
    ['a scope with a space', { scopes: ['ok', 'a b'] }, /environments\[1\]\.scopes\[1\] must be a scope name/],
    ['a scope with a comma', { scopes: ['a,b'] }, /environments\[1\]\.scopes\[0\] must be a scope name/],
    ['an unknown redirect mode', { redirectMode: 'popup' }, /environments\[1\]\.redirectMode must be one of "uriHandler", "loopback", "paste"/],
    ['a port out of range', { loopbackPort: 70000 }, /environments\[1\]\.loopbackPort must be a whole number/],
    ['port 0', { loopbackPort: 0 }, /environments\[1\]\.loopbackPort/],
    ['an unknown client type', { clientType: 'secret' }, /environments\[1\]\.clientType must be one of/],
  ];
  for (const [what, patch, message] of invalid) {
    it(`drops an entry with ${what} and names the field`, () => {
      const { environments, problems } = parseEnvironments([good, { ...good, name: 'second', ...(patch as object) }]);
      assert.deepEqual(
        environments.map((e) => e.name),
        ['prod'],
      );
      assert.ok(
        problems.some((p) => message.test(p)),
        problems.join('\n'),
      );
      assert.ok(!problems.join('\n').includes('s3cr3t'), 'a secret must not be echoed');
    });
  }

  // A name is written into exported commands' comments and shown in questions: a line break there
  // started a command of its own when the export was pasted into a shell.
  const controls: [string, Record<string, unknown>, RegExp][] = [
    [
      'a line break in the name',
      { name: 'Staging\ntouch pwned #' },
      /^tenantGraphql\.environments\[1\]\.name "Staging\\ntouch pwned #" must be one line of text without control characters/,
    ],
    ['a carriage return in the name', { name: 'Staging\rx' }, /environments\[1\]\.name "Staging\\rx" must be one line/],
    ['a line separator in the name', { name: 'Staging\u2028x' }, /environments\[1\]\.name "Staging\\u2028x" must be one line/],
    ['an escape in the name', { name: 'Sta\x1b[2Jging' }, /environments\[1\]\.name "Sta\\u001b\[2Jging" must be one line/],
    ['a C1 control in the name', { name: 'Sta\u0085ging' }, /environments\[1\]\.name "Sta\\u0085ging" must be one line/],
    ['a text-direction override in the name', { name: 'Staging\u202egnp.exe' }, /environments\[1\]\.name "Staging\\u202egnp\.exe" must be one line/],
    ['a tab in the client id', { clientId: 'abc\tdef' }, /environments\[1\]\.clientId "abc\\tdef" must be one line/],
    ['a line break in a parameter name', { authorizeParameters: { 'a\nb': 'c' } }, /environments\[1\]\.authorizeParameters "a\\nb" must be a name without control characters/],
    ['an escape in a header value', { headers: { 'X-Tenant': 'a\x1bb' } }, /environments\[1\]\.headers\.X-Tenant must be a one-line text without control characters/],
    ['a line separator in a header value', { headers: { 'X-Tenant': 'a\u2028b' } }, /environments\[1\]\.headers\.X-Tenant must be a one-line text/],
    ['a line break in a secret header name', { secretHeaders: ['X-Key\n'] }, /environments\[1\]\.secretHeaders\[0\] is not a valid header name/],
    ['a line break in the token header name', { authHeader: { name: 'X-Token\n' } }, /environments\[1\]\.authHeader\.name must be a header name/],
  ];
  for (const [what, patch, message] of controls) {
    it(`drops an entry with ${what}, names the field and shows the text escaped`, () => {
      const { environments, problems } = parseEnvironments([good, { ...good, name: 'second', ...patch }], 'user');
      assert.deepEqual(
        environments.map((e) => e.name),
        ['prod'],
      );
      assert.ok(
        problems.some((p) => message.test(p)),
        problems.join('\n'),
      );
      assert.ok(!problems.some((p) => /[\p{Cc}\u2028\u2029\u202e]/u.test(p)), 'a problem shows no control character raw');
    });
  }

  it('keeps a tab in a header value (HTTP allows one there) and a name with letters of any script', () => {
    const { environments, problems } = parseEnvironments([{ ...good, name: 'Produktion – München ✓', headers: { 'X-Tenant': 'a\tb' } }]);
    assert.deepEqual(problems, []);
    assert.equal(environments[0].name, 'Produktion – München ✓');
    assert.equal(environments[0].headers?.['X-Tenant'], 'a\tb');
  });

  it('tells the user to move a client secret out of settings, never echoes it and never uses it', () => {
    const { environments, problems } = parseEnvironments([{ ...good, clientSecret: 's3cr3t' }]);
    assert.equal(environments.length, 1);
    assert.ok(!('clientSecret' in environments[0]));
    assert.equal(problems.length, 1);
    assert.match(problems[0], /tenantGraphql\.environments\[0\]\.clientSecret must not be in settings/);
    assert.ok(!problems[0].includes('s3cr3t'));
  });

  it('warns about unknown keys without dropping the entry', () => {
    const { environments, problems } = parseEnvironments([{ ...good, colour: 'blue' }]);
    assert.equal(environments.length, 1);
    assert.deepEqual(problems, ['tenantGraphql.environments[0].colour is not a known field and is ignored.']);
  });

  const shapes: [string, unknown, string[]][] = [
    ['undefined', undefined, []],
    ['an object', { name: 'x' }, ['tenantGraphql.environments must be a list of environments.']],
    ['a list with a string', ['x'], ['tenantGraphql.environments[0] must be an object with name, authUrl, baseUrl and clientId.']],
  ];
  for (const [what, raw, problems] of shapes) {
    it(`reports a setting that is ${what}`, () => {
      assert.deepEqual(parseEnvironments(raw), { environments: [], problems });
    });
  }

  it('records where an environment was defined, and names the workspace in its problems', () => {
    assert.equal(parseEnvironments([good], 'workspace').environments[0].origin, 'workspace');
    assert.equal(parseEnvironments([good]).environments[0].origin, 'user');
    const { problems } = parseEnvironments([{ ...good, baseUrl: 'ftp://x' }], 'workspace');
    assert.match(problems[0], /^tenantGraphql\.environments \(workspace settings\)\[0\]\.baseUrl/);
  });

  const flags: [string, Record<string, unknown>, 'user' | 'builtIn', { confirmMutations: boolean; readOnly: boolean } | RegExp][] = [
    ['mutations confirmed by default', {}, 'user', { confirmMutations: true, readOnly: false }],
    ['not for the built-in Sandbox', {}, 'builtIn', { confirmMutations: false, readOnly: false }],
    ['confirmMutations turned off', { confirmMutations: false }, 'user', { confirmMutations: false, readOnly: false }],
    ['read-only', { readOnly: true }, 'user', { confirmMutations: true, readOnly: true }],
    ['a flag that is not a boolean', { readOnly: 'yes' }, 'user', /readOnly must be true or false/],
  ];
  for (const [what, extra, origin, expected] of flags) {
    it(`reads ${what}`, () => {
      const { environments, problems } = parseEnvironments([{ ...good, ...extra }], origin);
      if (expected instanceof RegExp) {
        assert.equal(environments.length, 0);
        assert.match(problems[0], expected);
      } else {
        assert.deepEqual({ confirmMutations: environments[0].confirmMutations, readOnly: environments[0].readOnly }, expected);
      }
    });
  }
});
