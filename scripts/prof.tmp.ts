import { performance } from 'node:perf_hooks';
import { buildClientSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { GraphqlLanguageService } from '/work/wt-lang-fast/src/core/language/languageService';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
const service = GraphqlLanguageService.create(schema);
for (const size of [2000, 10000]) {
  const text = grow(inputs.document, size);
  const lines = text.split('\n');
  const uri = `file:///b${size}.graphql`;
  let v = 1;
  let t = performance.now();
  service.diagnostics({ uri, version: v++, text });
  console.log(size, 'first', (performance.now() - t).toFixed(1));
  const times: number[] = [];
  const split: number[] = [];
  for (let i = 0; i < 40; i++) {
    const l = Math.floor((i * 7919) % lines.length);
    const e = [...lines]; e[l] = e[l] + ' ';
    const doc = { uri, version: v++, text: e.join('\n') };
    t = performance.now();
    service.documents.get(doc);
    split.push(performance.now() - t);
    t = performance.now();
    service.diagnostics(doc);
    times.push(performance.now() - t);
  }
  const s = (a: number[]) => { const b = [...a].sort((x, y) => x - y); return `p50 ${b[Math.floor(b.length / 2)].toFixed(2)} p95 ${b[Math.floor(b.length * 0.95)].toFixed(2)}`; };
  console.log(size, 'model', s(split), 'diag after model', s(times));
}
