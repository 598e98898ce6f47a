import * as assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_REDIRECT_URIS, demoTenant } from '../../../src/sandbox/demoTenant';
import { redirectUriProblem, type TenantConfig } from '../../../src/sandbox/tenant';
import { loadTenantConfig, validateTenantConfig } from '../../../src/sandbox/tenantConfig';
import { graphql, start, teamToken } from './helpers';

describe('sandbox tenant configuration', () => {
  it('the demo tenant is valid and matches the contract', () => {
    const t = validateTenantConfig(demoTenant());
    assert.deepEqual(t.team, { id: 'team-acme', name: 'Acme Corp' });
    assert.deepEqual(
      t.users.map((u) => [u.id, u.name, u.groups]),
      [
        ['alice', 'Alice Anders', ['eng']],
        ['bob', 'Bob Berg', ['eng', 'ops']],
        ['carol', 'Carol Chen', ['sales']],
      ],
    );
    assert.deepEqual(
      t.scopes.map((s) => s.name),
      ['tasks:read', 'tasks:write', 'files:read', 'users:read'],
    );
    const [pub, conf] = t.clients;
    assert.equal(pub.clientId, 'tenant-graphql-vscode');
    assert.equal(pub.type, 'public');
    assert.equal(pub.clientSecret, undefined);
    assert.deepEqual(pub.grants, ['authorization_code', 'refresh_token']);
    assert.deepEqual(pub.redirectUris, [...DEMO_REDIRECT_URIS]);
    assert.equal(conf.clientId, 'acme-ci');
    assert.equal(conf.clientSecret, 'acme-ci-demo-secret');
    assert.deepEqual(conf.grants, ['authorization_code', 'refresh_token', 'client_credentials']);
    assert.deepEqual(t.ipAllowlist, ['127.0.0.0/8', '::1/128']);
    assert.ok(t.rateLimit.limit >= 300);
  });

  it('demoTenant returns an independent copy each time', () => {
    const a = demoTenant();
    a.clients[0].redirectUris.push('http://127.0.0.1:1/x');
    assert.equal(demoTenant().clients[0].redirectUris.length, DEMO_REDIRECT_URIS.length);
  });

  describe('refuses invalid configurations', () => {
    const cases: Array<[string, (t: TenantConfig) => void, RegExp]> = [
      [
        'public client with a secret',
        (t) => {
          t.clients[0].clientSecret = 'abcdefgh';
        },
        /public clients have no client secret/,
      ],
      [
        'confidential client without a secret',
        (t) => {
          delete t.clients[1].clientSecret;
        },
        /need a secret/,
      ],
      [
        'relative redirect URI',
        (t) => {
          t.clients[0].redirectUris = ['/cb'];
        },
        /absolute/,
      ],
      [
        'wildcard redirect URI',
        (t) => {
          t.clients[0].redirectUris = ['http://127.0.0.1:*/cb'];
        },
        /Wildcards/,
      ],
      [
        'redirect URI with fragment',
        (t) => {
          t.clients[0].redirectUris = ['http://127.0.0.1:1/cb#x'];
        },
        /fragment/,
      ],
      [
        'unknown client scope',
        (t) => {
          t.clients[0].scopes = ['root'];
        },
        /unknown scope "root"/,
      ],
      [
        'unknown grant',
        (t) => {
          t.clients[0].grants = ['password' as never];
        },
        /unknown grant/,
      ],
      [
        'client_credentials on a public client',
        (t) => {
          t.clients[0].grants = ['client_credentials'];
        },
        /confidential clients only/,
      ],
      [
        'duplicate client id',
        (t) => {
          t.clients[1].clientId = t.clients[0].clientId;
        },
        /duplicate client id/,
      ],
      [
        'duplicate user id',
        (t) => {
          t.users[1].id = 'alice';
        },
        /duplicate id/,
      ],
      [
        'user id equal to the team id',
        (t) => {
          t.users[0].id = 'team-acme';
        },
        /differ from the team id/,
      ],
      [
        'scope name with a comma',
        (t) => {
          t.scopes[0].name = 'a,b';
        },
        /spaces or commas/,
      ],
      [
        'scope rule naming an unknown scope',
        (t) => {
          t.scopeRules.fields['Query.tasks'] = 'nope';
        },
        /unknown scope "nope"/,
      ],
      [
        'non-positive rate limit',
        (t) => {
          t.rateLimit = { limit: 0, windowMs: 1000 };
        },
        /rateLimit/,
      ],
      [
        'missing team',
        (t) => {
          (t as { team?: unknown }).team = undefined;
        },
        /team/,
      ],
      [
        'file owned by no user of the tenant',
        (t) => {
          t.data!.files[0].ownerId = 'mallory';
        },
        /data\.files\[0\]\.ownerId: "mallory" is not a user/,
      ],
    ];
    for (const [name, mutate, message] of cases) {
      it(name, () => {
        const t = demoTenant();
        mutate(t);
        assert.throws(() => validateTenantConfig(t), message);
      });
    }
  });

  const uriCases: Array<[string, string | undefined]> = [
    ['vscode://tenantlabs.tenant-graphql/auth-callback', undefined],
    ['http://127.0.0.1:33333/auth-callback', undefined],
    ['auth-callback', 'Redirect URIs must be absolute.'],
    ['//127.0.0.1/cb', 'Redirect URIs must be absolute.'],
    ['https://*.acme.example/cb', 'Wildcards are not supported in redirect URIs.'],
    ['http://127.0.0.1/cb#frag', 'Redirect URIs must not contain a fragment.'],
  ];
  for (const [uri, problem] of uriCases) {
    it(`redirectUriProblem(${uri})`, () => {
      assert.equal(redirectUriProblem(uri), problem);
    });
  }

  it('--config FILE: a tenant from JSON, with its own users and data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-tenant-'));
    try {
      const config = demoTenant();
      config.team = { id: 'team-globex', name: 'Globex' };
      config.users = [{ id: 'hank', name: 'Hank Scorpio', groups: ['evil'] }];
      config.groups = [];
      config.data = {
        tasks: [
          {
            id: 't1',
            name: 'Take over the east coast',
            priority: 'URGENT',
            status: 'TODO',
            createdAt: '2025-01-01T00:00:00.000Z',
            groupId: 'evil',
            assigneeIds: [],
            attachmentIds: [],
          },
        ],
        files: [],
      };
      const path = join(dir, 'tenant.json');
      await writeFile(path, JSON.stringify(config));
      assert.equal((await loadTenantConfig(path)).team.name, 'Globex');
      const sb = await start({ config: path });
      try {
        assert.deepEqual(sb.team, { id: 'team-globex', name: 'Globex' });
        assert.deepEqual(sb.users, [{ id: 'hank', name: 'Hank Scorpio', groups: ['evil'] }]);
        const res = await graphql(sb, await teamToken(sb), '{ tasks { edges { node { name group { id name } } } } }');
        assert.deepEqual(res.body.data, { tasks: { edges: [{ node: { name: 'Take over the east coast', group: { id: 'evil', name: 'evil' } } }] } });
      } finally {
        await sb.close();
      }
      await writeFile(path, '{ not json');
      await assert.rejects(loadTenantConfig(path), /not valid JSON/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('startSandbox registers extra redirect URIs for every client and lists them', async () => {
    const sb = await start({ redirectUris: ['http://127.0.0.1:40404/cb'] });
    try {
      for (const c of sb.clients) {
        assert.ok(c.redirectUris.includes('http://127.0.0.1:40404/cb'), c.clientId);
      }
      await assert.rejects(start({ redirectUris: ['/relative'] }), /absolute/);
    } finally {
      await sb.close();
    }
  });
});
