/**
 * Platform seams of the sign-in core. The extension backs them with VS Code and Node; tests
 * pass fakes (an in-memory secret store, a fake clock, a manual timer).
 */

/** Something that releases resources or listeners when disposed. */
export interface Disposable {
  dispose(): void;
}

/** Mirrors `vscode.SecretStorage`: encrypted key/value storage shared by all windows. */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  store(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Fires with the changed key, also when another window changed it. */
  onDidChange(listener: (key: string) => void): Disposable;
}

/** Wall-clock time in milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** Schedules a callback; tests pass a manual one instead of waiting in real time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): Disposable;
}

/** Real timers, unref'd so that a pending sign-in never keeps a process alive. */
export const systemTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return { dispose: () => clearTimeout(handle) };
  },
};

/** Opens a URL in the user's browser; resolves false when it could not. */
export type OpenBrowser = (url: string) => Promise<boolean>;

/** The `fetch` signature used for the token endpoint (global fetch by default). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
