/**
 * The results panel's document view (resultDocument.ts): a result goes to its read-only JSON document
 * when the person prefers that view, or when the page did not render it even in a new panel (the
 * watchdog's last step); once the page renders that result after all, the person gets the way back.
 */
import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { errorMessage } from '../core/errors';
import { inert } from '../core/text/inert';
import type { RunResultView } from '../shared/resultsMessages';
import { resultDocumentText, type ShownResult } from './panelRequests';
import { preferredResultsView, type ResultDocuments } from './resultDocument';
import type { ResultFilter } from './resultFilter';

export class PanelDocumentView {
  /** The run opened as a document because the page did not render it (told once when the page does after all). */
  private fellBackFor: string | undefined;

  constructor(
    private readonly documents: ResultDocuments | undefined,
    private readonly filter: ResultFilter | undefined,
    private readonly logger: Logger,
    private readonly note: (event: string, level?: 'debug' | 'info') => void,
  ) {}

  /**
   * A new result: when the person prefers the document view (`tenantGraphql.results.view`), it opens
   * as its document and this resolves true (no panel is opened); false: the panel shows it.
   */
  showPreferred(shown: ShownResult): boolean {
    this.fellBackFor = undefined;
    if (this.documents === undefined || preferredResultsView() !== 'document') {
      return false;
    }
    this.note(`show ${shown.view.runId} as a JSON document (tenantGraphql.results.view)`);
    this.open(shown).catch((err: unknown) => this.logger.warn(`[results] could not open the result as a JSON document: ${errorMessage(err)}`));
    return true;
  }

  /** Opens the result as its document beside the editor; resolves to false when there is no document view here. */
  async open(shown: ShownResult): Promise<boolean> {
    if (!this.documents) {
      return false;
    }
    await this.documents.open(shown.view, await resultDocumentText(shown, this.filter));
    return true;
  }

  /** The watchdog's last step: the result opens as its document and the person is told, with Try the Panel Again (`retry`). */
  fallBack(shown: ShownResult, retry: () => void): void {
    this.fellBackFor = shown.view.runId;
    void this.open(shown).then(
      (opened) => {
        if (opened) {
          this.note(`opened ${shown.view.runId} as a JSON document`, 'info');
        }
        tellShownAsDocument(shown.view, retry);
      },
      (err: unknown) => this.logger.warn(`[results] could not open the result as a JSON document: ${errorMessage(err)}`),
    );
  }

  /** The page rendered `view`: when it had been opened as a document instead, the person gets the way back to the panel (`show`). */
  rendered(view: RunResultView, show: () => void): void {
    if (this.fellBackFor === view.runId) {
      this.fellBackFor = undefined;
      tellPanelWorks(view, show);
    }
  }
}

/**
 * Tells the person that the panel did not show the result of `view`, which is open as a JSON document
 * beside the editor instead; Try the Panel Again calls `retry`.
 */
export function tellShownAsDocument(view: RunResultView, retry: () => void): void {
  const action = vscode.l10n.t('Try the Panel Again');
  void vscode.window
    .showWarningMessage(
      inert(
        vscode.l10n.t(
          'The results panel did not respond, so the result of {0} is open as a JSON document beside the editor. Its errors are in Problems as always.',
          view.operationName ?? view.runId,
        ),
        { sink: 'notification' },
      ),
      action,
    )
    .then((choice) => {
      if (choice === action) {
        retry();
      }
    });
}

/** Tells the person that the panel shows the result of `view` after all (it was opened as a document); Show Results brings the panel to the front. */
export function tellPanelWorks(view: RunResultView, show: () => void): void {
  const action = vscode.l10n.t('Show Results');
  void vscode.window
    .showInformationMessage(inert(vscode.l10n.t('The results panel works again and shows the result of {0}.', view.operationName ?? view.runId), { sink: 'notification' }), action)
    .then((choice) => {
      if (choice === action) {
        show();
      }
    });
}
