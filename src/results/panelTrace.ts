/** The results panel's recent life, for the log and for the integration tests' view of the panel. */
import type { Logger } from '../core/logger';
import type { WebviewToExtensionMessage } from '../shared/resultsMessages';

/** What the integration tests can observe of the panel (no data of the result itself). */
export interface ResultsPanelInfo {
  /** Changes each time a new panel is created (the same number means the panel was reused). */
  readonly panelSerial: number;
  readonly open: boolean;
  readonly visible: boolean;
  readonly shownRunId?: string;
  /** The panel's tab title ("Running Name…" while a run is in flight). */
  readonly title?: string;
  /** The last run the webview reported as rendered, and how many tree items it built. */
  readonly rendered?: { readonly runId: string; readonly treeItems: number };
  readonly html?: string;
  /** The panel's recent life (created, shown/hidden, page loads, messages both ways, watchdog), oldest first. */
  readonly trace: readonly string[];
}

/** How many of the panel's life events are kept for {@link ResultsPanelInfo.trace}. */
const TRACE_LENGTH = 300;

/** The panel's life events, oldest first (at most {@link TRACE_LENGTH}), each logged (at debug level unless said). */
export class PanelTrace {
  private readonly events: string[] = [];

  constructor(private readonly logger: Logger) {}

  /**
   * Records one event of the panel's life (see {@link ResultsPanelInfo.trace}) and logs it; `info`
   * for the rare ones a person reading the log should see (the watchdog healing a page that did not render).
   */
  note(event: string, level: 'debug' | 'info' = 'debug'): void {
    this.events.push(`${new Date().toISOString().slice(11, 23)} ${event}`);
    if (this.events.length > TRACE_LENGTH) {
      this.events.splice(0, this.events.length - TRACE_LENGTH);
    }
    this.logger[level](`[results] ${event}`);
  }

  list(): string[] {
    return [...this.events];
  }
}

/** The trace line of a page's report that the panel only records (a filter's or a table's size, no data). */
export function reportLine(message: Extract<WebviewToExtensionMessage, { type: 'filterShown' | 'tableShown' }>): string {
  return message.type === 'filterShown'
    ? `page filtered ${message.runId}: ${message.invalid ? 'expression refused' : `${message.matches} matches shown`}`
    : `page table ${message.runId}: ${message.rows} rows, ${message.columns} columns, ${message.renderedRows} rows in the page`;
}
