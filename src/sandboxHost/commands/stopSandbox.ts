import * as vscode from 'vscode';
import type { SandboxCommand } from './sandboxCommand';

/** Tenant GraphQL: Stop Sandbox. Resolves to whether a running Sandbox was stopped. */
export const stopSandbox: SandboxCommand = {
  id: 'tenantGraphql.stopSandbox',
  run: async ({ host }) => {
    const stopped = await host.stop();
    if (!stopped) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The Sandbox is not running.'));
    }
    return stopped;
  },
};
