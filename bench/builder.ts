/**
 * The operation builder on GitHub's schema: a tick (the edits and the tree's state read back)
 * on the 185-line document, for paths of the tree up to four levels deep. Goal: under 50 ms a tick.
 * Each tick is what the editor does: the edits, then the heads they touch laid out by the formatter
 * (the first tick also loads the formatter). Run: `node --import tsx bench/builder.ts`.
 *
 * Besides the wall time it reports the CPU time of each tick (process.cpuUsage: what the tick costs,
 * not the waits of a loaded machine), the first tick apart (JIT warm-up and graphql-js building the
 * field maps of the types on the way, once), and the garbage collections that fell inside ticks:
 * a tick allocates about 0.4 MB (two parses of the document), so every few dozen ticks one pays for
 * a scavenge of a heap that holds GitHub's whole schema. A max far above the CPU p95 with a GC in it
 * is that pause, not a slow path of the builder.
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { buildSchema } from 'graphql';
import { loadInputs } from '../test/fixtures/inputs';
import { toggleBuilderPath } from '../src/core/builder/builderEdits';
import { formatBuilderChange } from '../src/core/builder/builderFormat';
import { builderState } from '../src/core/builder/builderState';
import { builderChildren } from '../src/core/builder/builderTree';
import type { BuilderPath } from '../src/core/builder/builderPath';

const inputs = loadInputs();
const schema = buildSchema(inputs.sdlText, { assumeValid: true });
const text = inputs.document;
const offset = text.indexOf('{') + 1;

/** Paths picked through the tree, as a person expands it: the i-th child at each level. */
const paths: BuilderPath[] = [];
for (let i = 0; i < 40; i++) {
  let path: BuilderPath = { root: 'query', steps: [] };
  for (let depth = 0; depth < 4; depth++) {
    const children = builderChildren(schema, path, { showDeprecated: true }).filter((c) => c.kind === 'field' || c.kind === 'fragment');
    if (children.length === 0) {
      break;
    }
    path = children[(i * 7 + depth * 3) % children.length].path;
  }
  paths.push(path);
}

const gcs: { start: number; end: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcs.push({ start: e.startTime, end: e.startTime + e.duration });
  }
});
observer.observe({ entryTypes: ['gc'] });

const times: number[] = [];
const cpuTimes: number[] = [];
const spans: { start: number; end: number }[] = [];
// As the editor does it (src/builder/builderEditor.ts): the edits, then the heads they touch laid out by the formatter.
async function ticks(): Promise<void> {
  for (const path of [...paths, ...paths, ...paths]) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const change = await formatBuilderChange(text, toggleBuilderPath({ text, offset, schema, path, checked: true }));
    let next = text;
    for (const e of [...change.edits].sort((a, b) => b.start - a.start)) {
      next = next.slice(0, e.start) + e.text + next.slice(e.end);
    }
    builderState(next, offset);
    const end = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    times.push(end - start);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    spans.push({ start, end });
  }
}
void ticks().then(() =>
  // The entries of the last collections arrive asynchronously.
  setTimeout(() => {
    observer.disconnect();
    const inGc = spans.map((s) => gcs.reduce((sum, g) => sum + Math.max(0, Math.min(g.end, s.end) - Math.max(g.start, s.start)), 0));
    const pct = (values: readonly number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
    };
    const rest = (values: readonly number[]) => values.slice(1);
    const withoutGc = rest(times).filter((_, i) => inGc[i + 1] === 0);
    const cpuWithoutGc = rest(cpuTimes).filter((_, i) => inGc[i + 1] === 0);
    console.log(`builder tick on GitHub's schema (${paths.length} paths, 3 rounds; goal < 50 ms):`);
    console.log(`  first tick (warm-up): ${times[0].toFixed(2)} ms wall, ${cpuTimes[0].toFixed(2)} ms CPU`);
    console.log(`  the others, wall: median ${pct(rest(times), 0.5)} ms, p95 ${pct(rest(times), 0.95)} ms, max ${pct(rest(times), 1)} ms`);
    console.log(`  the others, CPU: median ${pct(rest(cpuTimes), 0.5)} ms, p95 ${pct(rest(cpuTimes), 0.95)} ms, max ${pct(rest(cpuTimes), 1)} ms`);
    console.log(`  ticks with a GC in them: ${inGc.filter((g) => g > 0).length}, longest GC inside a tick ${Math.max(0, ...inGc).toFixed(2)} ms`);
    if (withoutGc.length > 0) {
      console.log(`  the ticks without a GC: wall max ${pct(withoutGc, 1)} ms, CPU max ${pct(cpuWithoutGc, 1)} ms (wall far above CPU: the machine ran something else)`);
    }
  }, 100),
);
