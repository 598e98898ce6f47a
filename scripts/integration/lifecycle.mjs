// What every part of the integration runner shares: its log line, the list of things to undo at the
// end (processes, browsers, folders; undone last first), and waiting for a child process's server.
import { createServer } from 'node:net';

/** One line of the runner's own output. */
export function log(msg) {
  console.log(`[integration] ${msg}`);
}

/**
 * The things to undo when the run ends, whatever happens: `add(fn)` registers one, `run()` undoes
 * them all, the last added first, reporting (not throwing) a failing one.
 */
export function createCleanups() {
  const pending = [];
  return {
    add(fn) {
      pending.push(fn);
    },
    async run() {
      while (pending.length) {
        const fn = pending.pop();
        try {
          await fn();
        } catch (err) {
          console.error(`[integration] cleanup: ${err.message}`);
        }
      }
    },
  };
}

/** Stops a detached child process and everything it started (its process group). */
export function killTree(child) {
  if (child && child.exitCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

/** A loopback port nobody listens on (at the time of asking). */
export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Waits until `url` answers 2xx, failing early when `child` (the server) exits. */
export async function waitForHealth(url, child, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) {
      throw new Error(`code-server exited with code ${child.exitCode} before it was ready`);
    }
    try {
      const r = await fetch(url);
      if (r.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs / 1000} s`);
}
