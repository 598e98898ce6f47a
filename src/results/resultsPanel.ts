import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { errorMessage } from '../core/errors';
import {
  RAW_BODY_BYTES,
  RESULTS_VIEW_TYPE,
  isRunResultView,
  showMessage,
  storedShowMessage,
  type ResultsWebviewState,
  type RunResultView,
  type WebviewToExtensionMessage,
} from '../shared/resultsMessages';
import { decideWebviewMessage, responseJsonText } from './messagePolicy';
import type { UnparsedResult } from './resultsModel';
import { tableExportText } from '../shared/table';
import { resultsHtml } from './webviewHtml';
import { resultsStrings } from './strings';
import { copyResponseJson, openResponseJson, revealErrorLocation, saveResponseJson } from './resultActions';
import { inert } from '../core/text/inert';
import type { ResultFilter } from './resultFilter';
import { exportTable } from './tableExport';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

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

/**
 * The one results panel: created on the first result, reused for the next ones, restored after a
 * reload by the serializer. Talks to the webview only through checked messages.
 */
export class ResultsPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private current: RunResultView | undefined;
  /** The current result's body as JSON text never parsed here (a run reopened from the history; the page parses it). */
  private unparsed: UnparsedResult | undefined;
  /** The current result's answer as the Service sent it, when large: its bytes go to the page, which decodes them (see showMessage). */
  private sentBytes: Uint8Array | undefined;
  /** True between the webview's `ready` and the next reload of its page (hidden, or new HTML). */
  private webviewReady = false;
  /** Checks, a while after a result was sent, that the page said it rendered it (see watch). */
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private watchdogTries = 0;
  private panelSerial = 0;
  private rendered: ResultsPanelInfo['rendered'];
  private readonly mediaRoot: vscode.Uri;
  private readonly events: string[] = [];
  private loads = 0;
  /** The run whose operation's remembered filter was offered to the page (once per run). */
  private filterOffered: string | undefined;

  /**
   * For the integration tests, in the development build only: what the panel holds, and a message
   * handled as if the webview had posted it (tells whether it was accepted).
   */
  declare readonly testHooks: { info(): ResultsPanelInfo; receive(raw: unknown): Promise<boolean> } | undefined;

  constructor(
    extensionUri: vscode.Uri,
    private readonly logger: Logger,
    /** The JSONPath filter (its own module: resultFilter.ts); optional for tests that leave it out. */
    private readonly filter?: ResultFilter,
    /** Pin this result (resultsPins.ts): told when the page asks to keep this panel; `serialBase` continues the serials of the panel before. */
    private readonly pins?: { readonly onPin: (panel: ResultsPanel) => void; readonly onClosed: (panel: ResultsPanel) => void; readonly serialBase?: number },
  ) {
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
          trace: [...this.events],
        }),
        receive: (raw) => this.onMessage(raw),
      };
    }
  }

  /**
   * Shows a result: replaces what the panel shows, creating or revealing the panel without taking
   * focus. `unparsed`: its body is JSON text that this thread does not parse (see UnparsedResult).
   */
  show(view: RunResultView, unparsed?: UnparsedResult, sent?: Uint8Array): void {
    this.current = view;
    this.unparsed = unparsed?.view === view ? unparsed : undefined;
    // A large answer goes to the page as the bytes the Service sent (see RAW_BODY_BYTES): never decoded on this thread.
    this.sentBytes = sent && view.body !== undefined && sent.byteLength >= RAW_BODY_BYTES ? sent : undefined;
    this.note(`show ${view.runId}${this.unparsed ? ' (body as text)' : this.sentBytes ? ' (answer as bytes)' : ''}`);
    this.rendered = undefined;
    this.createOrShow(true);
    this.panel!.title = this.title();
    this.sendCurrent();
    this.watchdogTries = 0;
    this.watch();
  }

  /**
   * Makes sure the visible page shows the current result, escalating while it does not: the
   * result is sent again (a message lost while the page reloaded), the page is loaded again (a
   * `ready` lost), then the panel is made anew. That last step is what heals a webview whose host
   * frame cannot load at all: VS Code's webview host in a browser waits for its service worker, and
   * when that fails ("Could not register service worker", microsoft/vscode#125993) every page
   * loaded into that frame stays blank; only a new panel gets a new frame. When even that does not
   * help, the panel says the result is not shown and the person is told, with a way to try again.
   */
  private watch(): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      const view = this.current;
      if (!this.panel || !view || this.rendered?.runId === view.runId) {
        return;
      }
      if (!this.panel.visible) {
        return; // a hidden page renders nothing; showing it again re-arms (see attach)
      }
      if (this.watchdogTries >= WATCHDOG_STEPS.length) {
        this.giveUp(view);
        return;
      }
      const step = WATCHDOG_STEPS[this.watchdogTries++];
      const action = step === 'nudge' ? (this.webviewReady ? 'sending it again' : 'loading the page again') : 'making the panel anew';
      this.note(`watchdog: ${view.runId} not rendered (step ${this.watchdogTries}): ${action}`);
      if (step === 'recreate') {
        this.recreate();
      } else if (this.webviewReady) {
        this.sendCurrent();
      } else {
        this.load(this.panel);
      }
      this.watch();
    }, WATCHDOG_MS);
  }

  /** Replaces the panel by a new one in the same place (a new webview, with a host frame of its own). */
  private recreate(): void {
    const old = this.panel;
    const column = old?.viewColumn ?? vscode.ViewColumn.Beside;
    this.detach();
    old?.dispose();
    const panel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, this.title(), { viewColumn: column, preserveFocus: true }, this.options());
    this.note(`created panel ${this.panelSerial + 1} in place of panel ${this.panelSerial} (column ${panel.viewColumn})`);
    this.attach(panel);
  }

  /** The result could not be shown: the panel says so, and the person gets a way to try again. */
  private giveUp(view: RunResultView): void {
    this.note(`gave up: ${view.runId} is not shown`);
    if (this.panel) {
      this.panel.title = vscode.l10n.t('{0} (not shown)', this.title());
    }
    const reopen = vscode.l10n.t('Reopen Results');
    void vscode.window
      .showWarningMessage(
        inert(vscode.l10n.t('The results panel did not respond, so it does not show the result of {0}. Reopen it to try again.', view.operationName ?? view.runId), {
          sink: 'notification',
        }),
        reopen,
      )
      .then((choice) => {
        if (choice === reopen && this.current === view) {
          this.recreate();
          this.watchdogTries = 0;
          this.watch();
        }
      });
  }

  /** Opens the panel (with the last result, if any) or brings it to the front. */
  createOrShow(preserveFocus: boolean): void {
    if (this.panel) {
      this.note(`reveal (visible ${this.panel.visible}, column ${this.panel.viewColumn})`);
      this.panel.reveal(undefined, preserveFocus);
      return;
    }
    const panel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, this.title(), { viewColumn: vscode.ViewColumn.Beside, preserveFocus }, this.options());
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
    const kept = state as ResultsWebviewState | undefined;
    const view = kept && isRunResultView(kept.view) ? kept.view : kept && isRunResultView(kept.summary) ? kept.summary : undefined;
    // A restored result may only point at documents a run could have come from.
    this.current = view && view.documentUri !== undefined && !isAllowedDocumentUri(view.documentUri) ? { ...view, documentUri: undefined } : view;
    this.unparsed = undefined;
    this.sentBytes = undefined;
    this.attach(panel);
  }

  /** The serial of this panel (the next pinned panel's continue from it). */
  get serial(): number {
    return this.panelSerial;
  }

  dispose(): void {
    this.panel?.dispose();
    this.detach();
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return { enableScripts: true, localResourceRoots: [this.mediaRoot], enableFindWidget: true, retainContextWhenHidden: false };
  }

  /** True once the person pinned this panel: it keeps its result, and the next run opens a new panel. */
  private pinnedPanel = false;

  /** Keeps this panel's result (the feature sends the next runs to a new panel). */
  markPinned(): void {
    this.pinnedPanel = true;
    this.note('pinned');
    if (this.panel) {
      this.panel.title = this.title();
    }
  }

  /** Whether the person pinned this panel. */
  get pinned(): boolean {
    return this.pinnedPanel;
  }

  /** The run in flight, shown in the title of the open panel until its result replaces it. */
  private runningLabel: string | undefined;

  /** Says in the open panel's title that a run is in flight (nothing when no panel is open: the status bar tells it). */
  setRunning(label: string | undefined): void {
    this.runningLabel = label;
    if (this.panel) {
      this.panel.title = this.title();
    }
  }

  private title(): string {
    if (this.runningLabel !== undefined && !this.pinnedPanel) {
      return vscode.l10n.t('Running {0}…', this.runningLabel);
    }
    if (this.pinnedPanel) {
      return vscode.l10n.t('📌 {0}', this.current?.operationName ?? vscode.l10n.t('GraphQL Results'));
    }
    return this.current?.operationName ? vscode.l10n.t('Results: {0}', this.current.operationName) : vscode.l10n.t('GraphQL Results');
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.panelSerial++;
    this.webviewReady = false;
    this.rendered = undefined;
    panel.webview.options = this.options();
    panel.title = this.title();
    // A monochrome tab icon in the colours of VS Code's own icons, not the full-colour Marketplace PNG.
    panel.iconPath = { light: vscode.Uri.joinPath(this.mediaRoot, 'results-light.svg'), dark: vscode.Uri.joinPath(this.mediaRoot, 'results-dark.svg') };
    this.panelDisposables.push(
      panel.onDidDispose(() => this.detach()),
      panel.onDidChangeViewState(() => {
        this.note(`view state: visible ${panel.visible}, active ${panel.active}, column ${panel.viewColumn}`);
        // Without retainContextWhenHidden the page is unloaded when hidden and says `ready` again when shown.
        if (!panel.visible) {
          this.webviewReady = false;
        } else if (this.current && this.rendered?.runId !== this.current.runId) {
          this.watch();
        }
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.onMessage(raw)),
    );
    this.load(panel);
  }

  /** (Re)loads the page: it says `ready` and gets the current result. */
  private load(panel: vscode.WebviewPanel): void {
    this.webviewReady = false;
    this.note(`load page ${++this.loads}`);
    const webview = panel.webview;
    webview.html = resultsHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.mediaRoot, 'dist', 'results.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.mediaRoot, 'results.css')).toString(),
      strings: resultsStrings(),
      language: vscode.env.language,
    });
  }

  private detach(): void {
    if (this.panel) {
      this.note(`panel ${this.panelSerial} closed`);
      if (this.pinnedPanel) {
        this.pins?.onClosed(this);
      }
    }
    clearTimeout(this.watchdog);
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
    // A body kept as text goes as the answer's text, as a large live answer does (never parsed on this thread):
    // the page takes `data` and `extensions` from the text and the errors, normalised in the worker, from the view.
    const message = this.unparsed ? storedShowMessage(this.current, this.unparsed.text, this.unparsed.errors) : showMessage(this.current, this.sentBytes);
    void this.panel.webview.postMessage(message).then(
      (delivered) => this.note(`post ${runId}: ${delivered ? 'delivered' : 'not delivered (the page is not loaded; it gets it on its next ready)'}`),
      (err: unknown) => this.logger.warn(`[results] could not send the result to the panel: ${errorMessage(err)}`),
    );
  }

  /** Puts an expression in the page's filter box and applies it ("Filter to this"). */
  applyFilter(expression: string): boolean {
    if (!this.panel || !this.current || !this.webviewReady) {
      return false;
    }
    void this.panel.webview.postMessage({ type: 'setFilter', runId: this.current.runId, expression });
    return true;
  }

  /** Shows the list at `path` of the shown answer as a table ("Show as Table"). */
  showTable(path: readonly (string | number)[]): boolean {
    if (!this.panel || !this.current || !this.webviewReady) {
      return false;
    }
    void this.panel.webview.postMessage({ type: 'showTable', runId: this.current.runId, path });
    return true;
  }

  /** After a run rendered: its operation's last filter, once per run. */
  private offerRememberedFilter(): void {
    const view = this.current;
    const remembered = view && this.filter?.remembered(view);
    if (view && this.filterOffered !== view.runId) {
      this.filterOffered = view.runId;
      if (remembered) {
        this.applyFilter(remembered);
      }
    }
  }

  private async runFilter(view: RunResultView, expression: string): Promise<void> {
    if (!this.filter) {
      return;
    }
    const result = await this.filter.filter(view, expression, this.unparsed?.text);
    if (this.panel && this.current?.runId === view.runId) {
      void this.panel.webview.postMessage({ type: 'filterResult', runId: view.runId, result });
    }
  }

  /** Records one event of the panel's life (see {@link ResultsPanelInfo.trace}) and logs it. */
  private note(event: string): void {
    this.events.push(`${new Date().toISOString().slice(11, 23)} ${event}`);
    if (this.events.length > TRACE_LENGTH) {
      this.events.splice(0, this.events.length - TRACE_LENGTH);
    }
    this.logger.debug(`[results] ${event}`);
  }

  private async onMessage(raw: unknown): Promise<boolean> {
    const decision = decideWebviewMessage(raw, this.checkedView());
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

  /** What messages are checked against: for a body kept as text, its errors stand for the body. */
  private checkedView(): RunResultView | undefined {
    const view = this.current;
    const unparsed = this.unparsed;
    if (!view || !unparsed) {
      return view;
    }
    return { ...view, body: unparsed.errors ? { errors: unparsed.errors } : {} };
  }

  /** The response JSON that Copy/Save/Open give: printed in the filter worker when the body is kept as text. */
  private async jsonText(view: RunResultView): Promise<string | undefined> {
    if (this.unparsed && this.filter) {
      return this.filter.prettyJson(this.unparsed.text);
    }
    return responseJsonText(view);
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
        if (this.panel && view?.runId === message.runId) {
          this.panel.title = this.title(); // no longer "(not shown)"
        }
        this.note(`page rendered ${message.runId} (${message.treeItems} tree items)`);
        this.offerRememberedFilter();
        return;
      case 'filter':
        return this.runFilter(view!, message.expression);
      case 'filterShown':
        this.note(`page filtered ${message.runId}: ${message.invalid ? 'expression refused' : `${message.matches} matches shown`}`);
        return;
      case 'tableShown':
        this.note(`page table ${message.runId}: ${message.rows} rows, ${message.columns} columns, ${message.renderedRows} rows in the page`);
        return;
      case 'tableExport':
        await exportTable(
          view!,
          message.path,
          message.format,
          this.unparsed && this.filter
            ? await this.filter.table(this.unparsed.text, message.path, message.format, message.sort)
            : tableExportText(view!.body, message.path, message.format, message.sort),
          this.logger,
        );
        return;
      case 'pin':
        if (!this.pinnedPanel) {
          this.pins?.onPin(this);
        }
        return;
      case 'runAgain':
        // Through the command (the results feature does not reach into the run feature), as the History view's Run Again does.
        await vscode.commands.executeCommand('tenantGraphql.runOperation', { uri: view!.documentUri, operationName: view!.operationName, variables: view!.variables });
        return;
      case 'webviewError':
        this.logger.warn(`[results] the results panel reported: ${message.message}`);
        return;
      case 'copyJson':
      case 'saveJson':
      case 'openJson': {
        const text = await this.jsonText(view!);
        if (text === undefined) {
          return;
        }
        return message.type === 'copyJson' ? copyResponseJson(text) : message.type === 'saveJson' ? saveResponseJson(view!, text, this.logger) : openResponseJson(text);
      }
      case 'reveal':
        return revealErrorLocation(message.documentUri, message.line, message.column, view?.revealAt);
    }
  }
}

/**
 * How long a sent result may go unrendered before the next step, and the steps: nudge (send again,
 * or load the page again when it never said ready), then make the panel anew; then give up.
 */
const WATCHDOG_MS = 4000;
const WATCHDOG_STEPS: readonly ('nudge' | 'recreate')[] = ['nudge', 'nudge', 'recreate', 'nudge', 'recreate'];

/** Schemes a run's document can have (a restored state naming anything else is not trusted for `reveal`). */
function isAllowedDocumentUri(text: string): boolean {
  try {
    return ['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata'].includes(vscode.Uri.parse(text, true).scheme);
  } catch {
    return false;
  }
}
