/**
 * Platform seams of the sign-in core. The extension backs them with VS Code and Node; tests
 * pass fakes (an in-memory secret store, a fake clock, a manual timer).
 */
import type { Disposable } from '../clock';

/** Mirrors `vscode.SecretStorage`: encrypted key/value storage shared by all windows. */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Fires with the changed key, also when another window changed it. */
  onDidChange(listener: (key: string) => void): Disposable;
}

/** Opens a URL in the user's browser; resolves false when it could not. */
export type OpenBrowser = (url: string) => Promise<boolean>;

/** The `fetch` signature used for the token endpoint (global fetch by default). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
