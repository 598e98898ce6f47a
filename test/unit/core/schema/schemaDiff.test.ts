import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildClientSchema, buildSchema, findBreakingChanges, findDangerousChanges, type IntrospectionQuery } from 'graphql';
import { changesMarkdown, diffSchemas, diffSummary, hasChanges } from '../../../../src/core/schema/schemaDiff';
import { CancelledError } from '../../../../src/core/errors';
import { BASE, cases } from './schemaEdits';

describe('schema diff (core)', () => {
  for (const c of cases) {
    it(`${c.name}: ${c.kind} ${c.coordinate}`, async () => {
      const diff = await diffSchemas(buildSchema(BASE), buildSchema(c.edit(BASE)));
      const found = diff[c.kind].find((x) => x.type === c.type);
      assert.ok(found, `no ${c.type} in ${JSON.stringify(diff)}`);
      assert.equal(found.coordinate, c.coordinate);
      assert.equal(found.kind, c.kind);
    });
  }

  it('reports the same changes as graphql-js on whole schemas (GitHub schema, several edits)', async () => {
    const file = path.join(__dirname, '../../../../node_modules/@octokit/graphql-schema/schema.json');
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const intro = raw.data ?? raw;
    const edited = structuredClone(intro) as unknown as { __schema: { types: { name: string; kind: string; fields?: { name: string }[]; enumValues?: unknown[] }[] } };
    const type = (name: string) => edited.__schema.types.find((t) => t.name === name)!;
    type('Repository').fields = type('Repository').fields!.filter((f) => f.name !== 'forkCount');
    type('IssueState').enumValues!.push({ name: 'ARCHIVED', description: null, isDeprecated: false, deprecationReason: null });
    type('Issue').fields = type('Issue').fields!.filter((f) => f.name !== 'title');
    const before = buildClientSchema(intro);
    const after = buildClientSchema(edited as unknown as IntrospectionQuery);
    const diff = await diffSchemas(before, after);
    const key = (c: { type: string; description: string }) => `${c.type}|${c.description}`;
    assert.deepEqual(diff.breaking.map(key).sort(), findBreakingChanges(before, after).map(key).sort());
    assert.deepEqual(diff.dangerous.map(key).sort(), findDangerousChanges(before, after).map(key).sort());
    assert.deepEqual(
      diff.breaking.map((c) => c.coordinate),
      ['Issue.title', 'Repository.forkCount'],
    );
    assert.deepEqual(
      diff.dangerous.map((c) => c.coordinate),
      ['IssueState.ARCHIVED'],
    );
  });

  it('stops at a checkpoint when cancelled', async () => {
    const abort = new AbortController();
    abort.abort();
    await assert.rejects(diffSchemas(buildSchema(BASE), buildSchema(BASE.replace(' old: String', '')), { signal: abort.signal }), CancelledError);
  });

  it('summarises counts, and says when nothing changed', async () => {
    const diff = await diffSchemas(buildSchema(BASE), buildSchema(BASE.replace(' dueDate: String', '').replace(' old: String', '').replace('TODO DONE', 'TODO DONE BLOCKED')));
    assert.equal(diffSummary(diff), '2 breaking, 1 dangerous');
    assert.equal(hasChanges(diff), true);
    const same = await diffSchemas(buildSchema(BASE), buildSchema(BASE));
    assert.equal(diffSummary(same), '0 breaking, 0 dangerous');
    assert.equal(hasChanges(same), false);
  });

  it('renders a markdown view grouped breaking then dangerous, with coordinates, and server text inert', async () => {
    const hostile = BASE.replace('first: Int = 20', 'first: Int = 20, q: String = "a"');
    const next = hostile
      .replace(' dueDate: String', '')
      .replace('q: String = "a"', 'q: String = "[click](command:workbench.action.openSettings) https://evil.example <img src=x>"');
    const diff = await diffSchemas(buildSchema(hostile), buildSchema(next));
    const md = changesMarkdown(diff, { label: 'Sandbox', previousSha256: 'a'.repeat(64), sha256: 'b'.repeat(64) });
    const breaking = md.indexOf('## Breaking (1)');
    const dangerous = md.indexOf('## Dangerous (1)');
    assert.ok(breaking > 0 && dangerous > breaking, md);
    assert.ok(md.indexOf('`Task.dueDate`') > breaking && md.indexOf('`Task.dueDate`') < dangerous, md);
    assert.ok(md.indexOf('`Query.tasks(q:)`') > dangerous, md);
    assert.match(md, /from version aaaaaaaaaaaa, to version bbbbbbbbbbbb/);
    assert.doesNotMatch(md, /\]\(command:/);
    assert.doesNotMatch(md, /https:\/\//);
    assert.doesNotMatch(md, /(?<!\\)<img/);
  });
});
