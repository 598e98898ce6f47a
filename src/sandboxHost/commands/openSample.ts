import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { openSample as open, sampleArgument } from '../samples';
import type { SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/**
 * Tenant GraphQL: Open Sample Query: opens a shipped sample (`tasks.graphql` by default; the argument
 * may name `typo.graphql`). Resolves to the opened file's URI, or undefined on failure.
 */
export const openSample: SandboxCommand = {
  id: 'tenantGraphql.openSample',
  run: async ({ context, logger }, arg?: unknown) => {
    try {
      return (await open(context, sampleArgument(arg))).toString();
    } catch (err) {
      logger.error(`[sandbox] could not open the sample: ${errorMessage(err)}`);
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('Could not open the sample query: {0}', errorMessage(err)), { sink: 'notification' }));
      return undefined;
    }
  },
};
