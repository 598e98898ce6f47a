import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FilterClient } from '../../../../src/core/results/filterClient';
import { comparableText } from '../../../../src/core/run/runCompare';
import { RunStore } from '../../../../src/core/run/runStore';
import { parseExtensionMessage, storedShowMessage, type RunResultView } from '../../../../src/shared/resultsMessages';

/**
 * A run reopened from the history goes as the extension does it (HistoryStore.result, ResultsPanel):
 * the body file's bytes read by the store, read in the filter worker (decoded there), and posted to
 * the page as those bytes, which the page decodes and parses (parseExtensionMessage).
 */
describe('reopening a stored run: the file as bytes from disk to the page', () => {
  let dir: string;
  let client: FilterClient;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tgq-reopen-bytes-'));
    client = new FilterClient({ script: path.join(__dirname, '../../../../src/core/results/filterWorker.ts'), execArgv: ['--require', 'tsx/cjs'] });
  });
  afterEach(async () => {
    client.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  async function reopen(answerText: string, runId: string): Promise<{ sent: ReturnType<typeof storedShowMessage>; view: RunResultView }> {
    const store = new RunStore({ dir, maxRuns: () => 50, maxBytes: () => 100 * 1024 * 1024, report: (p) => assert.fail(p) });
    await store.load();
    const view: RunResultView = { runId, operationName: 'Odd', environment: 'Sandbox', status: 200, at: '2026-01-01T00:00:00.000Z' };
    await store.add({
      documentUri: 'file:///w/a.graphql',
      operationName: 'Odd',
      variables: {},
      status: 200,
      durationMs: 1,
      environment: 'Sandbox',
      view,
      bodyBytes: Buffer.from(answerText),
    });
    const read = await store.readView(runId);
    assert.ok('head' in read && read.bytes !== undefined, 'the body is kept');
    assert.ok(read.bytes instanceof Uint8Array);
    assert.equal(Buffer.from(read.bytes).toString('utf8'), answerText, 'the bytes as stored');
    const checked = await client.read(runId, read.bytes);
    assert.ok(checked.ok, 'the worker read the bytes');
    return { sent: storedShowMessage(read.head, read.bytes, checked.errors), view: read.head };
  }

  it('posts the file bytes (a plain Uint8Array, no text made on the host); the page gets the answer with errors normalised and hostile strings as data', async () => {
    const answer = {
      data: { me: { name: '<img src=x onerror=alert(1)>', bidi: 'ünï \u202etxt.exe' } },
      errors: [{ message: 42, locations: [{ line: 1, column: 1 }] }, { message: { html: '<script>alert(1)</script>' } }, 'down'],
      extensions: { cost: 1 },
    };
    const { sent } = await reopen(JSON.stringify(answer), 'stored-bytes');
    assert.equal(sent.bodyRaw, true);
    assert.equal(sent.bodyJson, undefined, 'no text of the answer on the extension host');
    assert.equal(sent.bodyBytes?.constructor, Uint8Array, 'VS Code carries typed arrays by reference only when plain (not a Buffer)');
    assert.equal(sent.bodyBytes?.byteLength, sent.bodyBytes?.buffer.byteLength, 'VS Code sends the whole ArrayBuffer of a view');
    // Bug 4: errors whose message is not a string are shown as a live run shows them.
    assert.deepEqual(sent.view.body, {
      errors: [
        { message: '{"message":42,"locations":[{"line":1,"column":1}]}', locations: [{ line: 1, column: 1 }] },
        { message: '{"message":{"html":"<script>alert(1)</script>"}}' },
        { message: 'down' },
      ],
    });
    const shown = parseExtensionMessage(sent);
    assert.ok(shown?.type === 'show', 'the page accepts the reopened run');
    assert.deepEqual(shown.view.body, { data: answer.data, errors: sent.view.body?.errors, extensions: { cost: 1 } });
    // The worker kept what it read for the filter: no second copy is asked for.
    const filtered = await client.filter('stored-bytes', '$.data.me.name', () => assert.fail('the worker keeps the read answer'));
    assert.ok(filtered.ok && filtered.total === 1);
    // Copy JSON and Copy as CSV of a reopened run take the same bytes.
    assert.deepEqual(JSON.parse(await client.pretty(sent.bodyBytes!, { sortKeys: false })), answer);
  });

  it("gives a diff's side as the file's bytes, printed in the worker as the text it was printed from", async () => {
    const answer = { data: { b: [{ y: 2, x: 1 }], a: 'ünï' } };
    await reopen(JSON.stringify(answer), 'stored-diff');
    const store = new RunStore({ dir, maxRuns: () => 50, maxBytes: () => 100 * 1024 * 1024, report: (p) => assert.fail(p) });
    await store.load();
    const side = await store.viewBytes('stored-diff');
    assert.ok(side?.bytes instanceof Uint8Array, 'the body as bytes');
    assert.equal(await client.pretty(side.bytes), comparableText({ body: answer as RunResultView['body'] }));
    assert.equal(await store.viewBytes('no-such-run'), undefined);
  });

  it('keeps the 100,000-deep answer alive through the bytes path', async () => {
    const deep = `{"data":${'{"d":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    const { sent } = await reopen(deep, 'stored-deep');
    assert.equal(sent.bodyJson, undefined);
    const shown = parseExtensionMessage(sent);
    assert.ok(shown?.type === 'show', 'the page accepts the deep answer');
    let node: unknown = shown.view.body?.data;
    let depth = 0;
    while (typeof node === 'object' && node !== null) {
      node = (node as { d: unknown }).d;
      depth++;
    }
    assert.equal(depth, 100_000);
    assert.equal(node, 1);
  });

  it('a stored file that is not an answer is refused by the worker (the history sets it aside)', async () => {
    for (const bad of ['[1, 2]', 'null', '{"data":', '\u00ff\u00fe']) {
      assert.ok(!(await client.read(`bad-${bad.length}`, Buffer.from(bad))).ok, bad);
    }
  });
});
