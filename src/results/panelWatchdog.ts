/**
 * The results panel's watchdog: makes sure the visible page shows the current result, escalating
 * while it does not: the result is sent again (a message lost while the page reloaded), the page is
 * loaded again (a `ready` lost), then the panel is made anew. That last step is what heals a webview
 * whose host frame cannot load at all: VS Code's webview host in a browser waits for its service
 * worker, and when that fails ("Could not register service worker", microsoft/vscode#125993) every
 * page loaded into that frame stays blank; only a new panel gets a new frame. When even that does
 * not help, the panel says the result is not shown and the person is told, with a way to try again.
 */
import * as vscode from 'vscode';
import { inert } from '../core/text/inert';
import type { RunResultView } from '../shared/resultsMessages';

/**
 * How long a sent result may go unrendered before the next step, and the steps: nudge (send again,
 * or load the page again when it never said ready), then make the panel anew; then give up.
 */
const WATCHDOG_MS = 4000;
const WATCHDOG_STEPS: readonly ('nudge' | 'recreate')[] = ['nudge', 'nudge', 'recreate', 'nudge', 'recreate'];

/** What the watchdog needs of the panel. */
export interface WatchedPanel {
  /** The result the visible page has not said it rendered (undefined: nothing to do; a hidden page renders nothing, showing it again re-arms). */
  unrendered(): RunResultView | undefined;
  /** True between the page's `ready` and its next reload. */
  readonly pageReady: boolean;
  /** Sends the result again, or loads the page again when it never said ready. */
  nudge(): void;
  recreate(): void;
  giveUp(view: RunResultView): void;
  /** Records an event of the panel's life (`info`: also in the log a person reads). */
  note(event: string, level?: 'debug' | 'info'): void;
}

export class PanelWatchdog {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private tries = 0;

  constructor(private readonly panel: WatchedPanel) {}

  /** A new result was sent: the steps start again. */
  restart(): void {
    this.tries = 0;
    this.arm();
  }

  /** Checks once more after a while (at the step it had reached). */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), WATCHDOG_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private check(): void {
    const view = this.panel.unrendered();
    if (!view) {
      return;
    }
    if (this.tries >= WATCHDOG_STEPS.length) {
      this.panel.note(`gave up: ${view.runId} is not shown`, 'info');
      this.panel.giveUp(view);
      return;
    }
    const step = WATCHDOG_STEPS[this.tries++];
    const action = step === 'nudge' ? (this.panel.pageReady ? 'sending it again' : 'loading the page again') : 'making the panel anew';
    this.panel.note(`watchdog: ${view.runId} not rendered (step ${this.tries}): ${action}`, 'info');
    if (step === 'recreate') {
      this.panel.recreate();
    } else {
      this.panel.nudge();
    }
    this.arm();
  }
}

/** Tells the person that the result of `view` is not shown, with Reopen Results (which calls `reopen`). */
export function tellNotShown(view: RunResultView, reopen: () => void): void {
  const action = vscode.l10n.t('Reopen Results');
  void vscode.window
    .showWarningMessage(
      inert(vscode.l10n.t('The results panel did not respond, so it does not show the result of {0}. Reopen it to try again.', view.operationName ?? view.runId), {
        sink: 'notification',
      }),
      action,
    )
    .then((choice) => {
      if (choice === action) {
        reopen();
      }
    });
}
