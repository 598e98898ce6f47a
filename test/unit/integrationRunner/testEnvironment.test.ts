/** The variables the integration runner hands to the tests (scripts/integration/testEnvironment.mjs). */
import * as assert from 'node:assert/strict';
import { testEnvironment } from '../../../scripts/integration/testEnvironment.mjs';

const run = {
  suite: 'folders',
  options: { grep: 'Builder', bench: false, benchProfile: '', benchDetail: false },
  sandbox: { info: { authUrl: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:2' } },
  other: { info: { adminUrl: 'http://127.0.0.1:4/admin', adminKey: 'k'.repeat(32), authUrl: 'http://127.0.0.1:3', baseUrl: 'http://127.0.0.1:4' } },
  listener: { authUrl: 'http://127.0.0.1:5', baseUrl: 'http://127.0.0.1:6' },
  interop: { url: 'http://127.0.0.1:7', control: 'http://127.0.0.1:8', clientId: 'c', resource: 'r', teamClientId: 't', teamSecret: 's', login: 'x' },
  headerSecret: 'hdr-1',
};

describe('integration runner: the tests’ environment', () => {
  it('hands over the servers, the part and the grep', () => {
    const env = testEnvironment(run);
    assert.deepEqual(JSON.parse(env.TENANT_GRAPHQL_TEST_SANDBOX), run.sandbox.info);
    assert.deepEqual(JSON.parse(env.TENANT_GRAPHQL_TEST_LISTENER), {
      authUrl: 'http://127.0.0.1:5',
      baseUrl: 'http://127.0.0.1:6',
      adminUrl: 'http://127.0.0.1:4/admin',
      adminKey: 'k'.repeat(32),
      direct: { authUrl: 'http://127.0.0.1:3', baseUrl: 'http://127.0.0.1:4' },
    });
    assert.deepEqual(JSON.parse(env.TENANT_GRAPHQL_TEST_INTEROP), {
      url: 'http://127.0.0.1:7',
      control: 'http://127.0.0.1:8',
      clientId: 'c',
      resource: 'r',
      teamClientId: 't',
      teamSecret: 's',
    });
    assert.equal(env.TENANT_GRAPHQL_TEST_HEADER_SECRET, 'hdr-1');
    assert.equal(env.TENANT_GRAPHQL_TEST_GREP, 'Builder');
    assert.equal(env.TENANT_GRAPHQL_TEST_SUITE, 'folders');
    assert.equal(env.TENANT_GRAPHQL_TEST_RUNNER, 'code-server');
    assert.equal(env.TENANT_GRAPHQL_BENCH, '');
  });

  it('turns the bench on as test/integration/index.ts reads it (`1`)', () => {
    const env = testEnvironment({ ...run, options: { grep: '', bench: true, benchProfile: '/tmp/p', benchDetail: true } });
    assert.equal(env.TENANT_GRAPHQL_BENCH, '1');
    assert.equal(env.TENANT_GRAPHQL_BENCH_PROFILE, '/tmp/p');
    assert.equal(env.TENANT_GRAPHQL_BENCH_DETAIL, '1');
  });

  it('only sets TENANT_GRAPHQL_ variables, every value a string', () => {
    for (const [name, value] of Object.entries(testEnvironment(run))) {
      assert.match(name, /^TENANT_GRAPHQL_/);
      assert.equal(typeof value, 'string', name);
    }
  });
});
