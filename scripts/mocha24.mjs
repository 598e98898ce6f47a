// Runs mocha (with the arguments given) under the Node 24 that scripts/prerequisites.mjs installs into
// .cache/node24, installing it first when missing: graphql 17 needs Node 22 or later (VS Code's
// extension host is Node 22), and the Node on PATH may be older. Used by `npm run test:unit`, the
// unit and main-job steps of `npm test` and `npm run test:upstream`.
// Usage: node scripts/mocha24.mjs [mocha arguments]
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode24, node24 } from './prerequisites.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
await ensureNode24();
const child = spawn(node24, [join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
