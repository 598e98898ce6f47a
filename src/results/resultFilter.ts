import type * as vscode from 'vscode';
import type { FilterClient } from '../core/results/filterClient';
import type { FilterAnswer } from '../core/results/jsonFilter';
import { stringifyJson } from '../shared/deepJson';
import type { RunResultView, TableExportFormat, TableSort } from '../shared/resultsMessages';

/** workspaceState: the last filter per operation name. */
const FILTERS_KEY = 'tenantGraphql.results.filters';
/** How many operations' filters are remembered. */
const REMEMBERED = 200;
/** How many answers' bytes are kept for the worker (the shown one and a few before). */
const KEPT_BYTES = 3;

/**
 * The results panel's filter on the host: answers go to the filter worker (a thread of its own:
 * parsing a 20 MB answer and walking it never holds the extension host's thread) as the bytes the
 * Service sent, when the run kept them, else as JSON text written here. Remembers the last filter
 * of each operation in workspace state.
 */
export class ResultFilter {
  private readonly bytes = new Map<string, Uint8Array | string>();

  constructor(
    /** The window's filter worker (shared with Compare's pretty-printing; its owner disposes it). */
    private readonly client: FilterClient,
    private readonly state: vscode.Memento,
  ) {}

  /** Keeps the answer's bytes as the Service sent them, or its JSON text (for the worker), when the run has them. */
  keep(runId: string, body: Uint8Array | string | undefined): void {
    if (!body) {
      return;
    }
    this.bytes.delete(runId);
    this.bytes.set(runId, body);
    while (this.bytes.size > KEPT_BYTES) {
      this.bytes.delete(this.bytes.keys().next().value as string);
    }
  }

  /**
   * Filters the shown answer (`stored`: a reopened run's file bytes when the view's body is not kept);
   * remembers the expression as its operation's last filter ('' forgets it).
   */
  async filter(view: RunResultView, expression: string, stored?: Uint8Array): Promise<FilterAnswer> {
    await this.remember(view, expression);
    return this.client.filter(view.runId, expression, () => {
      const kept = this.bytes.get(view.runId) ?? stored;
      if (typeof kept === 'string') {
        return kept;
      }
      // The bytes as the Service sent them: decoded in the worker, not on this thread.
      return kept ?? stringifyJson(view.body ?? null);
    });
  }

  /** An answer (JSON text or its UTF-8 bytes) as Copy/Save/Open JSON give it (two spaces, keys as they are), printed in the worker. */
  prettyJson(text: string | Uint8Array): Promise<string> {
    return this.client.pretty(text, { sortKeys: false });
  }

  /** The list at `path` of an answer (JSON text or its UTF-8 bytes) as CSV or a Markdown table, made in the worker. */
  table(
    text: string | Uint8Array,
    path: readonly (string | number)[],
    format: TableExportFormat,
    sort: TableSort | undefined,
  ): Promise<{ readonly text: string; readonly rows: number } | undefined> {
    return this.client.table({ text, path, format, ...(sort ? { sort } : {}) });
  }

  /** The operation's last filter, if any. */
  remembered(view: RunResultView): string | undefined {
    const all = this.state.get<Record<string, string>>(FILTERS_KEY, {});
    const value = all[keyOf(view)];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  private async remember(view: RunResultView, expression: string): Promise<void> {
    const all = { ...this.state.get<Record<string, string>>(FILTERS_KEY, {}) };
    const key = keyOf(view);
    delete all[key];
    if (expression.trim() !== '') {
      all[key] = expression;
    }
    const keys = Object.keys(all);
    for (const old of keys.slice(0, Math.max(0, keys.length - REMEMBERED))) {
      delete all[old];
    }
    await this.state.update(FILTERS_KEY, all);
  }
}

function keyOf(view: RunResultView): string {
  return `${view.operationName ?? ''}\u0000${view.documentUri ?? ''}`;
}
