import * as vscode from 'vscode';
import { formatBytes } from '../core/http/graphqlResponse';
import { historyLabel } from '../core/run/history';
import { groupRuns, matchesSearch, runDescription, runDetails, runHeadline, type RunGroup } from '../core/run/historyTree';
import type { StoredRun } from '../core/run/runStore';
import { inert } from '../core/text/inert';
import type { HistoryStore } from './historyStore';
import { setContextKey } from '../platform/contextKeys';

/** The view's id (package.json `contributes.views`). */
export const HISTORY_VIEW_ID = 'tenantGraphql.history';

/** A node of the history view: an operation's group, or one run. */
export type HistoryNode = { readonly kind: 'group'; readonly group: RunGroup } | { readonly kind: 'run'; readonly run: StoredRun };

/** What the integration tests read of the view: its rows as a person sees them. */
export interface HistoryRow {
  readonly label: string;
  readonly description?: string;
  readonly contextValue?: string;
  readonly runId?: string;
  readonly children?: readonly HistoryRow[];
}

/**
 * The History view in the Tenant GraphQL container: runs grouped by operation (groups and runs
 * newest first), each with status, duration, size, environment and time; pinned runs marked and
 * named. A search keeps the runs whose operation name, name, variables, status, outcome or
 * environment contain the text.
 */
export class HistoryView implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly view: vscode.TreeView<HistoryNode>;
  private readonly disposables: vscode.Disposable;
  private search = '';

  constructor(private readonly history: HistoryStore) {
    this.view = vscode.window.createTreeView(HISTORY_VIEW_ID, { treeDataProvider: this, canSelectMany: true, showCollapseAll: true });
    this.disposables = vscode.Disposable.from(
      this.view,
      this.emitter,
      history.onDidChange(() => this.emitter.fire(undefined)),
    );
  }

  /** The search text ('' for none). */
  get searchText(): string {
    return this.search;
  }

  /** Keeps only the runs that match `text` ('' shows every run). */
  setSearch(text: string): void {
    this.search = text.trim();
    this.view.message = this.search ? vscode.l10n.t('Runs matching "{0}"', inert(this.search, { sink: 'treeItem' })) : undefined;
    setContextKey('tenantGraphql.historySearched', this.search !== '');
    this.emitter.fire(undefined);
  }

  /** The selected runs (for Compare Runs from the view). */
  selectedRuns(): StoredRun[] {
    return this.view.selection.flatMap((n) => (n.kind === 'run' ? [n.run] : []));
  }

  getChildren(node?: HistoryNode): HistoryNode[] {
    if (!node) {
      const runs = this.history.list().filter((r) => matchesSearch(r, this.search));
      return groupRuns(runs).map((group) => ({ kind: 'group', group }));
    }
    return node.kind === 'group' ? node.group.runs.map((run) => ({ kind: 'run', run })) : [];
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(inert(node.group.operation ?? vscode.l10n.t('(anonymous)'), { sink: 'treeItem' }), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `group:${node.group.operation ?? ''}`;
      item.description = node.group.runs.length === 1 ? vscode.l10n.t('1 run') : vscode.l10n.t('{0} runs', node.group.runs.length);
      item.contextValue = 'operation';
      item.iconPath = new vscode.ThemeIcon('symbol-method');
      return item;
    }
    const run = node.run;
    const when = new Date(run.at);
    // Status and age first (a long date pushed them off a narrow view's edge); the date is in the tooltip.
    const now = Date.now();
    const item = new vscode.TreeItem(inert(run.name ?? runHeadline(run, now), { sink: 'treeItem' }), vscode.TreeItemCollapsibleState.None);
    item.id = `run:${run.id}`;
    item.description = inert(run.name ? runDescription(run, now, formatBytes) : runDetails(run, formatBytes), { sink: 'treeItem' });
    item.tooltip = inert(`${historyLabel(run, 60, 400)}\n${runDescription(run, Date.now(), formatBytes)}\n${when.toLocaleString()}`, { sink: 'diagnostic' });
    item.contextValue = run.pinned ? 'run.pinned' : 'run';
    const failed = run.status === 0 || run.status >= 400 || run.outcome !== undefined;
    item.iconPath = run.pinned
      ? new vscode.ThemeIcon('pinned')
      : new vscode.ThemeIcon(failed ? 'error' : 'pass', new vscode.ThemeColor(failed ? 'testing.iconFailed' : 'testing.iconPassed'));
    item.command = { command: 'tenantGraphql.history.openResult', title: vscode.l10n.t('Open Result'), arguments: [node] };
    return item;
  }

  /** The view's rows, for the integration tests. */
  rows(): HistoryRow[] {
    const row = (node: HistoryNode): HistoryRow => {
      const item = this.getTreeItem(node);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      const children = this.getChildren(node);
      return {
        label,
        description: typeof item.description === 'string' ? item.description : undefined,
        contextValue: item.contextValue,
        runId: node.kind === 'run' ? node.run.id : undefined,
        ...(children.length > 0 ? { children: children.map(row) } : {}),
      };
    };
    return this.getChildren().map(row);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
