/**
 * The GraphQL Code Generator CLI run as a person would run it (its own bin, a config file, in a
 * folder of its own): what the generated types are compared with.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** The CLI's bin script. */
const CLI_BIN = path.join(path.dirname(require.resolve('@graphql-codegen/cli/package.json')), 'cjs', 'bin.js');

/** Runs `graphql-codegen --config codegen.json` in `dir` with this config; fails the test when the CLI fails. */
export function runCodegenCli(dir: string, config: unknown): void {
  writeFileSync(path.join(dir, 'codegen.json'), JSON.stringify(config, null, 2));
  const r = spawnSync(process.execPath, [CLI_BIN, '--config', 'codegen.json', '--silent'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `graphql-codegen failed:\n${r.stdout}\n${r.stderr}`);
}

/** Every file under `dir` whose name ends with `suffix`, relative to `dir`, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) {
        walk(p);
      } else if (name.endsWith(suffix)) {
        out.push(path.relative(dir, p));
      }
    }
  };
  walk(dir);
  return out.sort();
}

/** A file's text. */
export function read(file: string): string {
  return readFileSync(file, 'utf8');
}
