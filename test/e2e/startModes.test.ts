/**
 * The other ways `npm start` meets a newcomer: the desktop mode (a `code` on PATH gets the extension
 * under development and the sample; the Sandbox answers; Ctrl-C stops it), and a missing
 * prerequisite for a user who is not root (one sentence saying what to install, no stack trace).
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');

describe('npm start in desktop mode (a `code` on PATH)', function () {
  this.timeout(120_000);
  let tmp: string;

  before(() => {
    mkdirSync(join(root, '.cache', 'tmp'), { recursive: true });
    tmp = mkdtempSync(join(root, '.cache', 'tmp', 'desktop-'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('opens desktop VS Code with the extension under development and the sample, on a running Sandbox', async () => {
    // A stand-in for desktop VS Code's CLI: answers --version, records every other call.
    const bin = join(tmp, 'bin');
    mkdirSync(bin);
    const calls = join(tmp, 'code-calls.jsonl');
    writeFileSync(
      join(bin, 'code'),
      `#!/usr/bin/env node\nif (process.argv[2] === '--version') { console.log('1.139.1'); process.exit(0); }\nrequire('node:fs').appendFileSync(${JSON.stringify(calls)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n`,
    );
    chmodSync(join(bin, 'code'), 0o755);
    const state = join(tmp, 'start');
    const child = spawn('npm', ['start', '--', '--state-dir', state], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, npm_config_update_notifier: 'false' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      for (let i = 0; i < 600 && !output.includes('Ctrl-C here stops the Sandbox.'); i++) {
        assert.equal(child.exitCode, null, `npm start exited early:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.match(output, /Ctrl-C here stops the Sandbox\./, output);
      assert.doesNotMatch(output, /code-server|Chromium/, 'no code-server or browser is needed on this path');
      // `code` is spawned without waiting for it: wait until the stand-in wrote its whole call, a line
      // ending in a newline (the file exists, empty, between the stand-in's open and its write: reading
      // it then failed once). A hang guard, not a duration.
      const written = (): boolean => existsSync(calls) && readFileSync(calls, 'utf8').endsWith('\n');
      for (let i = 0; i < 600 && !written(); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(written(), `the stand-in for code was not called:\n${output}`);
      const [args] = readFileSync(calls, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string[]);
      const workspace = join(state, 'workspace');
      assert.deepEqual(args, ['--new-window', `--extensionDevelopmentPath=${root}`, workspace, join(workspace, 'tasks.graphql')]);
      const settings = JSON.parse(readFileSync(join(workspace, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
      const [env] = settings['tenantGraphql.environments'] as { redirectMode: string; baseUrl: string }[];
      assert.equal(env.redirectMode, 'uriHandler', "desktop VS Code takes the browser's redirect through its URI handler");
      assert.equal(settings['tenantGraphql.activeEnvironment'], 'Sandbox');
      const res = await fetch(`${env.baseUrl}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      assert.equal(res.status, 401, 'the Sandbox answers, and wants a token');
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      await assert.rejects(fetch(`${env.baseUrl}/v1/graphql`, { method: 'POST' }), 'the Sandbox is stopped');
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // stopped already
      }
    }
  });
});

describe('a missing prerequisite, for a user who is not root', () => {
  it('gets one sentence saying what to install, and no stack trace', function () {
    const ready = existsSync(join(root, '.cache', 'node24')) && existsSync(join(root, '.cache', 'code-server'));
    const script = join(root, 'scripts', 'prerequisites.mjs');
    if (
      process.getuid?.() !== 0 ||
      !ready ||
      spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', script]).status !== 0 // a checkout others cannot read
    ) {
      this.skip(); // needs root (to become another user), a readable checkout and the installed cache
    }
    const r = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, 'scripts/prerequisites.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, CHROMIUM_PATH: '/nonexistent/chromium' },
    });
    assert.equal(r.status, 1);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /^\[prerequisites\] The tests drive VS Code in Chromium, which is missing: please install it \(Debian\/Ubuntu: `sudo apt-get install -y chromium`\)/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });
});
