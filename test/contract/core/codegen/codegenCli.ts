/**
 * The GraphQL Code Generator CLI run as a person would run it (its own bin, a config file, in a
 * folder of its own): what the generated types are compared with.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** The CLI's bin script. */
const CLI_BIN = path.join(path.dirname(require.resolve('@graphql-codegen/cli/package.json')), 'cjs', 'bin.js');

/** Runs `graphql-codegen --config codegen.json` in `dir` with this config; fails the test when the CLI fails. */
export function runCodegenCli(dir: string, config: unknown): void {
  writeFileSync(path.join(dir, 'codegen.json'), JSON.stringify(config, null, 2));
  const r = spawnSync(process.execPath, [CLI_BIN, '--config', 'codegen.json', '--silent'], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `graphql-codegen failed:\n${r.stdout}\n${r.stderr}`);
}

export { filesUnder, read } from '../../../unit/core/codegen/files';

interface IntrospectionJson {
  data?: IntrospectionJson;
  __schema?: {
    types: { kind: string; name: string; interfaces?: { name: string }[] | null; fields?: { name: string; isDeprecated: boolean; deprecationReason: string | null }[] | null }[];
  };
}

/**
 * An introspection's text with one kind of mistake mended: an object or interface field deprecated where the
 * interface field it implements is not. graphql 17 refuses such a schema (16 took it), and GitHub's public
 * schema has a dozen; the CLI validates the schema it is given, so both sides of a comparison get this one.
 */
export function deprecationsValidOnGraphql17(introspectionText: string): string {
  const json = JSON.parse(introspectionText) as IntrospectionJson;
  const types = (json.data ?? json).__schema?.types ?? [];
  const byName = new Map(types.map((t) => [t.name, t]));
  for (const type of types) {
    for (const field of type.fields ?? []) {
      const inherited = (type.interfaces ?? []).map((i) => byName.get(i.name)?.fields?.find((f) => f.name === field.name)).filter((f) => f !== undefined);
      if (field.isDeprecated && inherited.some((f) => !f.isDeprecated)) {
        field.isDeprecated = false;
        field.deprecationReason = null;
      }
    }
  }
  return JSON.stringify(json);
}
