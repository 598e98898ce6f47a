/**
 * The `tenant-graphql` command (package.json "bin", dist/cli.js): `tenant-graphql test [paths] --env NAME`.
 * Built on src/core only, so it runs in CI without VS Code.
 */
import { runCli } from '../core/testing/cli';

void runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`tenant-graphql: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
