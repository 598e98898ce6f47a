import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse, parseType, typeFromAST, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { schemaFromIntrospection } from '../schema/introspectionSchema';
import { applyEdits } from './textEdits';
import { quickFixes } from '../../../../src/core/language/quickFixes';
import { parseUnknownName } from '../../../../src/core/language/quickFixDidYouMean';
import { extractFragment, refactorings } from '../../../../src/core/language/codeActionsRefactor';
import { extractFragmentToConstant } from '../../../../src/core/language/codeActionsConstant';
import { findTemplates } from '../../../../src/core/embedded/templates';
import { LineIndex } from '../../../../src/core/text/lineIndex';
import { ActionText, walkTyped, type CoreCodeAction } from '../../../../src/core/language/codeActionsShared';
import { DocumentStore } from '../../../../src/core/language/documentStore';
import { addToSidecar, extractVariable, removeFromSidecar, sidecarHas, sidecarPlaceholder, variableAt } from '../../../../src/core/language/codeActionsVariables';
import { document } from './helpers';

import { errorsOf, fixed, localDiagnostics, sandbox, serverDiagnostics } from './codeActionTexts';
const githubDir = path.join(__dirname, '../../../../node_modules/@octokit/graphql-schema');

describe('Code actions: quick fixes', () => {
  describe('"Did you mean" on the Sandbox schema, from local validation and from the server', () => {
    const cases: { name: string; text: string; expect: string[] }[] = [
      { name: 'field', text: '{ tasks { edges { node { nmae } } } }', expect: ['{ tasks { edges { node { name } } } }'] },
      { name: 'aliased field', text: '{ tasks { edges { node { title: nmae } } } }', expect: ['{ tasks { edges { node { title: name } } } }'] },
      {
        name: 'argument (only the suggestion that validates)',
        text: '{ tasks(fitler: {}) { edges { node { id } } } }',
        expect: ['{ tasks(filter: {}) { edges { node { id } } } }'],
      },
      { name: 'input field', text: '{ tasks(filter: { priorty: HIGH }) { edges { node { id } } } }', expect: ['{ tasks(filter: { priority: HIGH }) { edges { node { id } } } }'] },
      { name: 'enum value', text: '{ tasks(filter: { priority: HIHG }) { edges { node { id } } } }', expect: ['{ tasks(filter: { priority: HIGH }) { edges { node { id } } } }'] },
      {
        name: 'type of a variable',
        text: 'query Q($p: TaskPriorty) { tasks(filter: { priority: $p }) { edges { node { id } } } }',
        expect: ['query Q($p: TaskPriority) { tasks(filter: { priority: $p }) { edges { node { id } } } }'],
      },
      { name: 'directive', text: '{ tasks { edges { node { id @skp(if: true) } } } }', expect: ['{ tasks { edges { node { id @skip(if: true) } } } }'] },
      {
        name: 'fragment of the same document',
        text: '{ tasks { edges { node { ...TaskFeilds } } } }\nfragment TaskFields on Task { id }\n',
        expect: ['{ tasks { edges { node { ...TaskFields } } } }\nfragment TaskFields on Task { id }\n'],
      },
    ];
    for (const c of cases) {
      it(`${c.name} (local)`, () => {
        const diagnostics = localDiagnostics(sandbox, c.text).filter((d) => parseUnknownName(d.message));
        assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
        const result = fixed(sandbox, c.text, diagnostics);
        assert.deepEqual(
          result.map((r) => r.text),
          c.expect,
        );
        assert.deepEqual(
          result.map((r) => r.preferred),
          c.expect.map(() => c.expect.length === 1),
        );
      });
      if (c.name.startsWith('fragment')) {
        continue; // the Service is sent the fragment: it has no such error
      }
      it(`${c.name} (server error at its location)`, () => {
        const diagnostics = serverDiagnostics(sandbox, c.text).filter((d) => parseUnknownName(d.message));
        assert.equal(diagnostics.length, 1);
        assert.deepEqual(
          fixed(sandbox, c.text, diagnostics).map((r) => r.text),
          c.expect,
        );
      });
    }

    it('offers every suggestion that validates, in the order graphql gives them, none preferred, for a field with several', () => {
      const text = '{ files { edges { node { sizeByte } } } }';
      const diagnostics = localDiagnostics(sandbox, text);
      assert.match(diagnostics[0]?.message ?? '', /Did you mean "sizeBytes", "mimeType", or "size"\?/);
      const result = fixed(sandbox, text, diagnostics);
      assert.deepEqual(result, [
        { title: 'didYouMean(sizeByte, sizeBytes)', text: '{ files { edges { node { sizeBytes } } } }', preferred: false },
        { title: 'didYouMean(sizeByte, mimeType)', text: '{ files { edges { node { mimeType } } } }', preferred: false },
        { title: 'didYouMean(sizeByte, size)', text: '{ files { edges { node { size } } } }', preferred: false },
      ]);
      for (const r of result) {
        assert.deepEqual(errorsOf(sandbox, r.text), [], r.text);
      }
    });

    it('offers a fragment defined elsewhere in the workspace, where its type can be', () => {
      const text = '{ tasks { edges { node { ...TaskFeilds } } } }';
      const diagnostics = localDiagnostics(sandbox, text);
      assert.deepEqual(
        fixed(sandbox, text, diagnostics, [
          { name: 'TaskFields', typeCondition: 'Task' },
          { name: 'FileFields', typeCondition: 'File' },
        ]).map((r) => r.text),
        ['{ tasks { edges { node { ...TaskFields } } } }'],
      );
    });

    it('offers nothing for a server error without a location (shown on the operation name)', () => {
      const text = 'query nmae { tasks { edges { node { nmae } } } }';
      const diagnostics = serverDiagnostics(sandbox, text, true);
      assert.equal(diagnostics.length, 1);
      assert.deepEqual(quickFixes(text, sandbox, diagnostics), []);
    });

    it('offers nothing when the problem is not on the token it names (a stale range)', () => {
      const text = '{ tasks { edges { node { id nmae } } } }';
      const d = localDiagnostics(sandbox, text)[0];
      assert.deepEqual(quickFixes(text, sandbox, [{ ...d, range: { start: { line: 0, character: 25 }, end: { line: 0, character: 27 } } }]), []);
    });

    it("on GitHub's schema: field, argument and enum value", () => {
      const { schema } = schemaFromIntrospection(readFileSync(path.join(githubDir, 'schema.json'), 'utf8'));
      const cases: [string, string][] = [
        ['{ viewer { logn } }', '{ viewer { login } }'],
        ['{ viewer { repositories(frist: 5) { totalCount } } }', '{ viewer { repositories(first: 5) { totalCount } } }'],
        ['{ viewer { repositories(first: 5, privacy: PUBLC) { totalCount } } }', '{ viewer { repositories(first: 5, privacy: PUBLIC) { totalCount } } }'],
      ];
      for (const [text, expect] of cases) {
        const result = fixed(schema, text, localDiagnostics(schema, text));
        assert.ok(
          result.some((r) => r.text === expect),
          `${text}: ${JSON.stringify(result)}`,
        );
        for (const r of result) {
          assert.deepEqual(errorsOf(schema, r.text), [], r.text);
        }
      }
    });
  });

  describe('variables, fragments, arguments, selections, deprecations (Sandbox schema)', () => {
    const cases: { name: string; text: string; expect: { title: string; text: string }[] }[] = [
      {
        name: 'declare an undefined variable with the type of its argument (non-null as used)',
        text: 'query Tasks {\n  tasks(filter: { priority: $priority }) { totalCount }\n}\n',
        expect: [
          { title: 'declareVariable($priority: TaskPriority)', text: 'query Tasks($priority: TaskPriority) {\n  tasks(filter: { priority: $priority }) { totalCount }\n}\n' },
        ],
      },
      {
        name: 'declare after the existing variables',
        text: 'query T($first: Int) {\n  task(id: $id) { name }\n  tasks(first: $first) { totalCount }\n}\n',
        expect: [{ title: 'declareVariable($id: ID!)', text: 'query T($first: Int, $id: ID!) {\n  task(id: $id) { name }\n  tasks(first: $first) { totalCount }\n}\n' }],
      },
      {
        name: 'declare in an anonymous shorthand query',
        text: '{ task(id: $id) { name } }',
        expect: [{ title: 'declareVariable($id: ID!)', text: 'query ($id: ID!) { task(id: $id) { name } }' }],
      },
      {
        name: 'remove an unused variable (the only one)',
        text: 'query T($first: Int) {\n  me { id }\n}\n',
        expect: [{ title: 'removeUnusedVariable($first)', text: 'query T {\n  me { id }\n}\n' }],
      },
      {
        name: 'remove an unused variable among others',
        text: 'query T($id: ID!, $first: Int) {\n  task(id: $id) { id }\n}\n',
        expect: [{ title: 'removeUnusedVariable($first)', text: 'query T($id: ID!) {\n  task(id: $id) { id }\n}\n' }],
      },
      {
        name: 'remove an unused fragment',
        text: 'query T { me { id } }\n\nfragment Unused on Task {\n  id\n}\n',
        expect: [{ title: 'removeUnusedFragment(Unused)', text: 'query T { me { id } }\n' }],
      },
      {
        name: 'add a required argument with a placeholder',
        text: '{ search { __typename } }',
        expect: [{ title: 'addRequiredArgument(text)', text: '{ search(text: "") { __typename } }' }],
      },
      {
        name: 'add a required argument after the others',
        text: '{ search(first: 2) { __typename } }',
        expect: [{ title: 'addRequiredArgument(text)', text: '{ search(first: 2, text: "") { __typename } }' }],
      },
      {
        name: 'add selection { id }',
        text: '{ me }',
        expect: [{ title: 'addSelection({ id })', text: '{ me { id } }' }],
      },
      {
        name: 'deprecated field replaced by the one its reason names',
        text: '{ files { edges { node { size } } } }',
        expect: [{ title: 'useReplacement(size, sizeBytes)', text: '{ files { edges { node { sizeBytes } } } }' }],
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const result = fixed(sandbox, c.text, localDiagnostics(sandbox, c.text));
        assert.deepEqual(
          result.map((r) => ({ title: r.title, text: r.text })),
          c.expect,
        );
        for (const r of result) {
          assert.ok(errorsOf(sandbox, r.text).length < errorsOf(sandbox, c.text).length || c.name.startsWith('deprecated'), r.text);
        }
      });
    }

    describe('deprecated arguments and input fields', () => {
      const schema = schemaFromSdl(`
        type Query {
          tasks(first: Int, limit: Int @deprecated(reason: "Use \`first\`."), filter: TaskFilter, old: String @deprecated(reason: "Gone with v2.")): [Task!]!
          flag(on: Boolean @deprecated(reason: "Use off instead")): Boolean
        }
        type Task { id: ID! }
        input TaskFilter {
          dueOn: String
          due: String @deprecated(reason: "Use dueOn, which says it is a date.")
          tag: String @deprecated(reason: "No longer kept.")
        }
        directive @cached(seconds: Int, ttl: Int @deprecated(reason: "Replaced by seconds")) on FIELD
      `).schema;
      const cases: { name: string; text: string; expect: { title: string; text: string }[] }[] = [
        {
          name: 'a deprecated argument replaced by the one its reason names',
          text: '{ tasks(limit: 5) { id } }',
          expect: [{ title: 'useReplacement(limit, first)', text: '{ tasks(first: 5) { id } }' }],
        },
        {
          name: 'a deprecated input field replaced by the one its reason names',
          text: 'query Q {\n  tasks(filter: { due: "2026-01-01" }) { id }\n}\n',
          expect: [{ title: 'useReplacement(due, dueOn)', text: 'query Q {\n  tasks(filter: { dueOn: "2026-01-01" }) { id }\n}\n' }],
        },
        {
          name: 'a deprecated directive argument replaced by the one its reason names',
          text: '{ tasks @cached(ttl: 60) { id } }',
          expect: [{ title: 'useReplacement(ttl, seconds)', text: '{ tasks @cached(seconds: 60) { id } }' }],
        },
      ];
      for (const c of cases) {
        it(c.name, () => {
          const result = fixed(schema, c.text, localDiagnostics(schema, c.text));
          assert.deepEqual(
            result.map((r) => ({ title: r.title, text: r.text })),
            c.expect,
          );
          for (const r of result) {
            assert.deepEqual(errorsOf(schema, r.text), []);
            assert.equal(localDiagnostics(schema, r.text).length, 0, r.text);
          }
        });
      }

      it('a reason naming no usable replacement shows the reason (argument, input field, argument of another type, one already given)', () => {
        for (const [text, name] of [
          ['{ tasks(old: "x") { id } }', 'old'],
          ['{ tasks(filter: { tag: "x" }) { id } }', 'tag'],
          ['{ flag(on: true) }', 'on'],
          ['{ tasks(limit: 5, first: 2) { id } }', 'limit'],
        ] as const) {
          const actions = quickFixes(text, schema, localDiagnostics(schema, text)).filter((a) => a.title.id === 'showDeprecationReason' || a.title.id === 'useReplacement');
          assert.deepEqual(
            actions.map((a) => a.title),
            [{ id: 'showDeprecationReason', args: [name] }],
            text,
          );
          assert.ok(actions[0].reason);
        }
      });
    });

    describe("on GitHub's schema", () => {
      // The package's introspection JSON carries no deprecations; its SDL does.
      let sdl: GraphQLSchema | undefined;
      const github = () => (sdl ??= schemaFromSdl(readFileSync(path.join(githubDir, 'schema.graphql'), 'utf8')).schema);
      const cases: { name: string; text: string; expect: { title: string; text: string }[] }[] = [
        {
          name: 'declare an undefined variable (String! from repository(owner:))',
          text: 'query Repo {\n  repository(owner: $owner, name: "r") { id }\n}\n',
          expect: [{ title: 'declareVariable($owner: String!)', text: 'query Repo($owner: String!) {\n  repository(owner: $owner, name: "r") { id }\n}\n' }],
        },
        {
          name: 'declare an input-object variable of a mutation',
          text: 'mutation Star {\n  addStar(input: $input) { clientMutationId }\n}\n',
          expect: [{ title: 'declareVariable($input: AddStarInput!)', text: 'mutation Star($input: AddStarInput!) {\n  addStar(input: $input) { clientMutationId }\n}\n' }],
        },
        {
          name: 'declare an enum-list variable, nullable as used',
          text: 'query Open {\n  viewer { pullRequests(first: 1, states: $states) { totalCount } }\n}\n',
          expect: [
            {
              title: 'declareVariable($states: [PullRequestState!])',
              text: 'query Open($states: [PullRequestState!]) {\n  viewer { pullRequests(first: 1, states: $states) { totalCount } }\n}\n',
            },
          ],
        },
        {
          name: 'remove an unused variable among others',
          text: 'query V($login: String!, $first: Int) {\n  user(login: $login) { id }\n}\n',
          expect: [{ title: 'removeUnusedVariable($first)', text: 'query V($login: String!) {\n  user(login: $login) { id }\n}\n' }],
        },
        {
          name: 'deprecated field: GitHub\'s "`changedFiles` will be removed. Use `changedFilesIfAvailable` instead."',
          text: '{ repository(owner: "o", name: "r") { object(expression: "HEAD") { ... on Commit { changedFiles } } } }',
          expect: [
            {
              title: 'useReplacement(changedFiles, changedFilesIfAvailable)',
              text: '{ repository(owner: "o", name: "r") { object(expression: "HEAD") { ... on Commit { changedFilesIfAvailable } } } }',
            },
          ],
        },
      ];
      for (const c of cases) {
        it(c.name, () => {
          const schema = github();
          const result = fixed(schema, c.text, localDiagnostics(schema, c.text));
          assert.deepEqual(
            result.map((r) => ({ title: r.title, text: r.text })),
            c.expect,
          );
          for (const r of result) {
            assert.deepEqual(errorsOf(schema, r.text), [], r.text);
          }
        });
      }

      it('deprecations naming no replacement show the reason (Commit.pushedDate, Issue.timeline: its replacement is of another type)', () => {
        const schema = github();
        for (const [text, name] of [
          ['{ repository(owner: "o", name: "r") { object(expression: "HEAD") { ... on Commit { pushedDate } } } }', 'pushedDate'],
          ['{ repository(owner: "o", name: "r") { issue(number: 1) { timeline(first: 1) { totalCount } } } }', 'timeline'],
        ] as const) {
          const actions = quickFixes(text, schema, localDiagnostics(schema, text)).filter((a) => a.title.id === 'showDeprecationReason' || a.title.id === 'useReplacement');
          assert.deepEqual(
            actions.map((a) => a.title),
            [{ id: 'showDeprecationReason', args: [name] }],
            text,
          );
        }
      });

      it('typed placeholders for GitHub input objects with required fields', () => {
        const schema = github();
        const star = typeFromAST(schema, parseType('AddStarInput!')) as GraphQLInputType;
        assert.deepEqual(sidecarPlaceholder(star), { starrableId: '' });
      });
    });

    it('a deprecation whose replacement would not validate offers "Show deprecation reason" instead', () => {
      // Sandbox: `done` (Boolean) -> `status` (an enum): both leaves, the replacement validates.
      const sandboxText = '{ tasks { edges { node { done } } } }';
      const sandboxActions = quickFixes(sandboxText, sandbox, localDiagnostics(sandbox, sandboxText)).filter(
        (a) => a.title.id === 'showDeprecationReason' || a.title.id === 'useReplacement',
      );
      assert.deepEqual(
        sandboxActions.map((a) => a.title),
        [{ id: 'useReplacement', args: ['done', 'status'] }],
      );
      // A replacement that needs a selection set, one the type does not have, a reason naming none: each shows its reason.
      const schema = schemaFromSdl(
        [
          'type Query { item: Item }',
          'type User { id: ID! }',
          'type Item {',
          '  id: ID!',
          '  owner: String @deprecated(reason: "Use `ownerRef` instead.")',
          '  ownerRef: User',
          '  legacy: Int @deprecated(reason: "Use `gone` instead.")',
          '  old: Int @deprecated(reason: "No longer kept.")',
          '}',
        ].join('\n'),
      ).schema;
      const text = '{ item { owner legacy old } }';
      const diagnostics = localDiagnostics(schema, text).filter((d) => /deprecated/.test(d.message));
      assert.equal(diagnostics.length, 3, JSON.stringify(diagnostics));
      const actions = quickFixes(text, schema, diagnostics);
      assert.deepEqual(
        actions.map((a) => ({ title: a.title, reason: a.reason, edits: a.edits.length })),
        [
          { title: { id: 'showDeprecationReason', args: ['owner'] }, reason: 'Use `ownerRef` instead.', edits: 0 },
          { title: { id: 'showDeprecationReason', args: ['legacy'] }, reason: 'Use `gone` instead.', edits: 0 },
          { title: { id: 'showDeprecationReason', args: ['old'] }, reason: 'No longer kept.', edits: 0 },
        ],
      );
      const noReplacement = quickFixes('{ me { id } }', sandbox, [
        { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 9 } }, message: 'The field User.id is deprecated. No longer kept.' },
      ]);
      assert.deepEqual(noReplacement, []);
    });
  });
});

