import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { ADMIN_KEY_ENV, ADMIN_KEY_HEADER } from '../../../src/sandbox/admin';
import { DEFAULT_API_PORT, DEFAULT_AUTH_PORT, UsageError, parseArgs } from '../../../src/sandbox/main';
import { TEST_ADMIN_KEY } from './helpers';

/** Starts the CLI with tsx and resolves with its first stdout line. */
async function spawnSandbox(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; firstLine: string; rest: () => string; next: (pattern: RegExp) => Promise<string> }> {
  const child = spawn(process.execPath, ['--require', './test/graphqlText.cjs', '--import', 'tsx', 'src/sandbox/main.ts', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const seen: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      seen.push(line);
      if (seen.length === 1) {
        resolve(line);
      }
      const i = waiting.findIndex((w) => w.pattern.test(line));
      if (i >= 0) {
        waiting.splice(i, 1)[0].resolve(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited early with ${String(code)}`)));
  });
  const next = (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve }));
  return { child, firstLine, rest: () => seen.slice(1).join('\n'), next };
}

describe('sandbox CLI', function () {
  this.timeout(30_000);

  it('prints the SANDBOX line first, serves both origins, and stops cleanly on SIGINT', async () => {
    const { child, firstLine, rest } = await spawnSandbox(['--auth-port', '0', '--api-port', '0', '--quiet', '--auto-consent', 'bob', '--admin'], {
      [ADMIN_KEY_ENV]: TEST_ADMIN_KEY,
    });
    try {
      assert.match(firstLine, /^SANDBOX \{/);
      const info = JSON.parse(firstLine.slice('SANDBOX '.length)) as {
        authUrl: string;
        baseUrl: string;
        adminUrl: string;
        clients: Array<{ clientId: string }>;
        users: Array<{ id: string }>;
        scopes: string[];
        team: { id: string };
      };
      assert.match(info.authUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.match(info.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(info.authUrl, info.baseUrl);
      assert.equal(info.adminUrl, `${info.baseUrl}/admin`);
      assert.deepEqual(
        info.clients.map((c) => c.clientId),
        ['tenant-graphql-vscode', 'acme-ci'],
      );
      assert.deepEqual(
        info.users.map((u) => u.id),
        ['alice', 'bob', 'carol'],
      );
      assert.equal(info.team.id, 'team-acme');
      const stats = await fetch(`${info.adminUrl}/stats`, { headers: { [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY } });
      assert.equal(stats.status, 200);
      assert.equal((await fetch(`${info.adminUrl}/stats`)).status, 401);
      assert.doesNotMatch(firstLine + rest(), new RegExp(TEST_ADMIN_KEY), 'the key is never printed');
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      const [code] = (await exited) as [number | null];
      assert.equal(code, 0);
      assert.match(rest(), /Tenant GraphQL Sandbox is running/);
      await assert.rejects(fetch(`${info.adminUrl}/stats`));
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
      }
    }
  });

  it('without --admin has no admin endpoint, even with the key in its environment; --stdin-control registers redirect URIs and forwarded hosts', async () => {
    const { child, firstLine, next } = await spawnSandbox(['--auth-port', '0', '--api-port', '0', '--quiet', '--stdin-control'], { [ADMIN_KEY_ENV]: TEST_ADMIN_KEY });
    try {
      const info = JSON.parse(firstLine.slice('SANDBOX '.length)) as { authUrl: string; baseUrl: string; adminUrl?: string };
      assert.equal(info.adminUrl, undefined);
      assert.equal((await fetch(`${info.baseUrl}/admin/stats`, { headers: { [ADMIN_KEY_HEADER]: TEST_ADMIN_KEY } })).status, 404);
      const uri = 'https://code.example/callback?vscode-reqid=7';
      const authorize = `${info.authUrl}/oauth/authorize?client_id=tenant-graphql-vscode&response_type=code&code_challenge_method=S256&code_challenge=${'a'.repeat(43)}&redirect_uri=${encodeURIComponent(uri)}`;
      assert.equal((await fetch(authorize)).status, 400, 'not registered yet');
      const replied = next(/^CONTROL /);
      child.stdin?.write(`${JSON.stringify({ id: 1, registerRedirectUri: { clientId: 'tenant-graphql-vscode', uri } })}\n`);
      assert.deepEqual(JSON.parse((await replied).slice('CONTROL '.length)), { id: 1, ok: true });
      assert.equal((await fetch(authorize)).status, 200, 'the consent page');
      const refused = next(/^CONTROL /);
      child.stdin?.write(`${JSON.stringify({ id: 2, registerRedirectUri: { clientId: 'tenant-graphql-vscode', uri: '/relative' } })}\n`);
      assert.equal((JSON.parse((await refused).slice('CONTROL '.length)) as { id: number; error?: string }).id, 2);
      const allowed = next(/^CONTROL /);
      child.stdin?.write(`${JSON.stringify({ id: 3, allowAuthHost: 'code.example:8080' })}\n`);
      assert.deepEqual(JSON.parse((await allowed).slice('CONTROL '.length)), { id: 3, ok: true });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('exits with 2 and the usage on a bad option', async () => {
    const child = spawn(process.execPath, ['--require', './test/graphqlText.cjs', '--import', 'tsx', 'src/sandbox/main.ts', '--bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 2);
    assert.match(stderr, /Unknown option --bogus/);
    assert.match(stderr, /Usage:/);
  });

  describe('parseArgs', () => {
    it('defaults to the stable demo ports and logging', () => {
      assert.deepEqual(parseArgs([]), { authPort: DEFAULT_AUTH_PORT, apiPort: DEFAULT_API_PORT, quiet: false });
    });

    it('reads every option, with values separate or after =', () => {
      assert.deepEqual(
        parseArgs([
          '--auth-port',
          '0',
          '--api-port=0',
          '--config',
          'tenant.json',
          '--auto-consent=alice',
          '--redirect-uri',
          'http://127.0.0.1:1/a',
          '--redirect-uri',
          'http://127.0.0.1:2/b',
          '--fault',
          '{"kind":"status","status":500,"count":2}',
          '--quiet',
          '--always-consent',
        ]),
        {
          authPort: 0,
          apiPort: 0,
          config: 'tenant.json',
          autoConsent: 'alice',
          alwaysConsent: true,
          redirectUris: ['http://127.0.0.1:1/a', 'http://127.0.0.1:2/b'],
          faults: [{ kind: 'status', status: 500, count: 2 }],
          quiet: true,
        },
      );
      assert.equal(parseArgs(['--help']), 'help');
    });

    it('--admin takes its key from the environment, never from argv', () => {
      const options = parseArgs(['--admin'], { [ADMIN_KEY_ENV]: TEST_ADMIN_KEY });
      assert.ok(options !== 'help');
      assert.equal(options.adminKey, TEST_ADMIN_KEY);
      assert.equal((parseArgs([], { [ADMIN_KEY_ENV]: TEST_ADMIN_KEY }) as { adminKey?: string }).adminKey, undefined, 'the variable alone turns nothing on');
      assert.throws(() => parseArgs(['--admin'], {}), /--admin needs the admin key in the environment variable TENANT_GRAPHQL_SANDBOX_ADMIN_KEY/);
      assert.throws(() => parseArgs(['--admin'], { [ADMIN_KEY_ENV]: 'short' }), /at least 32 characters/);
      assert.throws(() => parseArgs(['--admin=somekey'], { [ADMIN_KEY_ENV]: TEST_ADMIN_KEY }), UsageError);
    });

    const bad: Array<[string[], RegExp]> = [
      [['--auth-port'], /needs a value/],
      [['--auth-port', 'abc'], /port number/],
      [['--api-port', '70000'], /port number/],
      [['--fault', '{"kind":"nope"}'], /--fault/],
      [['--fault', 'not json'], /--fault/],
      [['serve'], /Unknown option/],
    ];
    for (const [args, message] of bad) {
      it(`refuses ${args.join(' ')}`, () => {
        assert.throws(
          () => parseArgs(args),
          (err: Error) => err instanceof UsageError && message.test(err.message),
        );
      });
    }
  });
});
