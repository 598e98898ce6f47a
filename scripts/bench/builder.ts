/**
 * The operation builder on GitHub's schema: a tick (the edits and the tree's state read back)
 * on the 185-line document, for paths of the tree up to four levels deep. Goal: under 50 ms a tick.
 * Run: `node --import tsx scripts/bench/builder.ts`.
 */
import { performance } from 'node:perf_hooks';
import { buildSchema } from 'graphql';
import { loadInputs } from './inputs';
import { toggleBuilderPath } from '../../src/core/builder/builderEdits';
import { builderState } from '../../src/core/builder/builderState';
import { builderChildren } from '../../src/core/builder/builderTree';
import type { BuilderPath } from '../../src/core/builder/builderPath';

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

const times: number[] = [];
for (const path of paths) {
  const start = performance.now();
  const change = toggleBuilderPath({ text, offset, schema, path, checked: true });
  let next = text;
  for (const e of [...change.edits].sort((a, b) => b.start - a.start)) {
    next = next.slice(0, e.start) + e.text + next.slice(e.end);
  }
  builderState(next, offset);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
console.log(`builder tick on GitHub's schema (${paths.length} paths): median ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms (goal < 50 ms)`);