describe('Code actions: refactorings', () => {
  const at = (text: string, marker: string, length = 0) => {
    const i = text.indexOf(marker);
    const before = text.slice(0, i).split('\n');
    const start = { line: before.length - 1, character: before[before.length - 1].length };
    const afterLines = text.slice(0, i + length).split('\n');
    return { start, end: { line: afterLines.length - 1, character: afterLines[afterLines.length - 1].length } };
  };
  const titles = (actions: CoreCodeAction[]) => actions.map((a) => `${a.kind}:${a.title.id}(${a.title.args.join(', ')})`);

  it('extract fragment: the selected fields become a fragment on the parent type, a spread takes their place', () => {
    const text = 'query T {\n  task(id: "1") {\n    id\n    name\n    status\n  }\n}\n';
    const range = at(text, 'id\n    name', 'id\n    name'.length);
    assert.ok(titles(refactorings(text, sandbox, range)).includes('refactor.extract:extractFragment()'));
    const edits = extractFragment(text, sandbox, range, 'TaskBasics');
    assert.ok(edits);
    const out = applyEdits(text, edits);
    assert.equal(out, 'query T {\n  task(id: "1") {\n    ...TaskBasics\n    status\n  }\n}\n\nfragment TaskBasics on Task {\n  id\n  name\n}\n');
    assert.deepEqual(errorsOf(sandbox, out), []);
    assert.equal(extractFragment(text, sandbox, range, 'not a name'), undefined);
  });

  describe('extract fragment into a new gql constant (code templates)', () => {
    const cases: { name: string; host: string; selected: string; expected: string; elsewhere?: string }[] = [
      {
        name: 'a multi-line template of an exported constant',
        host: 'const before = 1;\nexport const Q = gql`\n  query T {\n    task(id: "1") {\n      id\n      name\n      status\n    }\n  }\n`;\n',
        selected: 'id\n      name',
        expected:
          'const before = 1;\nconst TaskBasicsFragment = gql`\n  fragment TaskBasics on Task {\n    id\n    name\n  }\n`;\n\nexport const Q = gql`\n  query T {\n    task(id: "1") {\n      ...TaskBasics\n      status\n    }\n  }\n  ${TaskBasicsFragment}\n`;\n',
      },
      {
        name: 'a template in a call spanning lines, indented in a function',
        host: 'function f() {\n  return useQuery(\n    gql`{ task(id: "1") { id name } }`,\n  );\n}\n',
        selected: 'id name',
        expected:
          'function f() {\n  const TaskBasicsFragment = gql`\n    fragment TaskBasics on Task {\n      id name\n    }\n  `;\n\n  return useQuery(\n    gql`{ task(id: "1") { ...TaskBasics } } ${TaskBasicsFragment}`,\n  );\n}\n',
      },
      {
        name: 'after an existing interpolation, keeping it',
        host: 'const Q = graphql`\n  query T {\n    task(id: "1") {\n      id\n      ...Other\n    }\n  }\n  ${Other}\n`;\n',
        selected: 'id\n',
        elsewhere: 'fragment Other on Task { name }',
        expected:
          'const TaskBasicsFragment = graphql`\n  fragment TaskBasics on Task {\n    id\n  }\n`;\n\nconst Q = graphql`\n  query T {\n    task(id: "1") {\n      ...TaskBasics\n      ...Other\n    }\n  }\n  ${Other}\n  ${TaskBasicsFragment}\n`;\n',
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const [template] = findTemplates(c.host);
        assert.ok(template);
        const at = template.text.indexOf(c.selected);
        const lines = new LineIndex(template.text);
        const edits = extractFragmentToConstant(c.host, template, sandbox, { start: lines.positionAt(at), end: lines.positionAt(at + c.selected.length) }, 'TaskBasics');
        assert.ok(edits);
        let out = c.host;
        for (const e of [...edits].sort((a, b) => b.start - a.start)) {
          out = out.slice(0, e.start) + e.newText + out.slice(e.end);
        }
        assert.equal(out, c.expected);
        const [fragment, query] = findTemplates(out);
        assert.deepEqual(errorsOf(sandbox, `${query.text}\n${fragment.text}\n${c.elsewhere ?? ''}`), []);
      });
    }

    it('is refused when the constant name is already used in the file, or the range cuts a field', () => {
      const host = 'const TaskBasicsFragment = 1;\nconst Q = gql`{ task(id: "1") { id name } }`;\n';
      const [template] = findTemplates(host);
      const lines = new LineIndex(template.text);
      const at = template.text.indexOf('id name');
      const range = { start: lines.positionAt(at), end: lines.positionAt(at + 7) };
      assert.equal(extractFragmentToConstant(host, template, sandbox, range, 'TaskBasics'), undefined);
      assert.equal(extractFragmentToConstant(host, template, sandbox, { start: lines.positionAt(at + 1), end: lines.positionAt(at + 7) }, 'Other'), undefined);
    });
  });

  it('extract fragment is not offered for a range that cuts a selection', () => {
    const text = 'query T { task(id: "1") { id name } }';
    assert.ok(!titles(refactorings(text, sandbox, at(text, 'd name', 4))).includes('refactor.extract:extractFragment()'));
  });

  it('inline fragment: its only spread replaced by its fields, the definition removed', () => {
    const text = 'query T {\n  task(id: "1") {\n    ...TaskBasics\n    status\n  }\n}\n\nfragment TaskBasics on Task {\n  id\n  name\n}\n';
    const actions = refactorings(text, sandbox, at(text, 'TaskBasics'));
    const inline = actions.find((a) => a.title.id === 'inlineFragment');
    assert.ok(inline);
    const out = applyEdits(text, inline.edits);
    assert.equal(out, 'query T {\n  task(id: "1") {\n    id\n    name\n    status\n  }\n}\n');
    assert.deepEqual(errorsOf(sandbox, out), []);
  });

  it('inline fragment on an abstract parent keeps the type condition', () => {
    const text = '{ node(id: "1") { ...F } }\nfragment F on Task { name }\n';
    const inline = refactorings(text, sandbox, at(text, '...F')).find((a) => a.title.id === 'inlineFragment');
    assert.ok(inline);
    const out = applyEdits(text, inline.edits);
    assert.deepEqual(errorsOf(sandbox, out), []);
    assert.match(out, /\.\.\. on Task \{/);
  });

  describe('inline all spreads of a fragment spread more than once', () => {
    const cases: { name: string; text: string; cursor: string; expected: string }[] = [
      {
        name: 'two spreads in two operations, comments kept, the definition removed',
        text: 'query A {\n  task(id: "1") {\n    ...TaskBasics\n  }\n}\n\nquery B {\n  task(id: "2") {\n    status\n    ...TaskBasics\n  }\n}\n\nfragment TaskBasics on Task {\n  id # the key\n  name\n}\n',
        cursor: '...TaskBasics',
        expected: 'query A {\n  task(id: "1") {\n    id # the key\n    name\n  }\n}\n\nquery B {\n  task(id: "2") {\n    status\n    id # the key\n    name\n  }\n}\n',
      },
      {
        name: "from the definition's name, with a spread on an abstract parent and one in another fragment",
        text: 'fragment F on Task { name }\nquery N { node(id: "1") { ...F } }\nfragment G on Task { id ...F }\nquery H { task(id: "1") { ...G } }\n',
        cursor: 'F on',
        expected: 'query N { node(id: "1") { ... on Task {\n  name\n} } }\nfragment G on Task { id name }\nquery H { task(id: "1") { ...G } }\n',
      },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const actions = refactorings(c.text, sandbox, at(c.text, c.cursor));
        const all = actions.find((a) => a.title.id === 'inlineAllSpreads');
        assert.ok(all, titles(actions).join(', '));
        assert.deepEqual(all.title.args, [c.cursor === '...TaskBasics' ? 'TaskBasics' : 'F']);
        const out = applyEdits(c.text, all.edits);
        assert.equal(out, c.expected);
        assert.deepEqual(errorsOf(sandbox, out), []);
      });
    }

    it('is not offered for a fragment spread once, nor when a spread has directives', () => {
      const once = 'query A { task(id: "1") { ...F } }\nfragment F on Task { name }\n';
      assert.ok(!refactorings(once, sandbox, at(once, '...F')).some((a) => a.title.id === 'inlineAllSpreads'));
      const directive = 'query A { task(id: "1") { ...F } task2: task(id: "2") { ...F @include(if: true) } }\nfragment F on Task { name }\n';
      assert.ok(!refactorings(directive, sandbox, at(directive, '...F')).some((a) => a.title.id === 'inlineAllSpreads'));
    });
  });

  it('add __typename to a selection set on an interface or union', () => {
    const text = '{\n  search(text: "a") {\n    ... on Task { name }\n  }\n}\n';
    const action = refactorings(text, sandbox, at(text, '... on')).find((a) => a.title.id === 'addTypename');
    assert.ok(action);
    assert.equal(applyEdits(text, action.edits), '{\n  search(text: "a") {\n    __typename\n    ... on Task { name }\n  }\n}\n');
    assert.ok(!refactorings(text, sandbox, at(text, 'name')).some((a) => a.title.id === 'addTypename'));
  });

  it('name an anonymous operation after its first field, unique in the document', () => {
    const cases: [string, string][] = [
      ['{ tasks { totalCount } }', 'query Tasks { tasks { totalCount } }'],
      ['query { me { id } }', 'query Me { me { id } }'],
      ['query ($id: ID!) { task(id: $id) { id } }\nquery Task { me { id } }', 'query Task2($id: ID!) { task(id: $id) { id } }\nquery Task { me { id } }'],
    ];
    for (const [text, expect] of cases) {
      const action = refactorings(text, sandbox, at(text, 'id')).find((a) => a.title.id === 'nameOperation');
      assert.ok(action, text);
      assert.equal(applyEdits(text, action.edits), expect);
    }
  });

  it("on GitHub's schema: extract a fragment on Repository and add __typename on a union", () => {
    const { schema } = schemaFromIntrospection(readFileSync(path.join(githubDir, 'schema.json'), 'utf8'));
    const text =
      'query R {\n  repository(owner: "o", name: "n") {\n    name\n    stargazerCount\n    issueOrPullRequest(number: 1) {\n      ... on Issue { title }\n    }\n  }\n}\n';
    const edits = extractFragment(schema && text, schema, at(text, 'name\n    stargazerCount', 'name\n    stargazerCount'.length), 'RepoBasics');
    assert.ok(edits);
    const out = applyEdits(text, edits);
    assert.match(out, /fragment RepoBasics on Repository \{\n {2}name\n {2}stargazerCount\n\}/);
    assert.deepEqual(errorsOf(schema, out), []);
    const typename = refactorings(text, schema, at(text, '... on Issue')).find((a) => a.title.id === 'addTypename');
    assert.ok(typename);
    assert.deepEqual(errorsOf(schema, applyEdits(text, typename.edits)), []);
  });
});

