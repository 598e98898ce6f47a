import * as vscode from 'vscode';
import type { SandboxCommand } from './sandboxCommand';
import { inert } from '../../core/text/inert';

/** Tenant GraphQL: Stop Sandbox. Resolves to whether a running Sandbox was stopped. */
export const stopSandbox: SandboxCommand = {
  id: 'tenantGraphql.stopSandbox',
  run: async ({ host }) => {
    const stopped = await host.stop();
    if (!stopped) {
      void vscode.window.showInformationMessage(inert(vscode.l10n.t('The Sandbox is not running.'), { sink: 'notification' }));
    }
    return stopped;
  },
};
