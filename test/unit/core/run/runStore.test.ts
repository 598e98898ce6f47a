import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RunStore, type RunToStore } from '../../../../src/core/run/runStore';
import type { RunResultView } from '../../../../src/shared/resultsMessages';

const T0 = Date.parse('2025-01-01T12:00:00Z');
let dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tgq-runstore-'));
  dirs.push(dir);
  return dir;
}

function store(dir: string, options: { maxRuns?: number; maxBytes?: number; reports?: string[] } = {}): RunStore {
  return new RunStore({
    dir,
    maxRuns: () => options.maxRuns ?? 50,
    maxBytes: () => options.maxBytes ?? 100 * 1024 * 1024,
    report: (p) => options.reports?.push(p),
  });
}

let serial = 0;
function runOf(operationName: string, body: unknown = { data: { n: operationName } }, extra: Partial<RunResultView> = {}): RunToStore {
  const runId = `run-${String(++serial).padStart(4, '0')}`;
  const at = new Date(T0 + serial * 1000).toISOString();
  const view: RunResultView = { runId, operationName, environment: 'Sandbox', status: 200, durationMs: 12, at, bytes: 100, body: body as RunResultView['body'], ...extra };
  return { documentUri: 'file:///w/tasks.graphql', operationName, variables: { p: 'HIGH' }, status: 200, durationMs: 12, environment: 'Sandbox', view };
}