describe('Code actions: variables and the sidecar', () => {
  const type = (name: string) => {
    const t = typeFromAST(sandbox, parseType(name));
    assert.ok(t);
    return t as GraphQLInputType;
  };

  it('typed placeholders: the enum first value, 0, "", false, [], input objects with their required fields', () => {
    const cases: [string, unknown][] = [
      ['TaskPriority!', 'LOW'],
      ['Int', 0],
      ['String', ''],
      ['ID!', ''],
      ['Boolean!', false],
      ['[ID!]!', []],
      ['TaskFilter', {}],
    ];
    for (const [name, expect] of cases) {
      assert.deepEqual(sidecarPlaceholder(type(name)), expect, name);
    }
    const { schema } = schemaFromIntrospection(readFileSync(path.join(githubDir, 'schema.json'), 'utf8'));
    const order = typeFromAST(schema, parseType('IssueOrder!')) as GraphQLInputType;
    assert.deepEqual(sidecarPlaceholder(order), { field: 'CREATED_AT', direction: 'ASC' });
  });

  it('adds a variable to the operation entry (keeping the file’s formatting and comments), creates the file, and removes a key', () => {
    const sidecar = '{\n  // kept\n  "UrgentTasks": {\n    "priority": "HIGH"\n  }\n}\n';
    assert.equal(addToSidecar(sidecar, 'UrgentTasks', 'first', 0), '{\n  // kept\n  "UrgentTasks": {\n    "priority": "HIGH",\n    "first": 0\n  }\n}\n');
    assert.equal(addToSidecar(undefined, 'Q', 'id', ''), '{\n  "Q": {\n    "id": ""\n  }\n}\n');
    assert.equal(addToSidecar(sidecar, 'Other', 'id', ''), '{\n  // kept\n  "UrgentTasks": {\n    "priority": "HIGH"\n  },\n  "Other": {\n    "id": ""\n  }\n}\n');
    assert.equal(removeFromSidecar(sidecar, 'UrgentTasks', 'priority'), '{\n  // kept\n  "UrgentTasks": {\n  }\n}\n');
    assert.equal(sidecarHas(sidecar, 'UrgentTasks', 'priority'), true);
    assert.equal(sidecarHas(sidecar, 'UrgentTasks', 'first'), false);
    assert.equal(sidecarHas(undefined, 'UrgentTasks', 'priority'), false);
  });

  it('finds the variable definition under the cursor with its type and operation key', () => {
    const text = 'query UrgentTasks($priority: TaskPriority!, $first: Int) { tasks(first: $first, filter: { priority: $priority }) { totalCount } }';
    const at = (i: number) => ({ start: { line: 0, character: i }, end: { line: 0, character: i } });
    const v = variableAt(text, sandbox, at(text.indexOf('$first')));
    assert.equal(v?.operationKey, 'UrgentTasks');
    assert.equal(v?.name, 'first');
    assert.equal(String(v?.type), 'Int');
    assert.equal(variableAt(text, sandbox, at(text.indexOf('totalCount'))), undefined);
    assert.equal(variableAt('{ me { id } }', sandbox, at(3)), undefined);
  });

  it('extract variable: the literal becomes $<argument> declared with the argument type, its value for the sidecar', () => {
    const cases: { text: string; at: string; expect: string; value: unknown; key: string }[] = [
      {
        text: 'query T {\n  tasks(first: 5) { totalCount }\n}\n',
        at: '5)',
        expect: 'query T($first: Int) {\n  tasks(first: $first) { totalCount }\n}\n',
        value: 5,
        key: 'T',
      },
      {
        text: 'query T($first: Int) {\n  tasks(first: $first, filter: { priority: HIGH }) { totalCount }\n}\n',
        at: 'filter',
        expect: 'query T($first: Int, $filter: TaskFilter) {\n  tasks(first: $first, filter: $filter) { totalCount }\n}\n',
        value: { priority: 'HIGH' },
        key: 'T',
      },
      { text: '{ task(id: "task-1") { name } }', at: 'id:', expect: 'query ($id: ID!) { task(id: $id) { name } }', value: 'task-1', key: '(anonymous)' },
    ];
    for (const c of cases) {
      const i = c.text.indexOf(c.at);
      const lines = c.text.slice(0, i).split('\n');
      const pos = { line: lines.length - 1, character: lines[lines.length - 1].length };
      const found = extractVariable(c.text, sandbox, { start: pos, end: pos });
      assert.ok(found, c.text);
      const out = applyEdits(c.text, found.edits);
      assert.equal(out, c.expect);
      assert.deepEqual(found.value, c.value);
      assert.equal(found.operationKey, c.key);
      assert.deepEqual(errorsOf(sandbox, out), []);
    }
    const variableAlready = 'query T($first: Int) { tasks(first: $first) { totalCount } }';
    const p = { line: 0, character: variableAlready.indexOf('first:') };
    assert.equal(extractVariable(variableAlready, sandbox, { start: p, end: p }), undefined);
  });
});

