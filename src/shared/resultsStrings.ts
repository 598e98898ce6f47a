/** The results page's texts, localized by the extension (src/results/strings.ts). Pure TypeScript. */
/** Text of the webview UI, localized by the extension (the webview has no `vscode.l10n`). `{0}` marks arguments. */
export interface ResultsStrings {
  /** The depth controls of very deep answers (`{0}` is a level). */
  readonly continueAtDepth: string;
  readonly backToDepth: string;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  readonly anonymousOperation: string;
  readonly environment: string;
  readonly status: string;
  readonly noHttpAnswer: string;
  readonly duration: string;
  readonly size: string;
  readonly time: string;
  readonly copyJson: string;
  readonly saveJson: string;
  readonly openJson: string;
  readonly errorsHeading: string;
  readonly errorPath: string;
  readonly errorLocation: string;
  readonly errorLocationHint: string;
  readonly errorNoLocation: string;
  readonly dataHeading: string;
  readonly noData: string;
  readonly bodyHeading: string;
  readonly showMore: string;
  readonly showAll: string;
  readonly moreCharacters: string;
  readonly itemsCount: string;
  readonly oneItem: string;
  readonly keysCount: string;
  readonly oneKey: string;
  readonly firstBytes: string;
  readonly notKeptAcrossReload: string;
  readonly filterLabel: string;
  readonly filterPlaceholder: string;
  /** The box's tooltip: a longer example than the placeholder has room for. */
  readonly filterExample: string;
  readonly filterMatches: string;
  readonly filterOneMatch: string;
  readonly filterNoMatch: string;
  readonly filterMoreMatches: string;
  readonly filterCut: string;
  readonly tableList: string;
  readonly showTable: string;
  readonly showTree: string;
  readonly copyCsv: string;
  readonly saveCsv: string;
  readonly copyMarkdown: string;
  readonly tableRows: string;
  readonly tableOneRow: string;
  /** The accessible name of the row of icon buttons above a result. */
  readonly actionsLabel: string;
  readonly runAgain: string;
  readonly pinResult: string;
  readonly responseHeading: string;
  readonly attempts: string;
  readonly timingDns: string;
  readonly timingConnect: string;
  readonly timingTls: string;
  readonly timingTunnel: string;
  readonly timingFirstByte: string;
  readonly timingDownload: string;
  readonly timingConnection: string;
  readonly connectionNew: string;
  readonly connectionReused: string;
  readonly connectionProxy: string;
  readonly connectionProxyTunnel: string;
  readonly connectionUnknown: string;
  /** The status line read out when a run's result arrives: operation, status, duration (or failure title). */
  readonly runAnnounce: string;
}