describe('RunStore (run history on disk)', () => {
  afterEach(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    dirs = [];
  });

  it('keeps runs across a new store on the same folder (a reload), newest first, with their bodies', async () => {
    const dir = await tempDir();
    const a = store(dir);
    await a.load();
    await a.add(runOf('A', { data: { tasks: [{ id: 1 }] } }));
    await a.add(runOf('B'));
    const b = store(dir);
    await b.load();
    assert.deepEqual(
      b.list().map((r) => r.operationName),
      ['B', 'A'],
    );
    const first = b.list()[1];
    assert.deepEqual(first.variables, { p: 'HIGH' });
    const shown = await b.view(first.id);
    assert.ok('view' in shown);
    assert.deepEqual(shown.view.body, { data: { tasks: [{ id: 1 }] } });
    assert.equal(shown.view.operationName, 'A');
  });

  it('writes the server’s bytes as they came when given, and never a header of the view', async () => {
    const dir = await tempDir();
    const s = store(dir);
    const input = runOf('Raw', { data: { x: 1 } });
    const withHeaders = {
      ...input,
      view: {
        ...input.view,
        response: { headers: [['x-request-id', 'REQ-HEADER']] },
        headers: { authorization: 'Bearer SECRET-TOKEN', 'set-cookie': 'sid=COOKIE' },
      } as RunResultView,
    };
    await s.add({ ...withHeaders, bodyBytes: Buffer.from('{"data":{"x":1},"extensions":{"cost":3}}') });
    const files = await readdir(path.join(dir, 'runs'));
    const all = (await Promise.all(files.map((f) => readFile(path.join(dir, 'runs', f), 'utf8')))).join('\n');
    assert.doesNotMatch(all, /SECRET-TOKEN|COOKIE|authorization|REQ-HEADER/i);
    const shown = await s.view(input.view.runId);
    assert.ok('view' in shown);
    assert.deepEqual(shown.view.body, { data: { x: 1 }, extensions: { cost: 3 } });
    assert.equal((shown.view as unknown as Record<string, unknown>).headers, undefined);
  });

  it('keeps the last N unpinned runs and every pinned one', async () => {
    const dir = await tempDir();
    const s = store(dir, { maxRuns: 3 });
    const first = await s.add(runOf('P'));
    await s.update(first.id, { pinned: true, name: '  baseline  ' });
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      await s.add(runOf(name));
    }
    assert.deepEqual(
      s.list().map((r) => r.operationName),
      ['E', 'D', 'C', 'P'],
    );
    assert.equal(s.get(first.id)?.name, 'baseline');
    const files = await readdir(path.join(dir, 'runs'));
    assert.equal(files.filter((f) => f.endsWith('.meta.json')).length, 4, 'dropped runs leave no files');
    assert.equal(files.filter((f) => f.endsWith('.body.json')).length, 4);
    // Unpinning applies the cap to it as well.
    await s.update(first.id, { pinned: false });
    assert.deepEqual(
      s.list().map((r) => r.operationName),
      ['E', 'D', 'C'],
    );
  });

  it('stays under the size cap, oldest unpinned first out; a body over the cap alone is not kept', async () => {
    const dir = await tempDir();
    const blob = 'x'.repeat(10_000);
    const s = store(dir, { maxBytes: 35_000 });
    for (const name of ['A', 'B', 'C', 'D']) {
      await s.add(runOf(name, { data: { blob } }));
    }
    assert.deepEqual(
      s.list().map((r) => r.operationName),
      ['D', 'C', 'B'],
    );
    assert.ok(s.totalBytes() <= 35_000, `${s.totalBytes()} bytes`);
    const big = await s.add(runOf('Big', { data: { blob: 'y'.repeat(40_000) } }));
    assert.equal(big.body, 'tooLarge');
    const shown = await s.view(big.id);
    assert.ok('view' in shown && shown.view.body === undefined, 'the run is listed, without its body');
    assert.equal(s.list()[0].operationName, 'Big');
  });

  it('sets a corrupt or oversized metadata file aside, reports it, and keeps the rest', async () => {
    const dir = await tempDir();
    const reports: string[] = [];
    const s = store(dir, { reports });
    const kept = await s.add(runOf('Kept'));
    const broken = await s.add(runOf('Broken'));
    const huge = await s.add(runOf('Huge'));
    await writeFile(path.join(dir, 'runs', `${broken.id}.meta.json`), '{"v":1,"run":{"id":');
    await writeFile(path.join(dir, 'runs', `${huge.id}.meta.json`), ' '.repeat(1024 * 1024 + 1));
    await writeFile(path.join(dir, 'runs', 'stranger.meta.json'), JSON.stringify({ v: 1, run: { id: 'other' } }));
    const again = store(dir, { reports });
    await again.load();
    assert.deepEqual(
      again.list().map((r) => r.id),
      [kept.id],
    );
    assert.equal(reports.length, 3, reports.join('\n'));
    assert.ok(reports.some((r) => r.includes(`${huge.id}.meta.json`) && r.includes('larger than')));
    const aside = await readdir(path.join(dir, 'set-aside'));
    assert.equal(aside.length, 3, 'the files are kept aside for a person to look at');
    // A later load does not report them again.
    await store(dir, { reports }).load();
    assert.equal(reports.length, 3);
  });

  it('sets a corrupt body aside when it is opened, and keeps the run', async () => {
    const dir = await tempDir();
    const reports: string[] = [];
    const s = store(dir, { reports });
    const run = await s.add(runOf('A'));
    await writeFile(path.join(dir, 'runs', `${run.id}.body.json`), '{"data": [1, 2');
    const shown = await s.view(run.id);
    assert.deepEqual(shown, { missing: 'setAside' });
    assert.equal(reports.length, 1);
    assert.equal(s.get(run.id)?.body, 'none');
    const later = await s.view(run.id);
    assert.ok('view' in later && later.view.body === undefined);
  });

  it('two windows writing at once: every run lands, files stay whole, the cap holds', async () => {
    const dir = await tempDir();
    const one = store(dir, { maxRuns: 30 });
    const two = store(dir, { maxRuns: 30 });
    await Promise.all([one.load(), two.load()]);
    const names = Array.from({ length: 20 }, (_, i) => `Op${i}`);
    await Promise.all(names.map((n, i) => (i % 2 === 0 ? one : two).add(runOf(n, { data: { n, pad: 'z'.repeat(2000) } }))));
    const third = store(dir, { maxRuns: 30 });
    await third.load();
    assert.deepEqual(
      third
        .list()
        .map((r) => r.operationName)
        .sort(),
      [...names].sort(),
    );
    for (const r of third.list()) {
      const shown = await third.view(r.id);
      assert.ok('view' in shown && (shown.view.body as { data: { n: string } }).data.n === r.operationName);
    }
    const files = await readdir(path.join(dir, 'runs'));
    assert.deepEqual(
      files.filter((f) => f.endsWith('.tmp')),
      [],
    );
    // Both windows keep adding with a cap of 10: the folder ends with 10 runs.
    const small = [store(dir, { maxRuns: 10 }), store(dir, { maxRuns: 10 })];
    await Promise.all(small.map((s) => s.load()));
    await Promise.all(Array.from({ length: 10 }, (_, i) => small[i % 2].add(runOf(`More${i}`))));
    const last = store(dir, { maxRuns: 10 });
    await last.load();
    assert.equal(last.list().length, 10);
    assert.ok(last.list().every((r) => r.operationName?.startsWith('More')));
  });

  it('sees the records written since it last read them: the pin and name another window gave, and a record replaced by something else', async () => {
    const dir = await tempDir();
    const reports: string[] = [];
    const mine = store(dir, { reports });
    const other = store(dir);
    const a = await mine.add(runOf('A'));
    const b = await mine.add(runOf('B'));
    await other.load();
    await other.update(a.id, { pinned: true, name: 'kept for the demo' });
    await mine.load();
    assert.deepEqual(mine.get(a.id)?.pinned, true);
    assert.equal(mine.get(a.id)?.name, 'kept for the demo');
    // Replaced the way every write replaces it (a new file renamed over it): seen and set aside.
    const metaFile = `${b.id}.meta.json`;
    const tmp = path.join(dir, 'runs', 'replacement.tmp');
    await writeFile(tmp, 'not a record');
    await rename(tmp, path.join(dir, 'runs', metaFile));
    await mine.load();
    assert.equal(mine.get(b.id), undefined);
    assert.ok(
      reports.some((r) => r.includes('not a run record')),
      reports.join(' | '),
    );
    assert.deepEqual(
      mine.list().map((r) => r.operationName),
      ['A'],
    );
  });

  it('deletes runs and clears all but the pinned ones', async () => {
    const dir = await tempDir();
    const s = store(dir);
    const a = await s.add(runOf('A'));
    const b = await s.add(runOf('B'));
    await s.add(runOf('C'));
    await s.update(a.id, { pinned: true });
    assert.equal(await s.delete([b.id, 'unknown']), 1);
    assert.equal(await s.clear(), 1);
    assert.deepEqual(
      s.list().map((r) => r.operationName),
      ['A'],
    );
    const again = store(dir);
    await again.load();
    assert.deepEqual(
      again.list().map((r) => r.operationName),
      ['A'],
    );
  });

  it('keeps variables up to 64 KB (larger ones are left out and marked)', async () => {
    const dir = await tempDir();
    const s = store(dir);
    const big = await s.add({ ...runOf('Big'), variables: { blob: 'x'.repeat(70_000) } });
    assert.deepEqual(big.variables, {});
    assert.equal(big.variablesOmitted, true);
    const small = { p: 'HIGH' };
    const kept = await s.add({ ...runOf('Small'), variables: small });
    small.p = 'LOW';
    assert.deepEqual(kept.variables, { p: 'HIGH' }, 'copied, so later changes do not rewrite history');
  });

  it('keeps a failure without a body, and a 100,000-deep body', async () => {
    const dir = await tempDir();
    const s = store(dir);
    const failed = await s.add(runOf('F', undefined, { body: undefined, status: 502, failure: { title: 'Server error', message: 'The Service failed.', bodyText: '<html>' } }));
    assert.equal(failed.body, 'none');
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    const d = await s.add(runOf('Deep', { data: { deep } }));
    const again = store(dir);
    await again.load();
    const f = await again.view(failed.id);
    assert.ok('view' in f && f.view.failure?.title === 'Server error');
    const shown = await again.view(d.id);
    assert.ok('view' in shown);
    let v = (shown.view.body as { data: { deep: unknown } }).data.deep;
    let depth = 0;
    while (Array.isArray(v)) {
      v = v[0];
      depth++;
    }
    assert.equal(depth, 100_000);
  });
});
