import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { findSandboxEnvironment } from '../../core/auth';
import { openSample as open, openWorkspaceSample, sampleArgument } from '../samples';
import type { SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Open Sample Query: opens a shipped sample (`tasks.graphql` by default; the argument
 * may name `typo.graphql`). Where a Sandbox environment is set up (npm start's workspace), the
 * workspace's own `tasks.graphql` is the sample: no second copy. Resolves to the opened file's URI,
 * or undefined on failure.
 */
export const openSample: SandboxCommand = {
  id: 'tenantGraphql.openSample',
  run: async ({ context, logger, config }, arg?: unknown) => {
    try {
      const name = sampleArgument(arg);
      const own = name === 'tasks.graphql' && findSandboxEnvironment(config.settings.environments) ? await openWorkspaceSample() : undefined;
      return (own ?? (await open(context, name))).toString();
    } catch (err) {
      logger.error(`[sandbox] could not open the sample: ${errorMessage(err)}`);
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not open the sample query: {0}', errorMessage(err)), { sink: 'notification' }));
      return undefined;
    }
  },
};
