import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { errorMessage } from '../core/errors';
import { RAW_BODY_BYTES, showMessage, storedShowMessage, type ExtensionToWebviewMessage, type RunResultView, type WebviewToExtensionMessage } from '../shared/resultsMessages';
import { decideWebviewMessage } from './messagePolicy';
import type { UnparsedResult } from './resultsModel';
import { inert } from '../core/text/inert';
import { dressPanel, newPanel, pageHtml, panelTitle, restoredView } from './panelPage';
import type { ResultFilter } from './resultFilter';
import { answerRequest, checkedView } from './panelRequests';
import { PanelTrace, reportLine, type ResultsPanelInfo } from './panelTrace';
import { PanelWatchdog, type WatchedPanel } from './panelWatchdog';
import type { ResultDocuments } from './resultDocument';
import { PanelDocumentView } from './panelDocument';

export type { ResultsPanelInfo } from './panelTrace';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/**
 * The one results panel: created on the first result, reused for the next ones, restored after a
 * reload by the serializer. Talks to the webview only through checked messages.
 */
export class ResultsPanel implements vscode.Disposable, WatchedPanel {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private current: RunResultView | undefined;
  /** The current result's body as a stored file's bytes never decoded or parsed here (a run reopened from the history; the page does it). */
  private unparsed: UnparsedResult | undefined;
  /** The current result's answer as the Service sent it, when large: its bytes go to the page, which decodes them (see showMessage). */
  private sentBytes: Uint8Array | undefined;
  /** True between the webview's `ready` and the next reload of its page (hidden, or new HTML). */
  private webviewReady = false;
  /** Checks, a while after a result was sent, that the page said it rendered it (panelWatchdog.ts). */
  private readonly watchdog = new PanelWatchdog(this);
  private panelSerial: number;
  private rendered: ResultsPanelInfo['rendered'];
  private readonly mediaRoot: vscode.Uri;
  private readonly trace: PanelTrace;
  private loads = 0;
  /** The run whose operation's remembered filter was offered to the page (once per run). */
  private filterOffered: string | undefined;
  /** The result as a read-only JSON document: the person's preferred view, and the watchdog's last step. */
  private readonly documentView: PanelDocumentView;

  /** For the integration tests, in the development build only: what the panel holds, and a message handled as if the webview had posted it (tells whether it was accepted). */
  declare readonly testHooks: { info(): ResultsPanelInfo; receive(raw: unknown): Promise<boolean> } | undefined;

  constructor(
    extensionUri: vscode.Uri,
    private readonly logger: Logger,
    /** The JSONPath filter (its own module: resultFilter.ts); optional for tests that leave it out. */
    private readonly filter?: ResultFilter,
    /** Pin this result (resultsPins.ts): told when the page asks to keep this panel; `serialBase` continues the serials of the panel before. */
    private readonly pins?: { readonly onPin: (panel: ResultsPanel) => void; readonly onClosed: (panel: ResultsPanel) => void; readonly serialBase?: number },
    /** Where a result goes when the page does not render it (resultDocument.ts). */
    documents?: ResultDocuments,
  ) {
    this.trace = new PanelTrace(logger);
    this.documentView = new PanelDocumentView(documents, filter, logger, this.note);
    this.panelSerial = pins?.serialBase ?? 0;
    this.mediaRoot = vscode.Uri.joinPath(extensionUri, 'media');
    if (__TEST_API__) {
      this.testHooks = {
        info: () => ({
          panelSerial: this.panelSerial,
          open: this.panel !== undefined,
          visible: this.panel?.visible ?? false,
          shownRunId: this.current?.runId,
          title: this.panel?.title,
          rendered: this.rendered,
          html: this.panel?.webview.html,
          trace: this.trace.list(),
        }),
        receive: (raw) => this.onMessage(raw),
      };
    }
  }

  /**
   * Shows a result: replaces what the panel shows, creating or revealing the panel without taking
   * focus. `unparsed`: its body is a stored file's bytes that this thread does not decode (see UnparsedResult).
   */
  show(view: RunResultView, unparsed?: UnparsedResult, sent?: Uint8Array): void {
    this.current = view;
    this.unparsed = unparsed?.view === view ? unparsed : undefined;
    // A large answer goes to the page as the bytes the Service sent (see RAW_BODY_BYTES): never decoded on this thread.
    this.sentBytes = sent && view.body !== undefined && sent.byteLength >= RAW_BODY_BYTES ? sent : undefined;
    this.note(`show ${view.runId}${this.unparsed ? ' (stored answer as bytes)' : this.sentBytes ? ' (answer as bytes)' : ''}`);
    this.rendered = undefined;
    if (this.documentView.showPreferred({ view, unparsed: this.unparsed })) {
      this.retitle(); // no panel is opened; an open one still gets the result
      this.sendCurrent();
      return;
    }
    this.createOrShow(true);
    this.panel!.title = this.title();
    this.sendCurrent();
    this.watchdog.restart();
  }

