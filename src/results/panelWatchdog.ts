/**
 * The results panel's watchdog: makes sure the visible page shows the current result, escalating
 * while it does not: the result is sent again (a message lost while the page reloaded), the panel
 * is made anew, then the result opens as a read-only JSON document beside the editor. Making the
 * panel anew is what heals a webview whose host frame cannot load at all: VS Code's webview host in
 * a browser waits for its service worker before it makes its page, and when that wait fails
 * ("Could not register service worker", microsoft/vscode#125993) or never ends, every page loaded
 * into that frame stays blank; only a new panel gets a new frame. A page that never said ready is
 * such a frame, so the panel is made anew at the first check (4 s), not after a minute. When even
 * the new panel does not render, the document shows the result: no path ends in a blank tab.
 */
import type { RunResultView } from '../shared/resultsMessages';

/** How long a sent result may go unrendered before the watchdog's next step. */
const WATCHDOG_MS = 4000;
/** After the panel was made anew, how long its new page has before the result opens as a document. */
const AFTER_RECREATE_MS = 6000;
/** How often a result is sent again to a page that said ready but did not render it. */
const RESENDS = 2;

/**
 * One step of the watchdog: send the result again (a message lost), make the panel anew (a host
 * frame that never made its page: loading the page again into that frame does not help, only a new
 * panel gets a new frame), or show the result as a JSON document beside the editor.
 */
export type WatchdogStep = 'resend' | 'recreate' | 'document';

/** What the watchdog did so far for the current result, and whether the page said ready. */
export interface WatchdogState {
  readonly pageReady: boolean;
  readonly resends: number;
  readonly recreated: boolean;
  readonly document: boolean;
}

/**
 * The next step for a result that is still not rendered (undefined: nothing more to do). A page that
 * never said ready means its host frame never made it: the panel is made anew at once. Once the
 * panel was made anew, the result opens as a document; after that the page may still come back
 * (its `ready` gets the result), but nothing else is tried.
 */
export function nextWatchdogStep(state: WatchdogState): WatchdogStep | undefined {
  if (state.document) {
    return undefined;
  }
  if (state.recreated) {
    return 'document';
  }
  if (state.pageReady && state.resends < RESENDS) {
    return 'resend';
  }
  return 'recreate';
}

/** What the watchdog needs of the panel. */
export interface WatchedPanel {
  /** The result the visible page has not said it rendered (undefined: nothing to do; a hidden page renders nothing, showing it again re-arms). */
  unrendered(): RunResultView | undefined;
  /** True between the page's `ready` and its next reload. */
  readonly pageReady: boolean;
  /** Sends the result again. */
  resend(): void;
  /** Replaces the panel by a new one (a new webview, with a host frame of its own). */
  recreate(): void;
  /** Shows the result as a JSON document beside the editor and tells the person why. */
  showAsDocument(view: RunResultView): void;
  /** Records an event of the panel's life (`info`: also in the log a person reads). */
  note(event: string, level?: 'debug' | 'info'): void;
}

export class PanelWatchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private state = { resends: 0, recreated: false, document: false };

  constructor(private readonly panel: WatchedPanel) {}

  /** A new result was sent: the steps start again. */
  restart(): void {
    this.state = { resends: 0, recreated: false, document: false };
    this.arm();
  }

  /** Checks once more after a while (at the step it had reached). */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), this.state.recreated ? AFTER_RECREATE_MS : WATCHDOG_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private check(): void {
    const view = this.panel.unrendered();
    if (!view) {
      return;
    }
    const step = nextWatchdogStep({ ...this.state, pageReady: this.panel.pageReady });
    if (!step) {
      return;
    }
    const tries = this.state.resends + (this.state.recreated ? 1 : 0) + 1;
    const action =
      step === 'resend'
        ? 'sending it again'
        : step === 'recreate'
          ? `making the panel anew${this.panel.pageReady ? '' : ' (the page never said ready)'}`
          : 'opening it as a JSON document';
    this.panel.note(`watchdog: ${view.runId} not rendered (step ${tries}): ${action}`, 'info');
    switch (step) {
      case 'resend':
        this.state.resends++;
        this.panel.resend();
        break;
      case 'recreate':
        this.state.recreated = true;
        this.panel.recreate();
        break;
      case 'document':
        this.state.document = true;
        this.panel.showAsDocument(view);
        return;
    }
    this.arm();
  }
}
