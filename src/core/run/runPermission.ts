/**
 * Whether an operation may run on an environment without asking: queries always; a mutation is
 * refused on a read-only environment, and otherwise confirmed unless the environment does not
 * want that (`"confirmMutations": false`, the built-in Sandbox) or the person said "always" for
 * its server. Pure, so the table is unit-tested.
 */

/** What to do before sending: send, ask first, or refuse. */
export type MutationDecision = 'run' | 'confirm' | 'refuse';

export function mutationDecision(
  operationType: 'query' | 'mutation' | 'subscription',
  env: { readonly readOnly: boolean; readonly confirmMutations: boolean },
  alwaysAllowed: boolean,
): MutationDecision {
  if (operationType !== 'mutation') {
    return 'run';
  }
  if (env.readOnly) {
    return 'refuse';
  }
  return env.confirmMutations && !alwaysAllowed ? 'confirm' : 'run';
}
