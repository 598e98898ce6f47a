import { performance } from 'node:perf_hooks';
import { buildClientSchema, parse, validate, specifiedRules } from 'graphql';
import { IncrementalValidator } from '/work/wt-lang-fast/src/core/language/incrementalValidation';
import { loadInputs, grow } from '/work/wt-lang-fast/scripts/bench/inputs';
const inputs = loadInputs();
const schema = buildClientSchema(JSON.parse(inputs.introspectionText));
validate(schema, parse(inputs.document));
for (const size of [2000, 10000]) {
  const text = grow(inputs.document, size);
  const doc = parse(text);
  let t = performance.now();
  const full = validate(schema, doc, specifiedRules);
  console.log(size, 'defs', doc.definitions.length, 'full validate', (performance.now() - t).toFixed(1), 'errors', full.length);
  const v = new IncrementalValidator(schema);
  t = performance.now();
  const r = v.validate(doc.definitions);
  console.log(size, 'incremental cold', (performance.now() - t).toFixed(1), 'full?', r.full, r.errors.length, r.deprecations.length);
  t = performance.now();
  v.validate(doc.definitions);
  console.log(size, 'incremental warm same', (performance.now() - t).toFixed(1));
  const defs = [...doc.definitions];
  defs[5] = parse(text).definitions[5];
  t = performance.now();
  v.validate(defs);
  console.log(size, 'incremental one changed', (performance.now() - t).toFixed(1));
}
