import * as assert from 'node:assert/strict';
import { parse, print } from 'graphql';
import { findTemplates } from '../../../../src/core/embedded/templates';
import type { FormatEdit } from '../../../../src/core/format/formatGraphql';
import { formatTemplates } from '../../../../src/core/format/formatTemplates';

const SPACES = { tabSize: 2, insertSpaces: true };
const apply = (text: string, edits: readonly FormatEdit[]) => [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);
const format = async (text: string, options = SPACES) => {
  const result = await formatTemplates(text, findTemplates(text), options);
  return { ...result, text: apply(text, result.edits) };
};

const MESSY = [
  "import { gql } from 'graphql-tag';",
  '',
  'export function load() {',
  '  const FIELDS = gql`fragment TaskFields on Task{id   name # shown',
  ' priority}`;',
  '  const query = gql`query Tasks($first:Int=10){tasks(first:$first){edges{node{...TaskFields}}}}',
  '  ${FIELDS}`;',
  '  return fetch(url,   { body: query });',
  '}',
  '',
].join('\n');

describe('formatting GraphQL templates in code', () => {
  it('formats each template as prettier lays out an embedded gql template, the code around untouched', async () => {
    const out = await format(MESSY);
    assert.equal(out.formatted, 2);
    assert.deepEqual(out.skipped, []);
    assert.equal(
      out.text,
      [
        "import { gql } from 'graphql-tag';",
        '',
        'export function load() {',
        '  const FIELDS = gql`',
        '    fragment TaskFields on Task {',
        '      id',
        '      name # shown',
        '      priority',
        '    }',
        '  `;',
        '  const query = gql`',
        '    query Tasks($first: Int = 10) {',
        '      tasks(first: $first) {',
        '        edges {',
        '          node {',
        '            ...TaskFields',
        '          }',
        '        }',
        '      }',
        '    }',
        '    ${FIELDS}',
        '  `;',
        '  return fetch(url,   { body: query });',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('is idempotent, keeps comments, and keeps the GraphQL the same', async () => {
    const once = await format(MESSY);
    const twice = await format(once.text);
    assert.deepEqual(twice.edits, []);
    assert.equal(twice.formatted, 2);
    const before = findTemplates(MESSY).map((t) => print(parse(t.text)));
    const after = findTemplates(once.text).map((t) => print(parse(t.text)));
    assert.deepEqual(after, before);
  });

  it('uses tabs when the editor does, and indents from the line that opens the template', async () => {
    const text = '\tconst Q = gql`{ a { b } }`;\n';
    const out = await format(text, { tabSize: 4, insertSpaces: false });
    assert.equal(out.text, '\tconst Q = gql`\n\t\t{\n\t\t\ta {\n\t\t\t\tb\n\t\t\t}\n\t\t}\n\t`;\n');
  });

  it('keeps #graphql on the first line, so the template is still found as GraphQL', async () => {
    const text = 'const typeDefs = `#graphql\ntype Query{ a:Int }`;\n';
    const out = await format(text);
    assert.equal(out.text, 'const typeDefs = `#graphql\n  type Query {\n    a: Int\n  }\n`;\n');
    assert.equal(findTemplates(out.text).length, 1);
  });

  it("formats /* GraphQL */ templates and graphql(`...`) calls, in the host file's line breaks (CRLF)", async () => {
    const text = 'const A = /* GraphQL */ `{ a }`;\r\nconst B = graphql(`query B { b }`);\r\n';
    const out = await format(text);
    assert.equal(out.formatted, 2);
    assert.equal(out.text, 'const A = /* GraphQL */ `\r\n  {\r\n    a\r\n  }\r\n`;\r\nconst B = graphql(`\r\n  query B {\r\n    b\r\n  }\r\n`);\r\n');
    assert.deepEqual((await format(out.text)).edits, [], 'idempotent with CRLF');
  });

  it('leaves alone a template that does not parse, an interpolation inside a definition, an unclosed one, and an empty one', async () => {
    const text = ['const Broken = gql`query { a( }`;', 'const Inside = gql`query { ...${Frag} }`;', 'const Empty = gql`   `;', 'const Open = gql`query { a'].join('\n');
    const out = await format(text);
    assert.equal(out.text, text);
    assert.equal(out.formatted, 0);
    assert.deepEqual(
      out.skipped.map((s) => s.reason),
      ['syntax', 'syntax', 'empty', 'unclosed'],
    );
  });

  it('formats the outer template only when a template is nested in its ${}', async () => {
    const text = 'const Q = gql`query Q { a } ${gql`fragment F on T { b }`}`;\n';
    const out = await format(text);
    assert.equal(out.formatted, 1);
    assert.equal(out.text, 'const Q = gql`\n  query Q {\n    a\n  }\n  ${gql`fragment F on T { b }`}\n`;\n');
  });
});
