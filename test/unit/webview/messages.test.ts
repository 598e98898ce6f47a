import * as assert from 'node:assert/strict';
import { isRunResultView, parseExtensionMessage, parseWebviewMessage, storedShowMessage } from '../../../src/shared/resultsMessages';
import { decideWebviewMessage, responseJsonText, suggestedFileName } from '../../../src/results/messagePolicy';
import type { RunResultView } from '../../../src/shared/resultsMessages';

const doc = 'file:///work/tasks.graphql';
const shown: RunResultView = {
  runId: 'run-7',
  operationName: 'Tasks',
  environment: 'Sandbox',
  documentUri: doc,
  status: 200,
  at: '2026-01-01T00:00:00.000Z',
  body: {
    data: null,
    errors: [{ message: 'Cannot query field "titel" on type "Task". Did you mean "title"?', locations: [{ line: 3, column: 5 }] }, { message: 'no location' }],
  },
};

describe('results webview messages', () => {
  describe('parseWebviewMessage drops anything malformed', () => {
    const cases: [string, unknown][] = [
      ['not an object', 'reveal'],
      ['null', null],
      ['an array', [{ type: 'ready' }]],
      ['unknown type', { type: 'runCommand', command: 'workbench.action.quit' }],
      ['reveal without position', { type: 'reveal', runId: 'r', documentUri: doc }],
      ['reveal with line 0', { type: 'reveal', runId: 'r', documentUri: doc, line: 0, column: 1 }],
      ['reveal with fractional column', { type: 'reveal', runId: 'r', documentUri: doc, line: 1, column: 1.5 }],
      ['reveal with a string line', { type: 'reveal', runId: 'r', documentUri: doc, line: '1', column: 1 }],
      ['reveal with a huge uri', { type: 'reveal', runId: 'r', documentUri: 'x'.repeat(9000), line: 1, column: 1 }],
      ['copy without run id', { type: 'copyJson' }],
      ['copy with empty run id', { type: 'copyJson', runId: '' }],
      ['rendered with negative count', { type: 'rendered', runId: 'r', treeItems: -1 }],
      ['ready with a non-string run id', { type: 'ready', shownRunId: 3 }],
      ['filter without an expression', { type: 'filter', runId: 'r' }],
      ['filter with a huge expression', { type: 'filter', runId: 'r', expression: '$'.repeat(2001) }],
    ];
    for (const [name, raw] of cases) {
      it(name, () => assert.equal(parseWebviewMessage(raw), undefined));
    }
  });

  it('keeps only the known fields of a valid message', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'reveal', runId: 'r', documentUri: doc, line: 2, column: 3, extra: 'x' }), {
      type: 'reveal',
      runId: 'r',
      documentUri: doc,
      line: 2,
      column: 3,
    });
  });

  it('cuts long error reports from the webview', () => {
    const m = parseWebviewMessage({ type: 'webviewError', message: 'e'.repeat(5000) });
    assert.ok(m && m.type === 'webviewError' && m.message.length === 2000);
  });

  describe('decideWebviewMessage checks messages against the shown run', () => {
    const cases: [string, unknown, RunResultView | undefined, boolean][] = [
      ['reveal of an error location of the shown run', { type: 'reveal', runId: 'run-7', documentUri: doc, line: 3, column: 5 }, shown, true],
      ['reveal of another document', { type: 'reveal', runId: 'run-7', documentUri: 'file:///etc/passwd', line: 3, column: 5 }, shown, false],
      ['reveal of a position no error has', { type: 'reveal', runId: 'run-7', documentUri: doc, line: 30, column: 1 }, shown, false],
      ['reveal for an older run', { type: 'reveal', runId: 'run-6', documentUri: doc, line: 3, column: 5 }, shown, false],
      ['reveal with nothing shown', { type: 'reveal', runId: 'run-7', documentUri: doc, line: 3, column: 5 }, undefined, false],
      ['reveal when the run has no document', { type: 'reveal', runId: 'run-7', documentUri: doc, line: 3, column: 5 }, { ...shown, documentUri: undefined }, false],
      ['copy of the shown run', { type: 'copyJson', runId: 'run-7' }, shown, true],
      ['save of an older run', { type: 'saveJson', runId: 'run-1' }, shown, false],
      ['open without a body', { type: 'openJson', runId: 'run-7' }, { ...shown, body: undefined, failure: { title: 't', message: 'm' } }, false],
      ['ready', { type: 'ready' }, undefined, true],
      ['a malformed message', { type: 'reveal' }, shown, false],
    ];
    for (const [name, raw, current, accept] of cases) {
      it(`${accept ? 'accepts' : 'refuses'} ${name}`, () => assert.equal(decideWebviewMessage(raw, current).accept, accept));
    }
  });

  describe('views the webview accepts', () => {
    const cases: [string, unknown, boolean][] = [
      ['a full view', shown, true],
      ['a failure view', { runId: 'r', environment: 'e', at: 'now', failure: { title: 't', message: 'm', bodyText: '<html>' } }, true],
      ['no run id', { environment: 'e', at: 'now' }, false],
      ['status as text', { ...shown, status: '200' }, false],
      ['errors not an array', { ...shown, body: { errors: 'boom' } }, false],
      ['an error without a message', { ...shown, body: { errors: [{ locations: [] }] } }, false],
      ['failure without a title', { runId: 'r', environment: 'e', at: 'now', failure: { message: 'm' } }, false],
    ];
    for (const [name, view, ok] of cases) {
      it(`${ok ? 'accepts' : 'refuses'} ${name}`, () => {
        assert.equal(isRunResultView(view), ok);
        assert.equal(parseExtensionMessage({ type: 'show', view }) !== undefined, ok);
      });
    }
  });

  it('gives the whole body as pretty JSON for Copy/Save/Open, and nothing without a body', () => {
    assert.equal(responseJsonText(shown), `${JSON.stringify(shown.body, null, 2)}\n`);
    assert.equal(responseJsonText({ ...shown, body: undefined }), undefined);
  });

  const names: [string | undefined, string][] = [
    ['Tasks', 'Tasks.result.json'],
    [undefined, 'result.result.json'],
    ['../../etc/x', '.._.._etc_x.result.json'],
  ];
  for (const [operationName, file] of names) {
    it(`suggests ${file} for ${String(operationName)}`, () => assert.equal(suggestedFileName({ operationName }), file));
  }

  describe('filter messages', () => {
    it('a filter about the shown run is accepted (fields copied), others are not', () => {
      const ok = decideWebviewMessage({ type: 'filter', runId: 'run-7', expression: '$..id', extra: 1 }, shown);
      assert.deepEqual(ok, { accept: true, message: { type: 'filter', runId: 'run-7', expression: '$..id' } });
      assert.equal(decideWebviewMessage({ type: 'filter', runId: 'run-6', expression: '$..id' }, shown).accept, false);
      assert.equal(decideWebviewMessage({ type: 'filter', runId: 'run-7', expression: '$..id' }, { ...shown, body: undefined }).accept, false);
    });

    it('Run Again is about the shown run, which must come from a document', () => {
      assert.equal(decideWebviewMessage({ type: 'runAgain', runId: 'run-7' }, shown).accept, true);
      assert.equal(decideWebviewMessage({ type: 'runAgain', runId: 'run-6' }, shown).accept, false);
      assert.equal(decideWebviewMessage({ type: 'runAgain', runId: 'run-7' }, { ...shown, documentUri: undefined }).accept, false);
    });

    it('a table export names the shown run, a path of keys and a known format', () => {
      assert.equal(
        decideWebviewMessage({ type: 'tableExport', runId: 'run-7', path: ['data', 'tasks', 0], format: 'copyCsv', sort: { column: 'id', direction: 'ascending' } }, shown).accept,
        true,
      );
      assert.equal(decideWebviewMessage({ type: 'tableExport', runId: 'run-7', path: ['data', -1], format: 'copyCsv' }, shown).accept, false);
      assert.equal(decideWebviewMessage({ type: 'tableExport', runId: 'run-7', path: ['data'], format: 'exec' }, shown).accept, false);
      assert.equal(decideWebviewMessage({ type: 'tableExport', runId: 'run-7', path: ['data'], format: 'copyCsv', sort: { column: 1 } }, shown).accept, false);
      assert.deepEqual(parseExtensionMessage({ type: 'showTable', runId: 'r', path: ['data', 'x'] }), { type: 'showTable', runId: 'r', path: ['data', 'x'] });
      assert.equal(parseExtensionMessage({ type: 'showTable', runId: 'r', path: 'data' }), undefined);
    });

    it('the webview checks filter results and setFilter from the extension', () => {
      const result = { ok: true, expression: '$..id', total: 1, matches: [{ path: "$['a']", valueJson: '"<b>"' }] };
      assert.deepEqual(parseExtensionMessage({ type: 'filterResult', runId: 'r', result }), { type: 'filterResult', runId: 'r', result });
      assert.deepEqual(parseExtensionMessage({ type: 'filterResult', runId: 'r', result: { ok: false, expression: '$[', message: 'bad' } })?.type, 'filterResult');
      assert.equal(parseExtensionMessage({ type: 'filterResult', runId: 'r', result: { ...result, matches: [{ path: 1 }] } }), undefined);
      assert.equal(parseExtensionMessage({ type: 'filterResult', runId: 'r', result: { ok: true, expression: '$' } }), undefined);
      assert.deepEqual(parseExtensionMessage({ type: 'setFilter', runId: 'r', expression: '$.data' }), { type: 'setFilter', runId: 'r', expression: '$.data' });
      assert.equal(parseExtensionMessage({ type: 'setFilter', runId: 'r', expression: 5 }), undefined);
    });
  });
  it('a run reopened from the history whose stored errors have no string message is shown, its errors as the worker normalised them', () => {
    const view: RunResultView = { runId: 'stored-42', environment: 'Dev', at: '2026-01-01T00:00:00Z' };
    const text = '{"data":{"a":"<img src=x onerror=alert(1)>"},"errors":[{"message":42}],"extensions":{"cost":1},"other":1}';
    const shown = parseExtensionMessage(storedShowMessage(view, text, [{ message: '{"message":42}' }]));
    assert.ok(shown?.type === 'show', 'the page accepts the reopened run');
    assert.deepEqual(shown.view.body, { data: { a: '<img src=x onerror=alert(1)>' }, errors: [{ message: '{"message":42}' }], extensions: { cost: 1 } });
    // Without errors the body is what the text holds of data and extensions; a text that is not an object is refused.
    const plain = parseExtensionMessage(storedShowMessage(view, '{"data":{"b":[1]}}', undefined));
    assert.deepEqual(plain?.type === 'show' && plain.view.body, { data: { b: [1] } });
    assert.equal(parseExtensionMessage(storedShowMessage(view, '[1]', undefined)), undefined);
    // The stored text as it is never passes the page's check of error messages (what the panel sent before).
    assert.equal(parseExtensionMessage({ type: 'show', view, bodyJson: '{"errors":[{"message":42}]}' }), undefined);
  });
});