describe('Code actions: on the language service’s parses of the text', () => {
  it('the same fixes and refactorings as from the text alone (indented definitions, a broken one, two versions)', () => {
    const texts = [
      'query Tasks {\n  tasks(filter: { priority: $priority }) { totalCount }\n}\n',
      '  query T($first: Int) {\n    me { id nmae }\n  }\n\n  fragment Unused on Task {\n    id\n  }\n',
      '\n    { files { edges { node { size } } } }\n    { search { __typename } }\n    query X { me { id } \n',
      '{ tasks { edges { node { id nmae ...F } } } }\n\nfragment F on Task { name }\nfragment G on Task { name }\n',
    ];
    const store = new DocumentStore();
    let fixes = 0;
    let refactors = 0;
    for (const text of texts) {
      for (const version of [1, 2]) {
        // Version 2 is re-split from version 1 with one blank more at the start (the parses reused).
        const t = version === 1 ? text : ` ${text}`;
        const prepared = new ActionText(t, store.get(document(t, 'file:///ws/prepared.graphql')).definitionParses());
        const alone = new ActionText(t);
        const diagnostics = localDiagnostics(sandbox, t);
        assert.deepEqual(quickFixes(prepared, sandbox, diagnostics), quickFixes(alone, sandbox, diagnostics), t);
        const lines = new LineIndex(t);
        for (let offset = 0; offset <= t.length; offset += 3) {
          const at = lines.positionAt(offset);
          const range = { start: at, end: lines.positionAt(Math.min(t.length, offset + 12)) };
          const expected = refactorings(alone, sandbox, range);
          assert.deepEqual(refactorings(prepared, sandbox, range), expected, `${t} at ${offset}`);
          refactors += expected.length;
        }
        fixes += quickFixes(alone, sandbox, diagnostics).length;
      }
    }
    assert.ok(fixes >= 8 && refactors >= 20, `not vacuous: ${fixes} fixes, ${refactors} refactorings`);
  });
});

