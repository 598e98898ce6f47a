/**
 * The template grammar (syntaxes/graphql.template.tmLanguage.json) is the one scripts/templateGrammar.mjs
 * generates from the current graphql.tmLanguage.json: the generator run with --check, as a person runs it.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

describe('GraphQL injection grammars (VS Code TypeScript/JavaScript grammars, real TextMate engine)', () => {
  it('uses the template grammar generated from the current graphql.tmLanguage.json', () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'templateGrammar.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(run.status, 0, `scripts/templateGrammar.mjs --check:\n${run.stdout}${run.stderr}`);
  });
});
