import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { FilterClient } from '../core/results/filterClient';
import { registerCommands } from '../platform/commands';
import { RESULTS_VIEW_TYPE, type RunResultView } from '../shared/resultsMessages';
import { resultsCommands } from './commands';
import type { ResultsPresenter } from './resultsModel';
import { newPanel } from './panelPage';
import { ResultsPanel, type ResultsPanelInfo } from './resultsPanel';
import { ResultFilter } from './resultFilter';
import { ResultDocuments } from './resultDocument';

export type { ResultsPresenter, RunResultView } from './resultsModel';
export type { ResultsPanelInfo } from './resultsPanel';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** What the integration tests reach through the extension's exported test API (never a command). */
export interface ResultsTestApi {
  /** Shows a result as the run feature would; returns what the panel then holds. */
  show(view: RunResultView): ResultsPanelInfo;
  /** What the panel holds now (no data of the result itself). */
  info(): ResultsPanelInfo;
  /** Handles a message as if the webview had posted it; resolves whether it was accepted. */
  receive(message: unknown): Promise<boolean>;
  /** How many panels are pinned (Pin This Result). */
  pinnedPanels(): number;
  /** Restores a panel as VS Code does after a reload (a new webview panel handed to the serializer with the state its page kept). */
  restore(state: unknown): Promise<ResultsPanelInfo>;
}

/**
 * The results feature: the one results webview panel (the run feature's presenter), its
 * serializer (restores the panel after a reload) and the Show Results command. Build it during
 * activation: the serializer must be registered then for VS Code to restore the panel.
 */
export class ResultsFeature implements vscode.Disposable {
  /** The panel the next result goes to. */
  private panel: ResultsPanel;
  /** Panels the person pinned ("Pin This Result"): they keep their result until closed. */
  private readonly pinnedPanels = new Set<ResultsPanel>();
  private readonly disposables: vscode.Disposable;
  /** Shows run results in the current panel. */
  readonly presenter: ResultsPresenter;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: ResultsTestApi | undefined;

  constructor(services: {
    readonly context: vscode.ExtensionContext;
    readonly logger: Logger;
    /** The window's filter worker (the composition root's; shared with the run feature's Compare). */
    readonly filterWorker: FilterClient;
  }) {
    const { context, logger } = services;
    const filter = new ResultFilter(services.filterWorker, context.workspaceState);
    // The results as read-only JSON documents: the view a person may prefer, and the panel's fallback.
    const documents = new ResultDocuments();
    const pins = (serialBase: number) => ({
      serialBase,
      onPin: (pinned: ResultsPanel) => {
        if (pinned !== this.panel) {
          return;
        }
        pinned.markPinned();
        this.pinnedPanels.add(pinned);
        // The next result opens a new panel; its serials continue this one's (tests tell panels apart by them).
        this.panel = new ResultsPanel(context.extensionUri, logger, filter, pins(pinned.serial), documents);
      },
      onClosed: (closed: ResultsPanel) => {
        this.pinnedPanels.delete(closed);
        closed.dispose();
      },
    });
    this.panel = new ResultsPanel(context.extensionUri, logger, filter, pins(0), documents);
    this.presenter = {
      show: (view, body) => {
        filter.keep(view.runId, body);
        this.panel.show(view, undefined, body);
      },
      showUnparsed: (result) => {
        filter.keep(result.view.runId, result.bytes);
        this.panel.show(result.view, result);
      },
      running: (label) => this.panel.setRunning(label),
    };
    const current = () => this.panel;
    this.disposables = vscode.Disposable.from(
      { dispose: () => [this.panel, ...this.pinnedPanels].forEach((p) => p.dispose()) },
      documents,
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: (restored, state: unknown) => {
          this.panel.restore(restored, state);
          return Promise.resolve();
        },
      }),
      registerCommands(
        resultsCommands,
        {
          get panel() {
            return current();
          },
        },
        logger,
        'results',
      ),
    );
    if (__TEST_API__) {
      this.testApi = {
        show: (view) => {
          this.panel.show(view);
          return this.panel.testHooks!.info();
        },
        info: () => this.panel.testHooks!.info(),
        receive: (message) => this.panel.testHooks!.receive(message),
        pinnedPanels: () => this.pinnedPanels.size,
        restore: async (state) => {
          // VS Code hands the serializer a panel already shown: its view-state events are over by then.
          const panel = newPanel('Results', vscode.ViewColumn.Beside, true, vscode.Uri.joinPath(context.extensionUri, 'media'));
          await new Promise<void>((settled) => {
            const timer = setTimeout(settled, 2000);
            panel.onDidChangeViewState(() => (clearTimeout(timer), settled()));
          });
          this.panel.restore(panel, state);
          return this.panel.testHooks!.info();
        },
      };
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
