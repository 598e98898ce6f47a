import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { schemaFromIntrospection } from '../../../unit/core/schema/introspectionSchema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { directDiagnostics, directHover } from '../../../unit/core/language/directCalls';
import { grow, spreadPositions } from '../../../fixtures/inputs';
import { document, positionsOf, withCursor } from '../../../unit/core/language/helpers';

const githubDir = path.join(__dirname, '../../../../node_modules/@octokit/graphql-schema');
const benchDocument = readFileSync(path.join(__dirname, '../../../fixtures/parity/github.graphql'), 'utf8');

describe("GraphqlLanguageService on GitHub's public schema", function () {
  this.timeout(180_000); // a hang guard: about 14 s of CPU, and a loaded 2-core machine stretches it past a minute
  const { schema } = schemaFromIntrospection(readFileSync(path.join(githubDir, 'schema.json'), 'utf8'));
  const service = GraphqlLanguageService.create(schema);

  it('answers exactly as graphql-language-service does, across the 185-line document', () => {
    const doc = document(benchDocument);
    for (const pos of positionsOf(benchDocument, 3)) {
      assert.deepEqual(service.complete(doc, pos), directCompletion(schema, benchDocument, pos, [], doc.uri), `completion at ${pos.line}:${pos.character}`);
      assert.equal(service.hover(doc, pos)?.markdown ?? '', directHover(schema, benchDocument, pos), `hover at ${pos.line}:${pos.character}`);
    }
  });

  it('answers exactly as graphql-language-service does in a 2,000-line document and while it is broken', () => {
    const big = grow(benchDocument, 2000);
    const broken = big.replace('    forkCount\n', '    forkCount(\n').replace('  rateLimit {\n', '  rateLimit \n');
    for (const text of [big, broken]) {
      const doc = document(text);
      for (const pos of spreadPositions(text, 60)) {
        assert.deepEqual(service.complete(doc, pos), directCompletion(schema, text, pos, [], doc.uri), `completion at ${pos.line}:${pos.character}`);
      }
    }
  });

  it('has no diagnostics for the document, and the direct call agrees', () => {
    assert.deepEqual(service.diagnostics(document(benchDocument)), []);
    assert.deepEqual(directDiagnostics(schema, benchDocument), []);
  });

  const completions: Array<[string, string, { label: string; kind: string; detail?: string }]> = [
    ['Repository fields', '{ repository(owner: "a", name: "b") { nameWith‸ } }', { label: 'nameWithOwner', kind: 'field', detail: 'String!' }],
    ['enum arguments', '{ search(query: "x", type: ‸, first: 1) { issueCount } }', { label: 'ISSUE', kind: 'enumValue', detail: 'SearchType' }],
    [
      'input object fields',
      '{ repository(owner: "a", name: "b") { issues(orderBy: { ‸ }) { totalCount } } }',
      { label: 'direction', kind: 'inputField', detail: 'OrderDirection!' },
    ],
    ['possible types of a union', '{ search(query: "x", type: ISSUE, first: 1) { nodes { ... on PullReq‸ } } }', { label: 'PullRequest', kind: 'type' }],
  ];
  for (const [name, marked, want] of completions) {
    it(`completes ${name}`, () => {
      const { doc, pos } = withCursor(marked);
      const item = service.complete(doc, pos).find((i) => i.label === want.label);
      assert.ok(item, `${want.label} missing`);
      assert.equal(item.kind, want.kind);
      if (want.detail) {
        assert.equal(item.detail, want.detail);
      }
    });
  }

  it('hovers with type and description', () => {
    const { doc, pos } = withCursor('{ repository(owner: "a", name: "b") { stargazer‸Count } }');
    const hover = service.hover(doc, pos);
    assert.ok(hover);
    assert.match(hover.markdown, /Repository\.stargazerCount: Int!/);
    assert.match(hover.markdown, /Returns a count of how many stargazers there are on this object/);
  });

  it('reports an unknown field with a suggestion', () => {
    const diagnostics = service.diagnostics(document('{\n  viewer { logn }\n}'));
    assert.equal(diagnostics.length, 1);
    assert.match(diagnostics[0].message, /Cannot query field "logn" on type "User". Did you mean "login"\?/);
    assert.deepEqual(diagnostics[0].range, { start: { line: 1, character: 11 }, end: { line: 1, character: 15 } });
  });

  it('leads to a field in the SDL view', () => {
    const { doc, pos } = withCursor('{ repository(owner: "a", name: "b") { nameWith‸Owner } }');
    const target = service.definition(doc, pos);
    assert.ok(target && target.kind === 'schema');
    assert.equal(target.key, 'Repository.nameWithOwner');
    assert.match(service.schemaView().sdl.split('\n')[target.sdlLine], /^ {2}nameWithOwner: String!$/);
  });
});
