import { performance } from 'node:perf_hooks';
import { buildClientSchema, parse, validate, specifiedRules } from 'graphql';
import { IncrementalValidator } from '/work/wt-lang-fast/src/core/language/incrementalValidation';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
const med = (f: () => void, n = 15) => { const a: number[] = []; for (let i = 0; i < n; i++) { const t = performance.now(); f(); a.push(performance.now() - t); } a.sort((x, y) => x - y); return a[Math.floor(n / 2)].toFixed(2); };
for (const size of [2000, 10000]) {
  const text = grow(inputs.document, size);
  const doc = parse(text);
  console.log(size, 'full validate', med(() => validate(schema, doc, specifiedRules)));
  const v = new IncrementalValidator(schema);
  v.validate(doc.definitions);
  console.log(size, 'warm same', med(() => v.validate(doc.definitions)));
  let k = 0;
  const fresh = Array.from({ length: 15 }, () => parse(text).definitions);
  console.log(size, 'one changed', med(() => { const defs = [...doc.definitions]; const i = (k * 7) % defs.length; defs[i] = fresh[k++][i]; v.validate(defs); }));
}
