// Starts the built Sandbox (dist/sandbox.js) as a child process on free ports and reads its
// machine-readable first line: `SANDBOX {...}`. Used by the integration runners and `npm start`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The environment variable that hands the Sandbox its admin key (with `--admin`); never argv, which `ps` shows. */
export const ADMIN_KEY_ENV = 'TENANT_GRAPHQL_SANDBOX_ADMIN_KEY';
/** The request header every admin request carries the key in. */
export const ADMIN_KEY_HEADER = 'x-sandbox-admin-key';

/**
 * `admin`: turn on the admin endpoint (test machinery) with this key, or with a fresh random one
 * for `true`; the result's `adminKey` (also `info.adminKey`) is the key (undefined without admin), `info.adminUrl` its address.
 * @param {{ cwd: string, env?: Record<string,string>, args?: string[], inherit?: boolean, admin?: boolean | string }} options
 * @returns {Promise<{ info: any, adminKey: string | undefined, child: import('node:child_process').ChildProcess, control(message: object): Promise<void>, close(): Promise<void> }>}
 */
export async function startSandboxProcess({ cwd, env = {}, args = [], inherit = false, admin = false }) {
  const entry = join(cwd, 'dist', 'sandbox.js');
  if (!existsSync(entry)) {
    throw new Error('dist/sandbox.js is missing: run `npm run build` first.');
  }
  const adminKey = admin === true ? randomBytes(32).toString('base64url') : admin === false ? undefined : admin;
  const childEnv = { ...process.env, ...env };
  delete childEnv[ADMIN_KEY_ENV];
  if (adminKey !== undefined) {
    childEnv[ADMIN_KEY_ENV] = adminKey;
  }
  const child = spawn(process.execPath, [entry, '--auth-port', '0', '--api-port', '0', '--stdin-control', ...(adminKey === undefined ? [] : ['--admin']), ...args], {
    cwd,
    env: childEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.on('error', () => undefined);
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
  const replies = new Map();
  let lastId = 0;
  lines.on('line', (line) => {
    const m = /^CONTROL (\{.*\})\s*$/.exec(line);
    if (m) {
      const reply = JSON.parse(m[1]);
      replies.get(reply.id)?.(reply);
      replies.delete(reply.id);
      return;
    }
    if (inherit) {
      console.log(line);
    }
  });
  /** A request over the Sandbox's standard input (--stdin-control): `{ allowAuthHost }` or `{ registerRedirectUri }`. */
  const control = (message) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      replies.set(id, (reply) => (reply.ok ? resolve() : reject(new Error(`the Sandbox refused ${JSON.stringify(message)}: ${reply.error}`))));
      child.stdin.write(`${JSON.stringify({ id, ...message })}\n`);
    });
  return {
    // The SANDBOX line, and the admin key beside its adminUrl for the callers that pass both on.
    info: adminKey === undefined ? info : { ...info, adminKey },
    adminKey,
    child,
    control,
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
