import * as vscode from 'vscode';
import { inert } from '../core/text/inert';

/** The command behind the run item in the status bar (not in the palette: the item is its only caller). */
export const CANCEL_RUN_COMMAND = 'tenantGraphql.cancelRun';

/** One run in flight, as the status bar shows it. */
export interface RunInFlight {
  /** A retry wait or another note, shown after the label; undefined clears it. */
  report(message: string | undefined): void;
  /** The run ended (answered, failed or cancelled). */
  end(): void;
}

interface Entry {
  readonly label: string;
  readonly cancel: () => void;
  message?: string;
}

/**
 * Runs in flight, quiet by default: a spinner in the status bar (`$(sync~spin) Running Name…`) instead of
 * a progress notification; a click cancels the run (every run, when several are in flight), and retry
 * waits show in the item's text. The results panel says "Running Name…" in its title meanwhile.
 */
export class RunProgress implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tenantGraphql.run', vscode.StatusBarAlignment.Left, 51);
  private readonly runs = new Set<Entry>();
  private readonly disposables: vscode.Disposable;

  constructor(private readonly onRunning?: (label: string | undefined) => void) {
    this.item.name = vscode.l10n.t('Tenant GraphQL Run');
    this.item.command = { command: CANCEL_RUN_COMMAND, title: vscode.l10n.t('Cancel Run') };
    this.disposables = vscode.Disposable.from(
      this.item,
      vscode.commands.registerCommand(CANCEL_RUN_COMMAND, () => this.cancelAll()),
    );
  }

  /** Shows a run until its `end()`; `cancel` is called when the person clicks the item. */
  start(label: string, cancel: () => void): RunInFlight {
    const entry: Entry = { label, cancel };
    this.runs.add(entry);
    this.update();
    return {
      report: (message) => {
        entry.message = message;
        this.update();
      },
      end: () => {
        if (this.runs.delete(entry)) {
          this.update();
        }
      },
    };
  }

  /** How many runs are in flight (for tests). */
  get inFlight(): number {
    return this.runs.size;
  }

  /** The text the item shows now, empty when hidden (for tests). */
  get text(): string {
    return this.runs.size > 0 ? this.item.text : '';
  }

  private cancelAll(): number {
    const entries = [...this.runs];
    for (const e of entries) {
      e.cancel();
    }
    return entries.length;
  }

  private update(): void {
    const entries = [...this.runs];
    const latest = entries[entries.length - 1];
    if (!latest) {
      this.item.hide();
      this.onRunning?.(undefined);
      return;
    }
    const label = inert(latest.label, { sink: 'statusBar' });
    const text = entries.length > 1 ? vscode.l10n.t('Running {0} and {1} more…', label, entries.length - 1) : vscode.l10n.t('Running {0}…', label);
    const note = latest.message ? ` (${inert(latest.message, { sink: 'statusBar' })})` : '';
    this.item.text = `$(sync~spin) ${text}${note}`;
    this.item.tooltip = entries.length > 1 ? vscode.l10n.t('Click to cancel these runs.') : vscode.l10n.t('Click to cancel this run.');
    this.item.accessibilityInformation = { label: `${text}${note} ${this.item.tooltip}`, role: 'button' };
    this.item.show();
    this.onRunning?.(latest.label);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