  /** The watchdog's view of the panel: the result the visible page has not said it rendered. */
  unrendered(): RunResultView | undefined {
    // In this order (as before the split): a disposed webview throws on `visible`, and a rendered result needs no look at it.
    const view = this.current;
    return this.panel && view && this.rendered?.runId !== view.runId && this.panel.visible ? view : undefined;
  }

  get pageReady(): boolean {
    return this.webviewReady;
  }

  /** The watchdog's resend: the result sent again to the ready page. */
  readonly resend = (): void => this.sendCurrent();

  /** The watchdog's last step: the result opens as a JSON document beside the editor (panelDocument.ts); the panel stays, titled "(not shown)", until its page renders it. */
  showAsDocument(view: RunResultView): void {
    this.retitle(true);
    this.documentView.fallBack({ view, unparsed: this.current === view ? this.unparsed : undefined }, () => {
      if (this.current === view) {
        this.recreate();
        this.watchdog.restart();
      }
    });
  }

  /** Replaces the panel by a new one in the same place (a new webview, with a host frame of its own). */
  recreate(): void {
    const old = this.panel;
    const column = old?.viewColumn ?? vscode.ViewColumn.Beside;
    this.detach();
    old?.dispose();
    const panel = newPanel(this.title(), column, true, this.mediaRoot);
    this.note(`created panel ${this.panelSerial + 1} in place of panel ${this.panelSerial} (column ${panel.viewColumn})`);
    this.attach(panel);
  }

  /** Show Results: the last result as a document when the person prefers that view, else the panel. */
  showResults(): void {
    if (!this.current || !this.documentView.showPreferred({ view: this.current, unparsed: this.unparsed })) {
      this.createOrShow(false);
    }
  }

