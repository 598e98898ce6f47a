/**
 * What the results panel does for the page's requests about the shown result's data: filter it,
 * export a list as a table, Copy/Save/Open its JSON, jump to an error's place, run it again. A body
 * kept as a stored file's bytes (a run reopened from the history) is read in the filter worker, never on this thread.
 */
import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { FilterResultView, RunResultView, WebviewToExtensionMessage } from '../shared/resultsMessages';
import { tableExportText } from '../shared/table';
import { responseJsonText } from './messagePolicy';
import type { UnparsedResult } from './resultsModel';
import type { ResultFilter } from './resultFilter';
import { copyResponseJson, openResponseJson, revealErrorLocation, saveResponseJson } from './resultActions';
import { exportTable } from './tableExport';

/** The shown result: its view, and its body as a stored file's bytes when it is kept so. */
export interface ShownResult {
  readonly view: RunResultView;
  readonly unparsed?: UnparsedResult;
}

/** What messages are checked against: for a body kept as bytes, its errors stand for the body. */
export function checkedView(view: RunResultView, unparsed: UnparsedResult | undefined): RunResultView {
  return unparsed ? { ...view, body: unparsed.errors ? { errors: unparsed.errors } : {} } : view;
}

/** The response JSON that Copy/Save/Open give: printed in the filter worker when the body is kept as bytes. */
async function jsonText({ view, unparsed }: ShownResult, filter: ResultFilter | undefined): Promise<string | undefined> {
  if (unparsed && filter) {
    return filter.prettyJson(unparsed.bytes);
  }
  return responseJsonText(view);
}

/**
 * The text of a result's JSON document (resultDocument.ts): the response JSON that Open as JSON
 * Document gives, or, for a failure without a usable body, the failure and its status as JSON.
 */
export async function resultDocumentText(shown: ShownResult, filter: ResultFilter | undefined): Promise<string> {
  const text = await jsonText(shown, filter);
  if (text !== undefined) {
    return text;
  }
  const { status, failure } = shown.view;
  return `${JSON.stringify({ status: status ?? null, failure: failure ?? null }, null, 2)}\n`;
}

/** Answers a checked request about the shown result (other messages are the panel's own). `filtered` gets a filter's answer. */
export async function answerRequest(
  message: WebviewToExtensionMessage,
  shown: ShownResult,
  filter: ResultFilter | undefined,
  logger: Logger,
  filtered: (result: FilterResultView) => void,
): Promise<void> {
  const { view, unparsed } = shown;
  switch (message.type) {
    case 'filter':
      if (filter) {
        filtered(await filter.filter(view, message.expression, unparsed?.bytes));
      }
      return;
    case 'tableExport':
      await exportTable(
        view,
        message.path,
        message.format,
        unparsed && filter
          ? await filter.table(unparsed.bytes, message.path, message.format, message.sort)
          : tableExportText(view.body, message.path, message.format, message.sort),
        logger,
      );
      return;
    case 'runAgain':
      // Through the command (the results feature does not reach into the run feature), as the History view's Run Again does.
      await vscode.commands.executeCommand('tenantGraphql.runOperation', { uri: view.documentUri, operationName: view.operationName, variables: view.variables });
      return;
    case 'copyJson':
    case 'saveJson':
    case 'openJson': {
      const text = await jsonText(shown, filter);
      if (text === undefined) {
        return;
      }
      return message.type === 'copyJson' ? copyResponseJson(text) : message.type === 'saveJson' ? saveResponseJson(view, text, logger) : openResponseJson(text);
    }
    case 'reveal':
      return revealErrorLocation(message.documentUri, message.line, message.column, view.revealAt);
    default:
      return;
  }
}
