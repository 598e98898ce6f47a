// The servers of a run, besides code-server: the runner's Sandbox (the local Service the tests sign in
// to), "a server somebody else runs" (a second Sandbox behind a recording proxy) and the independent
// pair (oidc-provider + graphql-http, configured only: test/contract/interop/servers.ts).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRecordingProxy } from '../recordingProxy.mjs';
import { startSandboxProcess } from '../sandboxProcess.mjs';
import { log } from './lifecycle.mjs';

/**
 * Starts them all; each is stopped by `cleanups`. Resolves to
 * `{ sandbox, other, listener, listenerLog, interop }`.
 */
export async function startServers({ root, tmp, cleanups }) {
  // Both Sandboxes with the admin endpoint (faults, clock, consents, the secret scan) and a key of this run.
  const sandbox = await startSandboxProcess({ cwd: root, env: { TMPDIR: join(tmp, 'tmp') }, admin: true });
  cleanups.add(() => sandbox.close());
  log(`Sandbox: auth ${sandbox.info.authUrl}, api ${sandbox.info.baseUrl}`);
  // A server somebody else runs: a repository's settings point an environment at it. A second
  // Sandbox behind a proxy that records every request it receives (scanned for secrets at the end).
  const other = await startSandboxProcess({ cwd: root, env: { TMPDIR: join(tmp, 'tmp') }, admin: true });
  cleanups.add(() => other.close());
  const listenerLog = join(tmp, 'listener', 'requests.jsonl');
  writeFileSync(listenerLog, '');
  const listener = await startRecordingProxy({ authUpstream: other.info.authUrl, apiUpstream: other.info.baseUrl, logFile: listenerLog });
  cleanups.add(() => listener.close());
  const interop = await startInterop(root);
  cleanups.add(() => interop.close());
  log(`independent pair (oidc-provider + graphql-http): ${interop.url}`);
  return { sandbox, other, listener, listenerLog, interop };
}

/** The first `INTEROP {...}` line of the pair's output, parsed; undefined until it came. */
export function parseInteropLine(text) {
  const m = /^INTEROP (\{.*\})$/m.exec(text);
  return m ? JSON.parse(m[1]) : undefined;
}

/**
 * Starts the independent pair (scripts/interopServer.ts, through tsx) as a child process and reads
 * its first line: `INTEROP {...}`.
 */
async function startInterop(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'interopServer.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = [];
  child.stderr.on('data', (d) => stderr.push(String(d)));
  const info = await new Promise((resolveInfo, reject) => {
    const timer = setTimeout(() => reject(new Error(`the independent pair did not start within 60 s\n${stderr.join('')}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`the independent pair exited with code ${code}\n${stderr.join('')}`)));
    let text = '';
    child.stdout.on('data', (d) => {
      text += String(d);
      const parsed = parseInteropLine(text);
      if (parsed) {
        clearTimeout(timer);
        resolveInfo(parsed);
      }
    });
  });
  return {
    ...info,
    tokens: async () => (await fetch(`${info.control}/tokens`)).json(),
    register: async (redirectUri) => {
      const res = await fetch(`${info.control}/register`, { method: 'POST', body: JSON.stringify({ redirectUri }) });
      if (!res.ok) {
        throw new Error((await res.json()).error);
      }
    },
    close: () =>
      new Promise((resolveClose) => {
        if (child.exitCode !== null) {
          resolveClose();
          return;
        }
        child.once('exit', () => resolveClose());
        child.kill('SIGTERM');
      }),
  };
}
