/** Types of scripts/integration/webviewRecord.mjs for its unit tests. */
export const RESULTS_PAGE_TRACE: string;
export function createRecord(limit?: number, now?: () => Date): { lines: string[]; add(line: string): void };
export function shortUrl(url: string): string;
export function isWorkerScript(url: string): boolean;
export function consoleLine(message: { text: string; type: string; locationUrl: string | undefined }): string | undefined;
