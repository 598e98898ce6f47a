import { performance } from 'node:perf_hooks';
import { buildClientSchema, parse } from 'graphql';
import { IncrementalValidator } from '/work/wt-lang-fast/src/core/language/incrementalValidation';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
const text = grow(inputs.document, 2000);
const doc = parse(text);
const v = new IncrementalValidator(schema);
v.validate(doc.definitions);
const fresh = Array.from({ length: 300 }, () => parse(text).definitions[0]);
const t = performance.now();
for (let k = 0; k < 300; k++) { const defs = [...doc.definitions]; defs[0] = fresh[k]; v.validate(defs); }
console.log('avg', ((performance.now() - t) / 300).toFixed(2));
