/**
 * What the types worker remembers of its formatting across restarts: for each codegen output (by
 * the sha256 of its text before formatting), the sha256 of its formatted text. A generated file
 * on disk whose bytes hash to what the index says its output formats to is already what
 * formatting would write: after a reload, the first generation formats and writes only what
 * changed while the extension was away, not every file again. One small JSON file in the
 * extension's storage (`types-format-index.json`), rewritten after a generation that added
 * entries; at most {@link MAX_ENTRIES}, the oldest dropped first. A missing or unreadable index
 * is an empty one (everything is formatted, as on a first run).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { writeFileAtomically } from '../atomicFile';
import { FORMAT_VERSION } from './formatTypescript';

/** Entries kept (a workspace of many thousand generated files and some history). */
const MAX_ENTRIES = 20_000;

/** The sha256 of a text, hex. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The index of one file: raw output hash -> formatted text hash. */
export class FormatIndex {
  private entries: Map<string, string> | undefined;
  private loading: Promise<Map<string, string>> | undefined;
  private dirty = false;

  constructor(readonly file: string) {}

  /** The formatted text's hash for a raw output's hash, if known. */
  async formattedHash(rawHash: string): Promise<string | undefined> {
    return (await this.load()).get(rawHash);
  }

  /** Notes that the raw output of this hash formats to a text of that hash. */
  async remember(rawHash: string, formattedHash: string): Promise<void> {
    const entries = await this.load();
    if (entries.get(rawHash) === formattedHash) {
      return;
    }
    entries.delete(rawHash);
    entries.set(rawHash, formattedHash);
    while (entries.size > MAX_ENTRIES) {
      entries.delete(entries.keys().next().value as string);
    }
    this.dirty = true;
  }

  /** Writes the index when entries were added since it was read or written. */
  async save(): Promise<void> {
    if (!this.dirty || !this.entries) {
      return;
    }
    this.dirty = false;
    await writeFileAtomically(this.file, JSON.stringify({ version: FORMAT_VERSION, entries: [...this.entries] }));
  }

  private load(): Promise<Map<string, string>> {
    if (this.entries) {
      return Promise.resolve(this.entries);
    }
    this.loading ??= readFile(this.file, 'utf8')
      .then((text) => {
        const parsed = JSON.parse(text) as { version?: unknown; entries?: unknown };
        const valid = parsed.version === FORMAT_VERSION && Array.isArray(parsed.entries);
        return new Map<string, string>(valid ? (parsed.entries as [string, string][]).filter((e) => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string') : []);
      })
      .catch(() => new Map<string, string>())
      .then((map) => {
        this.entries = map;
        return map;
      });
    return this.loading;
  }
}
