import type { RunCommand } from './runCommand';

/**
 * Tenant GraphQL: Run Operation. Argument (optional): a document Uri (editor title) or
 * `{ uri?, operationName?, position?, variables?, cancellation? }` (CodeLens, history, tests).
 * Resolves to a token-free RunOutcome, or undefined when cancelled or nothing could run.
 */
export const runOperation: RunCommand = {
  id: 'tenantGraphql.runOperation',
  run: ({ controller }, arg) => controller.run(arg),
};
