import { strict as assert } from 'node:assert';
import { mutationDecision, type MutationDecision } from '../../../../src/core/run/runPermission';

describe('core/run/runPermission mutationDecision (mutations need a yes)', () => {
  const plain = { readOnly: false, confirmMutations: true };
  const cases: [string, 'query' | 'mutation' | 'subscription', { readOnly: boolean; confirmMutations: boolean }, boolean, MutationDecision][] = [
    ['a query runs', 'query', plain, false, 'run'],
    ['a query runs on a read-only environment', 'query', { ...plain, readOnly: true }, false, 'run'],
    ['a subscription is not a mutation', 'subscription', plain, false, 'run'],
    ['a mutation is confirmed', 'mutation', plain, false, 'confirm'],
    ['a mutation runs after "Always for this environment"', 'mutation', plain, true, 'run'],
    ['a mutation runs where confirmMutations is off', 'mutation', { ...plain, confirmMutations: false }, false, 'run'],
    ['a mutation is refused on a read-only environment', 'mutation', { ...plain, readOnly: true }, false, 'refuse'],
    ['read-only wins over "always"', 'mutation', { readOnly: true, confirmMutations: false }, true, 'refuse'],
  ];
  for (const [what, type, env, always, expected] of cases) {
    it(what, () => assert.equal(mutationDecision(type, env, always), expected));
  }
});
