/** Types of scripts/integration/runSecretScan.mjs for its unit tests. */
export interface Source {
  readonly where: string;
  readonly bytes: Buffer;
}
export interface BrowserEntry {
  readonly where: string;
  readonly key: string;
  readonly value: string;
}
export const LISTENER_RECORD: string;
export function isSecretStorage(entry: BrowserEntry): boolean;
export function withoutLastQuery(file: Source): Source;
export function scanSources(files: readonly Source[], browserEntries: readonly BrowserEntry[]): { files: Source[]; searchedEntries: BrowserEntry[]; sources: Source[] };
