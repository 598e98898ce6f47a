import * as assert from 'node:assert/strict';
import { codeBlock, diagnosticsText, pickOperation, runAnswerText, toolDiagnostics } from '../../../../src/core/agentTools/operationText';
import { unavailableSentence, type ToolUnavailable } from '../../../../src/core/agentTools/toolStates';

describe('agent tools: operations', () => {
  const picks: { name: string; doc: string; operationName?: string; variables?: Record<string, unknown>; expect: RegExp | object }[] = [
    { name: 'the only operation', doc: 'query A { me { id } }', expect: { ok: true, name: 'A', type: 'query', missingVariables: [] } },
    { name: 'a named one of several', doc: 'query A { me { id } }\nmutation B { x }', operationName: 'B', expect: { ok: true, name: 'B', type: 'mutation', missingVariables: [] } },
    { name: 'several without a name', doc: 'query A { me { id } }\nquery B { me { id } }', expect: /holds 2 operations \("A", "B"\): say which one with operationName/ },
    { name: 'a name it does not hold', doc: 'query A { me { id } }', operationName: 'Z', expect: /no operation named "Z"; it holds "A"/ },
    { name: 'a syntax error', doc: 'query {', expect: /syntax error at line 1/ },
    {
      name: 'required variables not given (defaults and nullable ones are not required)',
      doc: 'query A($id: ID!, $n: Int! = 3, $o: String, $p: ID!) { task(id: $id) { id } }',
      variables: { p: 'x' },
      expect: { ok: true, name: 'A', type: 'query', missingVariables: ['id'] },
    },
  ];
  for (const c of picks) {
    it(`picks ${c.name}`, () => {
      const picked = pickOperation(c.doc, c.operationName, c.variables);
      if (c.expect instanceof RegExp) {
        assert.ok(!picked.ok);
        assert.match(picked.message, c.expect);
      } else {
        assert.deepEqual(picked, c.expect);
      }
    });
  }

  it('tells diagnostics 1-based with the suggestions of a did-you-mean message', () => {
    const diagnostics = toolDiagnostics([
      {
        range: { start: { line: 2, character: 19 }, end: { line: 2, character: 23 } },
        message: 'Cannot query field "nmae" on type "Task". Did you mean "name"?',
        severity: 'error',
        source: 'GraphQL',
      },
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } },
        message: 'The field Task.done is deprecated.',
        severity: 'warning',
        source: 'GraphQL',
        deprecated: true,
      },
    ]);
    assert.deepEqual(diagnostics[0], {
      severity: 'error',
      line: 3,
      column: 20,
      endLine: 3,
      endColumn: 24,
      message: 'Cannot query field "nmae" on type "Task". Did you mean "name"?',
      suggestions: ['name'],
    });
    assert.equal(diagnostics[1].deprecated, true);
    assert.match(diagnosticsText(diagnostics, 'Sandbox', 10_000), /^Against the schema of Sandbox the document has 1 error and 1 warning/);
    assert.equal(diagnosticsText([], 'Sandbox', 10_000), 'The document is valid against the schema of Sandbox: no problems.');
  });

  it('sizes a run answer to the budget and says how to ask for less', () => {
    const body = { data: { tasks: Array.from({ length: 500 }, (_, i) => ({ id: `task-${i}`, name: 'x'.repeat(20) })) } };
    const text = runAnswerText({ environment: 'Sandbox', operation: 'Tasks', status: 200, body, graphqlErrors: 0 }, 2000);
    assert.ok(text.length <= 2000);
    assert.match(text, /^Tasks ran on Sandbox \(HTTP 200\) with the person's session/);
    assert.match(text, /\[Cut: \d+ of \d+ characters shown\. Select fewer fields.*jsonPath/);
    assert.match(
      runAnswerText({ environment: 'Sandbox', operation: 'Tasks', failure: 'The Service answered 401.', graphqlErrors: 0 }, 2000),
      /did not run to an answer on Sandbox: The Service answered 401\./,
    );
  });

  it('fences an agent’s text so that it cannot close the block, without invisible characters', () => {
    assert.equal(codeBlock('query { a }', 'graphql'), '```graphql\nquery { a }\n```');
    assert.equal(codeBlock('a ```` b\u202e', 'graphql'), '`````graphql\na ```` b\n`````');
  });

  it('answers every state it cannot work in with a sentence saying what to do', () => {
    const states: ToolUnavailable[] = [
      { kind: 'disabled' },
      { kind: 'noEnvironment' },
      { kind: 'unknownEnvironment', name: 'X', known: ['Sandbox'] },
      { kind: 'restricted' },
      { kind: 'notAllowed', environment: 'Repo' },
      { kind: 'signedOut', environment: 'Sandbox' },
      { kind: 'noSchema', environment: 'Sandbox', signedIn: false },
      { kind: 'noSchema', environment: 'Sandbox', signedIn: true },
      { kind: 'readOnly', environment: 'Prod', operation: 'Add' },
      { kind: 'missingVariables', operation: 'Q', names: ['id'] },
      { kind: 'tooLarge', limit: 10 },
    ];
    for (const state of states) {
      const sentence = unavailableSentence(state);
      assert.match(sentence, /^[A-Z"T].*\.$/s, `${state.kind}: ${sentence}`);
    }
    assert.match(unavailableSentence({ kind: 'signedOut', environment: 'Sandbox' }), /"Tenant GraphQL: Sign In"/);
  });
});
