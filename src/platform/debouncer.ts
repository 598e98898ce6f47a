/**
 * One pending callback per key (a document's URI), restarted by every new request: what the
 * validators and indexers use to wait for typing to pause. Disposing cancels everything pending.
 */
export class KeyedDebouncer {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Runs `callback` after `delayMs`, unless the same key is scheduled or cancelled before. */
  schedule(key: string, delayMs: number, callback: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        callback();
      }, delayMs),
    );
  }

  /** Forgets what is pending for `key`. */
  cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose(): void {
    for (const t of this.timers.values()) {
      clearTimeout(t);
    }
    this.timers.clear();
  }
}
