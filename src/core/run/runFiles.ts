/**
 * The run history folder's files (see runStore.ts): the record format of a run's metadata file, its
 * checks, and reading the folder: every metadata file read (or kept when unchanged since last read),
 * leftovers of dead writes removed, and what cannot be read as ours set aside and reported.
 */
import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import type { RunResultView } from '../../shared/resultsMessages';
import type { RunHistoryEntry } from './history';
import type { VariableValues } from './variables';

/** A stored run: the history entry plus what the list shows and what the store knows of its body. */
export interface StoredRun extends RunHistoryEntry {
  /** Pinned runs are kept whatever the caps (until unpinned or deleted). */
  readonly pinned: boolean;
  /** The name given to a pinned run. */
  readonly name?: string;
  /** Size of the response body in bytes, when there was one. */
  readonly bytes?: number;
  /** Whether the response body is kept on disk (`tooLarge`: it alone was over the size cap). */
  readonly body: 'kept' | 'none' | 'tooLarge';
}

/** The view of a run without its body: the fields the results panel shows, and only those. */
export type StoredView = Omit<RunResultView, 'body'>;

/** A metadata file larger than this is not read (it cannot be one we wrote: variables are capped). */
export const MAX_META_BYTES = 1024 * 1024;
export const META = '.meta.json';
export const BODY = '.body.json';
/** Leftovers (a temporary file of a write that died, a body whose metadata never came) older than this are removed. */
const STALE_MS = 60 * 60 * 1000;

export interface MetaFile {
  readonly v: 1;
  readonly run: StoredRun;
  readonly view: StoredView;
}

export interface Loaded {
  meta: MetaFile;
  /** Bytes on disk of the metadata file and of the body file. */
  metaSize: number;
  bodySize: number;
  /** The metadata file as last read (inode and time: every write is a rename of a new file), to skip reading it again. */
  seen?: string;
}

/** What tells a metadata file apart from the one read before: a write renames a new file over it. */
export const fileStamp = (s: { ino: number; mtimeMs: number; ctimeMs: number; size: number }): string | undefined =>
  // A file system without inode numbers (0) cannot tell a replaced file apart: read it every time there.
  s.ino === 0 ? undefined : `${s.ino}:${s.mtimeMs}:${s.ctimeMs}:${s.size}`;

export const sizeOf = (l: Loaded | undefined): number => (l ? l.metaSize + l.bodySize : 0);

/** Where a store's files are, its clock and how it reports a file set aside. */
export interface RunFolder {
  readonly runsDir: string;
  readonly asideDir: string;
  readonly now: () => number;
  readonly report: (problem: string) => void;
}

/**
 * Reads every metadata file of the folder; what cannot be read as ours is set aside. `known`: the
 * runs as read before (a record not written since is not read again).
 */
export async function scanFolder(folder: RunFolder, known: ReadonlyMap<string, Loaded>): Promise<Map<string, Loaded>> {
  let names: string[];
  try {
    names = await readdir(folder.runsDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return new Map();
    }
    throw err;
  }
  const metas = new Set(names.filter((n) => n.endsWith(META)).map((n) => n.slice(0, -META.length)));
  const next = new Map<string, Loaded>();
  const now = folder.now();
  for (const name of names) {
    if (name.endsWith(META)) {
      const id = name.slice(0, -META.length);
      // A record read before and not written since (by this window or another) is not read again.
      const before = known.get(id);
      const s = before?.seen !== undefined ? await stat(path.join(folder.runsDir, name)).catch(() => undefined) : undefined;
      if (before && s && fileStamp(s) === before.seen) {
        next.set(id, before);
        continue;
      }
      const loaded = await readMeta(folder, id, name);
      if (loaded) {
        next.set(id, loaded);
      }
    } else if (name.endsWith('.tmp') || (name.endsWith(BODY) && !metas.has(name.slice(0, -BODY.length)))) {
      // A write that died half-way, or a body whose metadata never came (or is another window's, being written).
      const s = await stat(path.join(folder.runsDir, name)).catch(() => undefined);
      if (s && now - s.mtimeMs > STALE_MS) {
        await unlinkQuietly(path.join(folder.runsDir, name));
      }
    }
  }
  return next;
}

async function readMeta(folder: RunFolder, id: string, name: string): Promise<Loaded | undefined> {
  const file = path.join(folder.runsDir, name);
  try {
    const s = await stat(file);
    if (s.size > MAX_META_BYTES) {
      await setAside(folder, name, `it is larger than ${MAX_META_BYTES / 1024} KB`);
      return undefined;
    }
    const text = await readFile(file, 'utf8');
    let meta: unknown;
    try {
      meta = JSON.parse(text);
    } catch {
      meta = undefined;
    }
    if (!isMetaFile(meta) || meta.run.id !== id) {
      await setAside(folder, name, 'it is not a run record this extension wrote');
      return undefined;
    }
    const bodySize = meta.run.body === 'kept' ? ((await stat(path.join(folder.runsDir, `${id}${BODY}`)).catch(() => undefined))?.size ?? 0) : 0;
    return { meta, metaSize: s.size, bodySize, seen: fileStamp(s) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined; // deleted by another window while we read
    }
    throw err;
  }
}

/** Moves a file of the runs folder to `set-aside/` (kept for a person to look at) and reports it. */
export async function setAside(folder: RunFolder, name: string, why: string): Promise<void> {
  await mkdir(folder.asideDir, { recursive: true });
  const target = path.join(folder.asideDir, `${new Date(folder.now()).toISOString().replace(/[:.]/g, '-')}-${name}`);
  try {
    await rename(path.join(folder.runsDir, name), target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      await unlinkQuietly(path.join(folder.runsDir, name));
    }
  }
  folder.report(`The run history file ${name} was set aside because ${why}; the other runs are kept. It is in ${folder.asideDir}.`);
}

/** The fields of a view that are stored, picked one by one (never headers or anything else a view may grow). */
export function viewHead(view: RunResultView, variables: VariableValues): StoredView {
  const head: Record<string, unknown> = { runId: view.runId, environment: view.environment, at: view.at, variables };
  for (const key of ['operationName', 'operationType', 'documentUri', 'status', 'durationMs', 'bytes', 'revealAt', 'failure'] as const) {
    if (view[key] !== undefined) {
      head[key] = view[key];
    }
  }
  return head as unknown as StoredView;
}

export function safeId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

export async function unlinkQuietly(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}

function isMetaFile(v: unknown): v is MetaFile {
  if (v === null || typeof v !== 'object') {
    return false;
  }
  const m = v as Record<string, unknown>;
  const run = m.run as Record<string, unknown> | undefined;
  const view = m.view as Record<string, unknown> | undefined;
  return (
    m.v === 1 &&
    run !== null &&
    typeof run === 'object' &&
    view !== null &&
    typeof view === 'object' &&
    typeof run.id === 'string' &&
    safeId(run.id) &&
    typeof run.at === 'number' &&
    typeof run.documentUri === 'string' &&
    (run.operationName === undefined || typeof run.operationName === 'string') &&
    run.variables !== null &&
    typeof run.variables === 'object' &&
    !Array.isArray(run.variables) &&
    typeof run.status === 'number' &&
    typeof run.durationMs === 'number' &&
    typeof run.environment === 'string' &&
    typeof run.pinned === 'boolean' &&
    (run.name === undefined || typeof run.name === 'string') &&
    (run.body === 'kept' || run.body === 'none' || run.body === 'tooLarge') &&
    view.runId === run.id &&
    typeof view.at === 'string' &&
    typeof view.environment === 'string'
  );
}
