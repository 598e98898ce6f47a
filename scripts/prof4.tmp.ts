import { performance } from 'node:perf_hooks';
import { buildClientSchema, parse, Kind } from 'graphql';
import { IncrementalValidator } from '/work/wt-lang-fast/src/core/language/incrementalValidation';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
const text = grow(inputs.document, 2000);
const doc = parse(text);
const v = new IncrementalValidator(schema);
v.validate(doc.definitions);
const fresh = Array.from({ length: 30 }, () => parse(text).definitions);
for (let i = 0; i < 8; i++) {
  const d = doc.definitions[i];
  const name = (d as any).name?.value;
  const a: number[] = [];
  for (let k = 0; k < 30; k++) { const defs = [...doc.definitions]; defs[i] = fresh[k][i]; const t = performance.now(); v.validate(defs); a.push(performance.now() - t); v.validate(doc.definitions); }
  a.sort((x, y) => x - y);
  console.log(d.kind, name, 'lines', d.loc!.endToken.line - d.loc!.startToken.line + 1, 'median', a[15].toFixed(2));
}
