import * as vscode from 'vscode';
import type { SecretStore } from '../../core/auth/seams';

/** Backs the core's {@link SecretStore} seam with VS Code's SecretStorage. */
export function vscodeSecretStore(secrets: vscode.SecretStorage): SecretStore {
  return {
    get: async (key) => secrets.get(key),
    store: async (key, value) => secrets.store(key, value),
    delete: async (key) => secrets.delete(key),
    onDidChange: (listener) => secrets.onDidChange((e) => listener(e.key)),
  };
}