describe('Code actions: work kept across versions of the text', () => {
  const base = [
    'query A {\n  tasks(first: 5) { edges { node { id nmae priorty } } }\n}\n',
    'query B($id: ID!) {\n  task(id: $id) { nmae status }\n}\n',
    'fragment F on Task {\n  id\n  dueDat\n}\n',
    '{ me { id nmae } files(first: 2) { edges { node { sise } } } }\n',
  ];

  it('a walk around an offset visits the nodes that hold it, with the type information of the whole walk', () => {
    const texts = [...base, readFileSync(path.join(__dirname, '../../../fixtures/parity/github.graphql'), 'utf8')];
    const github = schemaFromIntrospection(readFileSync(path.join(githubDir, 'schema.json'), 'utf8')).schema;
    let compared = 0;
    for (const text of texts) {
      const schema = text.length > 1000 ? github : sandbox;
      for (const def of parse(text).definitions) {
        const walk = (around?: number) => {
          const out: { start: number; end: number; seen: string }[] = [];
          walkTyped(
            schema,
            def,
            (node, info) => {
              const seen = `${node.kind}@${node.loc?.start} ${String(info.getParentType())} ${String(info.getType())} ${String(info.getInputType())} ${info.getFieldDef()?.name} ${info.getArgument()?.name}`;
              out.push({ start: node.loc?.start ?? -1, end: node.loc?.end ?? -1, seen });
            },
            around,
          );
          return out;
        };
        const whole = walk();
        for (let at = def.loc!.start - 1; at <= def.loc!.end + 1; at += 2) {
          const expected = whole.filter((n) => n.seen.startsWith('Document@') || (n.start <= at && at <= n.end)).map((n) => n.seen);
          assert.deepEqual(
            walk(at).map((n) => n.seen),
            expected,
            `at ${at}`,
          );
          compared += expected.length;
        }
      }
    }
    assert.ok(compared > 1000, `not vacuous: ${compared} nodes compared`);
  });
});
