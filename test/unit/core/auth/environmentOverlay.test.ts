import { strict as assert } from 'node:assert';
import { approvedDigests, environmentDigest, mergeEnvironments, withApproval } from '../../../../src/core/auth/environmentOverlay';
import { parseEnvironments, type Environment, type OverlayChange } from '../../../../src/core/auth/environments';

/** One validated entry of `origin` (the test fails on a problem). */
function entry(origin: 'user' | 'workspace', fields: Record<string, unknown>): Environment {
  const { environments, problems } = parseEnvironments([fields], origin);
  assert.deepEqual(problems, []);
  return environments[0];
}

const prodServer = { authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'app' };
const otherServer = { authUrl: 'https://auth.evil.example', baseUrl: 'https://api.evil.example', clientId: 'app' };

/** The person's `Prod`: read-only, asks before mutations (the default). */
const prod = entry('user', { name: 'Prod', ...prodServer, readOnly: true });
const dev = entry('user', { name: 'Dev', authUrl: 'https://auth.dev.example', baseUrl: 'https://api.dev.example', clientId: 'app' });

describe("core/auth/environmentOverlay: a repository adds to the person's environments, never weakens them", () => {
  describe('mergeEnvironments', () => {
    const cases: {
      name: string;
      user: Environment[];
      workspace: Record<string, unknown>[];
      /** Name, origin, guards and the overlay's person's entry of each environment, in order. */
      expected: { name: string; origin: string; readOnly: boolean; confirmMutations: boolean; yours?: string; sameName?: boolean; sameServer?: boolean }[];
      changes?: Record<string, OverlayChange[]>;
    }[] = [
      {
        name: "user only: the person's entries as they are",
        user: [prod, dev],
        workspace: [],
        expected: [
          { name: 'Prod', origin: 'user', readOnly: true, confirmMutations: true },
          { name: 'Dev', origin: 'user', readOnly: false, confirmMutations: true },
        ],
      },
      {
        name: "workspace only: its entry as it is, after the person's, with nothing to compare",
        user: [dev],
        workspace: [{ name: 'Staging', ...otherServer, confirmMutations: false }],
        expected: [
          { name: 'Dev', origin: 'user', readOnly: false, confirmMutations: true },
          { name: 'Staging', origin: 'workspace', readOnly: false, confirmMutations: false },
        ],
      },
      {
        name: "the same name at another server: in the person's place, the person's guards kept, the server named",
        user: [prod],
        workspace: [{ name: 'Prod', ...otherServer, confirmMutations: false }],
        expected: [{ name: 'Prod', origin: 'workspace', readOnly: true, confirmMutations: true, yours: 'Prod', sameName: true, sameServer: false }],
        changes: { Prod: [{ kind: 'server' }, { kind: 'readOnlyKept' }, { kind: 'confirmMutationsKept' }] },
      },
      {
        name: "the same server under another name: beside the person's, with the person's guards (it uses the person's sign-in)",
        user: [prod],
        workspace: [{ name: 'Prod (team)', ...prodServer, readOnly: false, confirmMutations: false }],
        expected: [
          { name: 'Prod', origin: 'user', readOnly: true, confirmMutations: true },
          { name: 'Prod (team)', origin: 'workspace', readOnly: true, confirmMutations: true, yours: 'Prod', sameName: false, sameServer: true },
        ],
        changes: { 'Prod (team)': [{ kind: 'readOnlyKept' }, { kind: 'confirmMutationsKept' }] },
      },
      {
        name: 'the same name and server (the hole): guards the strictest, the header an added change',
        user: [prod],
        workspace: [{ name: 'Prod', ...prodServer, readOnly: false, confirmMutations: false, headers: { 'X-Forwarded-For': '10.0.0.1' } }],
        expected: [{ name: 'Prod', origin: 'workspace', readOnly: true, confirmMutations: true, yours: 'Prod', sameName: true, sameServer: true }],
        changes: { Prod: [{ kind: 'headerAdded', name: 'X-Forwarded-For' }, { kind: 'readOnlyKept' }, { kind: 'confirmMutationsKept' }] },
      },
      {
        name: "guards: the strictest of the workspace's and every entry of the person's by name or server",
        user: [dev, entry('user', { name: 'Prod (ro)', ...prodServer, readOnly: true, confirmMutations: false })],
        workspace: [{ name: 'Dev', ...prodServer, confirmMutations: true }],
        // Dev by name (asks), Prod (ro) by server (read-only): both guards on.
        expected: [
          { name: 'Dev', origin: 'workspace', readOnly: true, confirmMutations: true, yours: 'Dev', sameName: true, sameServer: false },
          { name: 'Prod (ro)', origin: 'user', readOnly: true, confirmMutations: false },
        ],
        changes: { Dev: [{ kind: 'server' }, { kind: 'readOnlyOn' }] },
      },
      {
        name: 'a stricter workspace entry turns a guard on (and says so)',
        user: [dev],
        workspace: [{ name: 'Dev', authUrl: dev.authUrl, baseUrl: dev.baseUrl, clientId: dev.clientId, readOnly: true }],
        expected: [{ name: 'Dev', origin: 'workspace', readOnly: true, confirmMutations: true, yours: 'Dev', sameName: true, sameServer: true }],
        changes: { Dev: [{ kind: 'readOnlyOn' }] },
      },
      {
        name: "an entry that only tries to weaken the guards changes nothing: the person's own, nothing to ask",
        user: [prod],
        workspace: [{ name: 'Prod', ...prodServer, readOnly: false, confirmMutations: false }],
        expected: [{ name: 'Prod', origin: 'user', readOnly: true, confirmMutations: true }],
      },
      {
        name: 'headers and parameters added, changed and removed; other fields named',
        user: [entry('user', { name: 'Prod', ...prodServer, headers: { 'X-Tenant': 'a', 'X-Old': '1' }, authorizeParameters: { audience: 'api' }, scopes: ['a'] })],
        workspace: [
          {
            name: 'Prod',
            ...prodServer,
            headers: { 'X-Tenant': 'b', 'X-New': '2' },
            secretHeaders: ['X-Key'],
            authorizeParameters: { audience: 'other', prompt: 'none' },
            scopes: ['a', 'b'],
            redirectMode: 'paste',
          },
        ],
        expected: [{ name: 'Prod', origin: 'workspace', readOnly: false, confirmMutations: true, yours: 'Prod', sameName: true, sameServer: true }],
        changes: {
          Prod: [
            { kind: 'headerChanged', name: 'X-Tenant' },
            { kind: 'headerAdded', name: 'X-New' },
            { kind: 'headerRemoved', name: 'X-Old' },
            { kind: 'secretHeaderAdded', name: 'X-Key' },
            { kind: 'parameterChanged', name: 'audience' },
            { kind: 'parameterAdded', name: 'prompt' },
            { kind: 'fields', fields: ['scopes', 'redirectMode'] },
          ],
        },
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const merged = mergeEnvironments(
          c.user,
          c.workspace.map((w) => entry('workspace', w)),
        );
        assert.deepEqual(
          merged.map((e) => ({
            name: e.name,
            origin: e.origin,
            readOnly: e.readOnly,
            confirmMutations: e.confirmMutations,
            ...(e.overlay ? { yours: e.overlay.yours, sameName: e.overlay.sameName, sameServer: e.overlay.sameServer } : {}),
          })),
          c.expected,
        );
        const changes = Object.fromEntries(merged.filter((e) => e.overlay).map((e) => [e.name, e.overlay!.changes]));
        assert.deepEqual(changes, c.changes ?? {});
      });
    }

    it("keeps the workspace entry's server and headers (what the person is asked to allow), not the person's", () => {
      const [merged] = mergeEnvironments([prod], [entry('workspace', { name: 'Prod', ...otherServer, headers: { 'X-A': '1' } })]);
      assert.equal(merged.baseUrl, otherServer.baseUrl);
      assert.deepEqual(merged.headers, { 'X-A': '1' });
    });
  });

  describe('environmentDigest (what an approval covers)', () => {
    const base = entry('workspace', {
      name: 'Prod',
      ...prodServer,
      scopes: ['a', 'b'],
      headers: { 'X-A': '1', 'X-B': '2' },
      secretHeaders: ['X-S'],
      authorizeParameters: { audience: 'api', prompt: 'login' },
      issuer: 'https://auth.example.com',
      resource: 'https://api.example.com',
    });
    const changed: [string, Record<string, unknown>][] = [
      ['name', { name: 'Prod 2' }],
      ['authUrl', { authUrl: 'https://auth2.example.com' }],
      ['baseUrl', { baseUrl: 'https://api.example.com/v2' }],
      ['clientId', { clientId: 'app2' }],
      ['scopes', { scopes: ['a'] }],
      ['redirectMode', { redirectMode: 'loopback' }],
      ['loopbackPort', { loopbackPort: 40000 }],
      ['clientType', { clientType: 'confidential' }],
      ['confirmMutations', { confirmMutations: false }],
      ['readOnly', { readOnly: true }],
      ['issuer', { issuer: 'https://issuer.example.com' }],
      ['offlineAccess', { offlineAccess: true }],
      ["an authorize parameter's value", { authorizeParameters: { audience: 'other', prompt: 'login' } }],
      ['an added authorize parameter', { authorizeParameters: { audience: 'api', prompt: 'login', extra: 'x' } }],
      ['resource', { resource: 'https://other.example.com' }],
      ['authHeader', { authHeader: { name: 'X-Token', scheme: '' } }],
      ["a header's value", { headers: { 'X-A': '1', 'X-B': '3' } }],
      ['an added header', { headers: { 'X-A': '1', 'X-B': '2', 'X-Forwarded-For': '10.0.0.1' } }],
      ['secretHeaders', { secretHeaders: ['X-S', 'X-T'] }],
    ];
    const raw = {
      name: base.name,
      ...prodServer,
      scopes: ['a', 'b'],
      headers: { 'X-A': '1', 'X-B': '2' },
      secretHeaders: ['X-S'],
      authorizeParameters: { audience: 'api', prompt: 'login' },
      issuer: 'https://auth.example.com',
      resource: 'https://api.example.com',
    };
    for (const [field, change] of changed) {
      it(`changes when ${field} changes`, () => {
        assert.notEqual(environmentDigest(entry('workspace', { ...raw, ...change })), environmentDigest(base));
      });
    }

    it('changes when two headers differ only in case and one of them changes (nothing is folded)', () => {
      const one = entry('workspace', { ...raw, headers: { 'X-A': '1', 'x-a': '2' } });
      const other = entry('workspace', { ...raw, headers: { 'X-A': '3', 'x-a': '2' } });
      assert.notEqual(environmentDigest(one), environmentDigest(other));
    });

    it("does not change with the order of keys, headers, parameters or scopes, nor with the entry's origin", () => {
      const reordered = entry('user', {
        resource: 'https://api.example.com',
        issuer: 'https://auth.example.com',
        authorizeParameters: { prompt: 'login', audience: 'api' },
        secretHeaders: ['X-S'],
        headers: { 'X-B': '2', 'X-A': '1' },
        scopes: ['b', 'a'],
        clientId: 'app',
        baseUrl: 'https://API.example.com/',
        authUrl: 'https://auth.example.com:443',
        name: 'Prod',
      });
      assert.equal(environmentDigest(reordered), environmentDigest(base));
    });

    it('does not depend on the overlay description (only on the content)', () => {
      const [merged] = mergeEnvironments([prod], [entry('workspace', { name: 'Prod', ...prodServer, headers: { 'X-A': '1' } })]);
      assert.ok(merged.overlay);
      const { overlay: _overlay, ...content } = merged;
      assert.equal(environmentDigest(content as Environment), environmentDigest(merged));
    });
  });

  describe('stored approvals', () => {
    it('an approval of an earlier version (true, per workspace and server) covers no content', () => {
      assert.deepEqual(approvedDigests(true), []);
      assert.deepEqual(approvedDigests(undefined), []);
      assert.deepEqual(approvedDigests(['d1', 7, null, 'd2']), ['d1', 'd2']);
    });

    it("adds the approved digest once, drops an earlier version's value, keeps the newest few", () => {
      assert.deepEqual(withApproval(true, 'a'), ['a']);
      assert.deepEqual(withApproval(['a', 'b'], 'a'), ['b', 'a']);
      const many = Array.from({ length: 20 }, (_, i) => `d${i}`);
      const kept = withApproval(many, 'new');
      assert.equal(kept.at(-1), 'new');
      assert.ok(kept.length < many.length);
    });
  });
});
