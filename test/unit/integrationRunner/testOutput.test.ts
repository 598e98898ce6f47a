/** The tests' side of the workbench console (scripts/integration/testOutput.mjs): markers, the payload and the address. */
import * as assert from 'node:assert/strict';
import { HARNESS_MARKER, TEST_OUTPUT_MARKER, classifyLine, testPayload, workbenchUrl } from '../../../scripts/integration/testOutput.mjs';

describe('integration runner: test output', () => {
  it('parses a harness instruction wherever the marker is in the line', () => {
    assert.deepEqual(classifyLine(`log: ${HARNESS_MARKER}{"consent":"deny","user":"bob"}`), { kind: 'harness', instruction: { consent: 'deny', user: 'bob' } });
  });

  it('relays a test line without its marker, noting a result shown in its document', () => {
    assert.deepEqual(classifyLine(`x ${TEST_OUTPUT_MARKER}  3 passing`), { kind: 'test', text: '  3 passing', inDocument: false });
    assert.equal((classifyLine(`${TEST_OUTPUT_MARKER}(Sandbox: shown in the document)`) as { inDocument: boolean }).inDocument, true);
  });

  it('leaves the rest as the workbench’s console', () => {
    assert.deepEqual(classifyLine('[Extension Host] hello'), { kind: 'console', text: '[Extension Host] hello' });
  });

  it('keeps the markers the tests use (invisible separator, then a tag)', () => {
    assert.equal(TEST_OUTPUT_MARKER, '\u2063[tgq-test] ');
    assert.equal(HARNESS_MARKER, '\u2063[tgq-harness] ');
  });

  it('opens a folder, or a multi-root workspace, with the payload', () => {
    const payload = testPayload('/repo', { TENANT_GRAPHQL_TEST_SUITE: 'main' });
    assert.deepEqual(payload[0], ['extensionDevelopmentPath', 'vscode-remote://remote/repo']);
    assert.deepEqual(payload[1], ['extensionTestsPath', 'vscode-remote://remote/repo/out/integration/index.js']);
    assert.deepEqual(JSON.parse(payload[2][1]), { TENANT_GRAPHQL_TEST_SUITE: 'main' });
    const folder = new URL(workbenchUrl('http://127.0.0.1:9', { workspace: '/t/workspace-main', multiRoot: undefined }, payload));
    assert.equal(folder.searchParams.get('folder'), '/t/workspace-main');
    assert.deepEqual(JSON.parse(folder.searchParams.get('payload') ?? ''), payload);
    const multi = new URL(workbenchUrl('http://127.0.0.1:9', { workspace: '/t/w', multiRoot: '/t/w/folders.code-workspace' }, payload));
    assert.equal(multi.searchParams.get('workspace'), '/t/w/folders.code-workspace');
    assert.equal(multi.searchParams.get('folder'), null);
  });
});
