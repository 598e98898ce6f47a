import { performance } from 'node:perf_hooks';
import { buildClientSchema } from 'graphql';
import { GraphqlLanguageService } from '/work/wt-lang-fast/src/core/language/languageService';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
const service = GraphqlLanguageService.create(schema);
const s = (a: number[]) => { const b = [...a].sort((x, y) => x - y); return `p50 ${b[Math.floor(b.length / 2)].toFixed(2)} p95 ${b[Math.floor(b.length * 0.95)].toFixed(2)}`; };
for (const size of (process.env.SIZES ?? "2000,10000").split(",").map(Number)) {
  const text = grow(inputs.document, size);
  const lines = text.split('\n');
  const uri = `file:///b${size}.graphql`;
  let v = 1;
  service.diagnostics({ uri, version: v++, text });
  const docs = Array.from({ length: Number(process.env.N ?? 60) }, (_, i) => { const l = Math.floor((i * 7919) % lines.length); const e = [...lines]; e[l] = e[l] + ' '; return { uri, version: 0, text: e.join('\n') }; });
  const model: number[] = [], diag: number[] = [], total: number[] = [];
  for (const d of docs) {
    const doc = { ...d, version: v++ };
    let t = performance.now();
    service.documents.get(doc);
    model.push(performance.now() - t);
    const t2 = performance.now();
    service.diagnostics(doc);
    diag.push(performance.now() - t2);
    total.push(performance.now() - t);
  }
  console.log(size, 'model', s(model), '| diag', s(diag), '| total', s(total));
}
