import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { DEFAULT_API_PORT, DEFAULT_AUTH_PORT, UsageError, parseArgs } from '../../../src/sandbox/main';

/** Starts the CLI with tsx and resolves with its first stdout line. */
async function spawnSandbox(args: string[]): Promise<{ child: ChildProcess; firstLine: string; rest: () => string }> {
  const child = spawn(process.execPath, ['--require', './test/unit/graphqlText.cjs', '--import', 'tsx', 'src/sandbox/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const seen: string[] = [];
  const firstLine = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      seen.push(line);
      if (seen.length === 1) {
        resolve(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited early with ${String(code)}`)));
  });
  return { child, firstLine, rest: () => seen.slice(1).join('\n') };
}

describe('sandbox CLI', function () {
  this.timeout(30_000);

  it('prints the SANDBOX line first, serves both origins, and stops cleanly on SIGINT', async () => {
    const { child, firstLine, rest } = await spawnSandbox(['--auth-port', '0', '--api-port', '0', '--quiet', '--auto-consent', 'bob']);
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
      const stats = await fetch(`${info.adminUrl}/stats`);
      assert.equal(stats.status, 200);
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

  it('exits with 2 and the usage on a bad option', async () => {
    const child = spawn(process.execPath, ['--require', './test/unit/graphqlText.cjs', '--import', 'tsx', 'src/sandbox/main.ts', '--bogus'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
