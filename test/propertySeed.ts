/**
 * Every fast-check property of the unit and contract suites runs with one fixed seed, so that `npm test` (and so
 * CI) gives the same verdict every time: a property that fails for a seed fails on every run, and
 * a rare counterexample cannot turn CI red once in a while. `TENANT_GRAPHQL_PBT_SEED=<n>` explores
 * another seed; a property that sets its own seed keeps it. Loaded by .mocharc.cjs and test/contract/mocharc.cjs.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.TENANT_GRAPHQL_PBT_SEED ?? 20261127) });
