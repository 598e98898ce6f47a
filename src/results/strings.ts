import * as vscode from 'vscode';
import type { ResultsStrings } from '../shared/resultsMessages';

/** The webview's UI text, localized here (placeholders are passed through as `{0}`, `{1}` for the webview to fill). */
export function resultsStrings(): ResultsStrings {
  const t = vscode.l10n.t;
  return {
    emptyTitle: t('GraphQL Results'),
    emptyHint: t('Run an operation (Tenant GraphQL: Run Operation, or Ctrl/Cmd+Enter in a .graphql file) to see its result here.'),
    anonymousOperation: t('(anonymous {0})', '{0}'),
    environment: t('Environment'),
    status: t('Status'),
    noHttpAnswer: t('no HTTP answer'),
    duration: t('Duration'),
    size: t('Size'),
    time: t('Time'),
    copyJson: t('Copy JSON'),
    saveJson: t('Save to File…'),
    openJson: t('Open as JSON Document'),
    errorsHeading: t('Errors ({0})', '{0}'),
    errorPath: t('path: {0}', '{0}'),
    errorLocation: t('line {0}, column {1}', '{0}', '{1}'),
    errorLocationHint: t('Go to this place in the operation'),
    errorNoLocation: t('no location in the document'),
    dataHeading: t('Data'),
    noData: t('The response has no data.'),
    bodyHeading: t('Whole response'),
    showMore: t('Show more ({0} not shown)', '{0}'),
    showAll: t('show all'),
    moreCharacters: t('{0} more characters', '{0}'),
    itemsCount: t('{0} items', '{0}'),
    oneItem: t('1 item'),
    keysCount: t('{0} keys', '{0}'),
    oneKey: t('1 key'),
    continueAtDepth: t('Continue from here (level {0})…', '{0}'),
    backToDepth: t('Back to level {0}', '{0}'),
    firstBytes: t('First bytes of the answer, as text'),
    filterLabel: t('Filter (JSONPath)'),
    filterPlaceholder: t('Filter with JSONPath, e.g. $..id or $.data.tasks[?(@.done == false)]'),
    filterMatches: t('{0} matches', '{0}'),
    filterNoMatch: t('Nothing matches.'),
    filterMoreMatches: t('{0} more matches not shown', '{0}'),
    filterCut: t('(value cut short)'),
    notKeptAcrossReload: t('This result was too large to keep across a reload: run the operation again to see its data.'),
  };
}
