#!/usr/bin/env node
// Summarises a V8 .cpuprofile (the adapter bench's TENANT_GRAPHQL_BENCH_PROFILE): under each
// function whose name matches ROOT (a regular expression), the time per function (self and
// inclusive, once per stack) and the root's own total. Usage:
//   node bench/profileSummary.mjs <file.cpuprofile> <ROOT regexp> [top=25]
import { readFileSync } from 'node:fs';

const [file, rootPattern, topArg] = process.argv.slice(2);
if (!file || !rootPattern) {
  console.error('usage: profileSummary.mjs <file.cpuprofile> <root function regexp> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) {
  for (const c of n.children ?? []) {
    parent.set(c, n.id);
  }
}
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const root = new RegExp(rootPattern);
const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber + 1}`;
let rootTotal = 0;
const selfUnder = new Map();
const inclusiveUnder = new Map();
for (const [id, ms] of self) {
  // The stack of this sample, innermost first; counted only below the outermost root frame.
  const stack = [];
  for (let at = id; at !== undefined; at = parent.get(at)) {
    stack.push(byId.get(at));
  }
  const outer = stack.map((n) => root.test(n.callFrame.functionName)).lastIndexOf(true);
  if (outer < 0) {
    continue;
  }
  rootTotal += ms;
  const inner = stack.slice(0, outer + 1);
  selfUnder.set(label(inner[0]), (selfUnder.get(label(inner[0])) ?? 0) + ms);
  for (const l of new Set(inner.map(label))) {
    inclusiveUnder.set(l, (inclusiveUnder.get(l) ?? 0) + ms);
  }
}
const show = (title, map) => {
  console.log(title);
  for (const [l, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / rootTotal).toFixed(1).padStart(5)}%  ${l}`);
  }
};
console.log(`${file}: ${rootTotal.toFixed(1)} ms under /${rootPattern}/`);
show('inclusive:', inclusiveUnder);
show('self:', selfUnder);