  /** Opens the panel (with the last result, if any) or brings it to the front. */
  createOrShow(preserveFocus: boolean): void {
    if (this.panel) {
      this.note(`reveal (visible ${this.panel.visible}, column ${this.panel.viewColumn})`);
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = newPanel(this.title(), vscode.ViewColumn.Beside, preserveFocus, this.mediaRoot);
    this.note(`created panel ${this.panelSerial + 1} (column ${panel.viewColumn})`);
    this.attach(panel);
  }

  /** The serializer's half: adopts a panel VS Code restored after a reload, with the state the webview kept. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    if (this.panel) {
      // Only one results panel: a second restored one (two windows' worth of state) is closed.
      panel.dispose();
      return;
    }
    this.note(`restored panel ${this.panelSerial + 1}`);
    this.current = restoredView(state);
    this.unparsed = undefined;
    this.sentBytes = undefined;
    this.attach(panel);
    // A restored page waits for its host frame as a new one does: watched the same way (it checks only a visible page's result).
    this.watchdog.restart();
  }

  /** The serial of this panel (the next pinned panel's continue from it). */
  get serial(): number {
    return this.panelSerial;
  }

  dispose(): void {
    this.panel?.dispose();
    this.detach();
  }

  /** True once the person pinned this panel (it keeps its result, the next run opens a new panel); the run in flight. */
  private readonly titleState: { pinned: boolean; running?: string } = { pinned: false };

  /** Keeps this panel's result (the feature sends the next runs to a new panel). */
  markPinned(): void {
    this.titleState.pinned = true;
    this.note('pinned');
    this.retitle();
  }

  /** Whether the person pinned this panel. */
  get pinned(): boolean {
    return this.titleState.pinned;
  }

  /** Says in the open panel's title that a run is in flight (nothing when no panel is open: the status bar tells it). */
  setRunning(label: string | undefined): void {
    this.titleState.running = label;
    this.retitle();
  }

  private title(): string {
    return panelTitle(this.titleState.running, this.titleState.pinned, this.current?.operationName);
  }

  private retitle(notShown = false): void {
    if (this.panel) {
      this.panel.title = notShown ? vscode.l10n.t('{0} (not shown)', this.title()) : this.title();
    }
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.panelSerial++;
    this.webviewReady = false;
    this.rendered = undefined;
    dressPanel(panel, this.mediaRoot);
    panel.title = this.title();
    this.panelDisposables.push(
      panel.onDidDispose(() => this.detach()),
      panel.onDidChangeViewState(() => {
        this.note(`view state: visible ${panel.visible}, active ${panel.active}, column ${panel.viewColumn}`);
        // Without retainContextWhenHidden the page is unloaded when hidden and says `ready` again when shown.
        if (!panel.visible) {
          this.webviewReady = false;
        } else if (this.current && this.rendered?.runId !== this.current.runId) {
          this.watchdog.arm();
        }
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw)),
    );
    // The page says `ready` and gets the current result.
    this.note(`load page ${++this.loads}`);
    panel.webview.html = pageHtml(panel.webview, this.mediaRoot);
  }

  private detach(): void {
    if (this.panel) {
      this.note(`panel ${this.panelSerial} closed`);
      if (this.titleState.pinned) {
        this.pins?.onClosed(this);
      }
    }
    this.watchdog.stop();
    this.panel = undefined;
    this.webviewReady = false;
    vscode.Disposable.from(...this.panelDisposables).dispose();
    this.panelDisposables = [];
  }

  private sendCurrent(): void {
    if (!this.panel || !this.current) {
      return;
    }
    const runId = this.current.runId;
    if (!this.webviewReady) {
      this.note(`hold ${runId} until the page is ready`);
      return;
    }
    this.note(`post ${runId}`);
    // A stored body goes as the file's bytes, as a large live answer does (never decoded here; errors normalised in the worker).
    const message = this.unparsed ? storedShowMessage(this.current, this.unparsed.bytes, this.unparsed.errors) : showMessage(this.current, this.sentBytes);
    void this.panel.webview.postMessage(message).then(
      (delivered) => this.note(`post ${runId}: ${delivered ? 'delivered' : 'not delivered (the page is not loaded; it gets it on its next ready)'}`),
      (err: unknown) => this.logger.warn(`[results] could not send the result to the panel: ${errorMessage(err)}`),
    );
  }

  /** Puts an expression in the page's filter box and applies it ("Filter to this"). */
  readonly applyFilter = (expression: string): boolean => this.tellPage((runId) => ({ type: 'setFilter', runId, expression }));
  /** Shows the list at `path` of the shown answer as a table ("Show as Table"). */
  readonly showTable = (path: readonly (string | number)[]): boolean => this.tellPage((runId) => ({ type: 'showTable', runId, path }));

  /** Posts a message about the shown run to the page, when it is ready; false otherwise. */
  private tellPage(message: (runId: string) => ExtensionToWebviewMessage): boolean {
    if (!this.panel || !this.current || !this.webviewReady) {
      return false;
    }
    void this.panel.webview.postMessage(message(this.current.runId));
    return true;
  }

  /** Records one event of the panel's life (see {@link ResultsPanelInfo.trace}) and logs it. */
  readonly note = (event: string, level?: 'debug' | 'info'): void => this.trace.note(event, level);

  private async onMessage(raw: unknown): Promise<boolean> {
    const decision = decideWebviewMessage(raw, this.current && checkedView(this.current, this.unparsed));
    if (!decision.accept) {
      this.logger.warn(`[results] ignored a message from the results panel: ${decision.reason}`);
      return false;
    }
    try {
      await this.act(decision.message);
    } catch (err) {
      this.logger.error(`[results] ${decision.message.type} failed: ${errorMessage(err)}`);
      void vscode.window.showErrorMessage(inert(vscode.l10n.t('Tenant GraphQL: {0}', errorMessage(err)), { sink: 'notification' }));
    }
    return true;
  }

  private async act(message: WebviewToExtensionMessage): Promise<void> {
    const view = this.current;
    switch (message.type) {
      case 'ready':
        this.note(`page ready (shows ${message.shownRunId ?? 'nothing'})`);
        this.webviewReady = true;
        if (view && view.runId !== message.shownRunId) {
          this.sendCurrent();
        }
        return;
      case 'rendered':
        this.rendered = { runId: message.runId, treeItems: message.treeItems };
        if (view?.runId === message.runId) {
          this.retitle(); // no longer "(not shown)"
          this.documentView.rendered(view, () => this.createOrShow(false));
        }
        this.note(`page rendered ${message.runId} (${message.treeItems} tree items)`);
        if (view && this.filterOffered !== view.runId) {
          this.filterOffered = view.runId; // after a run rendered: its operation's last filter, once per run
          const remembered = this.filter?.remembered(view);
          if (remembered) {
            this.applyFilter(remembered);
          }
        }
        return;
      case 'filterShown':
      case 'tableShown':
        this.note(reportLine(message));
        return;
      case 'pin':
        if (!this.titleState.pinned) {
          this.pins?.onPin(this);
        }
        return;
      case 'webviewError':
        this.logger.warn(`[results] the results panel reported: ${message.message}`);
        return;
      default:
        // The shown result's data: filter, table export, Copy/Save/Open JSON, reveal, run again (panelRequests.ts).
        return answerRequest(message, { view: view!, unparsed: this.unparsed }, this.filter, this.logger, (result) => {
          if (this.panel && this.current?.runId === view!.runId) {
            void this.panel.webview.postMessage({ type: 'filterResult', runId: view!.runId, result });
          }
        });
    }
  }
}
