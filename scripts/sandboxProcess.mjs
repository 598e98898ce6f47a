// Starts the built Sandbox (dist/sandbox.js) as a child process on free ports and reads its
// machine-readable first line: `SANDBOX {...}`. Used by the integration runners and `npm start`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * @param {{ cwd: string, env?: Record<string,string>, args?: string[], inherit?: boolean }} options
 * @returns {Promise<{ info: any, child: import('node:child_process').ChildProcess, close(): Promise<void> }>}
 */
export async function startSandboxProcess({ cwd, env = {}, args = [], inherit = false }) {
  const entry = join(cwd, 'dist', 'sandbox.js');
  if (!existsSync(entry)) {
    throw new Error('dist/sandbox.js is missing: run `npm run build` first.');
  }
  const child = spawn(process.execPath, [entry, '--auth-port', '0', '--api-port', '0', ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = [];
  child.stderr.on('data', (d) => {
    stderr.push(String(d));
    if (inherit) {
      process.stderr.write(d);
    }
  });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Sandbox did not start within 20 s\n${stderr.join('')}`)), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Sandbox exited with code ${code} before it was ready\n${stderr.join('')}`));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const m = /^SANDBOX (\{.*\})\s*$/.exec(line);
      if (!m) {
        reject(new Error(`unexpected first line from the Sandbox: ${line.slice(0, 200)}`));
        return;
      }
      resolve(JSON.parse(m[1]));
    });
  });
  lines.on('line', (line) => {
    if (inherit) {
      console.log(line);
    }
  });
  return {
    info,
    child,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
