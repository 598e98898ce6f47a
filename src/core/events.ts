import type { Disposable } from './clock';

/** Subscribes a listener; the returned disposable unsubscribes it (same shape as vscode.Event). */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/** A minimal event emitter with the `vscode.EventEmitter` shape, for code that cannot import vscode. */
export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => void>();

  /** The event to hand out to subscribers. */
  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  /** Calls every listener; a throwing listener does not stop the others. */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // A listener's failure is its own business; the emitter must keep delivering.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
