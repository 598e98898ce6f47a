/**
 * Run history on disk: one small metadata file and one body file per run, in a folder of the
 * extension's workspace storage. One file per run (not one index file) so that two windows of the
 * same workspace never write the same file when they record runs: each window writes its own runs
 * (body first, then metadata, both through a temporary file and a rename), and the list is the
 * folder's metadata files. A corrupt or oversized file is moved to `set-aside/` and reported; the
 * other runs stay. File work is asynchronous (libuv's thread pool), and a response body arrives as
 * the bytes the server sent, so nothing big is serialised on the caller's thread.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomically } from '../atomicFile';
import type { Clock } from '../clock';
import { stringifyJson } from '../../shared/deepJson';
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

/** What {@link RunStore.add} takes. */
export interface RunToStore {
  readonly documentUri: string;
  readonly operationName?: string;
  readonly variables: VariableValues;
  readonly status: number;
  readonly outcome?: string;
  readonly durationMs: number;
  readonly environment: string;
  /** The view the results panel showed (its body is not stored from here: see `bodyBytes`). */
  readonly view: RunResultView;
  /** The response body as the server sent it (JSON); when absent, `view.body` is written as JSON. */
  readonly bodyBytes?: Uint8Array;
}

/** Options of a {@link RunStore}. */
export interface RunStoreOptions {
  /** The folder of this store (created on first write). */
  readonly dir: string;
  /** How many unpinned runs to keep (`tenantGraphql.history.maxRuns`). */
  readonly maxRuns: () => number;
  /** How many bytes the folder may hold; the oldest unpinned runs go first (`tenantGraphql.history.maxMegabytes`). */
  readonly maxBytes: () => number;
  /** Told about each file set aside (plain words, no data of the file). */
  readonly report: (problem: string) => void;
  readonly clock?: Clock;
  readonly newId?: () => string;
}

/** A metadata file larger than this is not read (it cannot be one we wrote: variables are capped). */
export const MAX_META_BYTES = 1024 * 1024;
const MAX_VARIABLES_JSON = 64 * 1024;
const META = '.meta.json';
const BODY = '.body.json';
/** Leftovers (a temporary file of a write that died, a body whose metadata never came) older than this are removed. */
const STALE_MS = 60 * 60 * 1000;

interface MetaFile {
  readonly v: 1;
  readonly run: StoredRun;
  readonly view: StoredView;
}

interface Loaded {
  meta: MetaFile;
  /** Bytes on disk of the metadata file and of the body file. */
  metaSize: number;
  bodySize: number;
  /** The metadata file as last read (inode and time: every write is a rename of a new file), to skip reading it again. */
  seen?: string;
}

/** What tells a metadata file apart from the one read before: a write renames a new file over it. */
const fileStamp = (s: { ino: number; mtimeMs: number; ctimeMs: number; size: number }): string | undefined =>
  // A file system without inode numbers (0) cannot tell a replaced file apart: read it every time there.
  s.ino === 0 ? undefined : `${s.ino}:${s.mtimeMs}:${s.ctimeMs}:${s.size}`;

const sizeOf = (l: Loaded | undefined): number => (l ? l.metaSize + l.bodySize : 0);

/** The run history folder; see the module comment. Methods run one at a time per store. */
export class RunStore {
  private runs = new Map<string, Loaded>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly runsDir: string;
  private readonly asideDir: string;

  constructor(private readonly options: RunStoreOptions) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.newId = options.newId ?? randomUUID;
    this.runsDir = path.join(options.dir, 'runs');
    this.asideDir = path.join(options.dir, 'set-aside');
  }

  /** The runs, newest first. */
  list(): StoredRun[] {
    return [...this.runs.values()].map((l) => l.meta.run).sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  }

  get(id: string): StoredRun | undefined {
    return this.runs.get(id)?.meta.run;
  }

  /** Bytes the store's files take on disk, as last seen. */
  totalBytes(): number {
    let n = 0;
    for (const l of this.runs.values()) {
      n += sizeOf(l);
    }
    return n;
  }

  /** Reads the folder again (runs other windows recorded, deleted or renamed). Corrupt files are set aside. */
  load(): Promise<void> {
    return this.serial(() => this.scan());
  }

  /** Records a run: its body (unless over the cap) and metadata on disk; then the caps are applied. */
  add(input: RunToStore): Promise<StoredRun> {
    return this.serial(async () => {
      const variablesJson = JSON.stringify(input.variables ?? {});
      const variablesOmitted = variablesJson.length > MAX_VARIABLES_JSON;
      const variables = variablesOmitted ? {} : (JSON.parse(variablesJson) as VariableValues);
      const id = safeId(input.view.runId) ? input.view.runId : this.newId();
      const bodyText = input.bodyBytes ?? (input.view.body !== undefined ? stringifyJson(input.view.body) : undefined);
      const bodySize = bodyText === undefined ? 0 : typeof bodyText === 'string' ? Buffer.byteLength(bodyText) : bodyText.byteLength;
      let body: StoredRun['body'] = 'none';
      if (bodyText !== undefined) {
        body = bodySize > this.options.maxBytes() ? 'tooLarge' : 'kept';
      }
      const run: StoredRun = {
        id,
        at: Date.parse(input.view.at) || this.clock.now(),
        documentUri: input.documentUri,
        ...(input.operationName !== undefined ? { operationName: input.operationName } : {}),
        variables,
        ...(variablesOmitted ? { variablesOmitted: true } : {}),
        status: input.status,
        ...(input.outcome !== undefined ? { outcome: input.outcome } : {}),
        durationMs: input.durationMs,
        environment: input.environment,
        ...(input.view.bytes !== undefined ? { bytes: input.view.bytes } : {}),
        pinned: false,
        body,
      };
      const meta: MetaFile = { v: 1, run, view: viewHead(input.view, variablesOmitted ? {} : variables) };
      await mkdir(this.runsDir, { recursive: true });
      if (body === 'kept') {
        await writeFileAtomically(this.file(id, BODY), bodyText!);
      }
      const metaText = JSON.stringify(meta);
      await writeFileAtomically(this.file(id, META), metaText);
      this.runs.set(id, { meta, metaSize: Buffer.byteLength(metaText), bodySize: body === 'kept' ? bodySize : 0 });
      await this.scan();
      await this.applyCaps();
      return run;
    });
  }

  /**
   * The stored view of a run with its body, or why there is none: `missing` (not in the store),
   * `noBody` (there was no body, or it was too large to keep), `setAside` (the body file was
   * corrupt; it was moved aside and reported). Parses the body on the caller's thread: the
   * extension reads with {@link readView} and parses in its worker.
   */
  async view(id: string): Promise<{ view: RunResultView } | { missing: 'missing' | 'noBody' | 'setAside' }> {
    const read = await this.readView(id);
    if ('missing' in read) {
      return read;
    }
    if (read.text === undefined) {
      return { view: { ...read.head } };
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      body = undefined;
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      await this.setAsideBody(id, 'its stored response is not a JSON object');
      return { missing: 'setAside' as const };
    }
    return { view: { ...read.head, body: body as RunResultView['body'] } };
  }

  /**
   * The stored view of a run without its body, and the body's JSON text as stored, unparsed (for
   * work done elsewhere: the results page and the filter worker parse a reopened run's answer,
   * the worker pretty-prints a diff's). `text` is undefined when no body is kept; `missing` as in
   * {@link view}. A text that turns out not to be an answer goes to {@link setAsideBody}.
   */
  readView(id: string): Promise<{ head: StoredView; text?: string } | { missing: 'missing' | 'noBody' }> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      if (!loaded) {
        return { missing: 'missing' as const };
      }
      if (loaded.meta.run.body !== 'kept') {
        return { head: { ...loaded.meta.view } };
      }
      try {
        return { head: { ...loaded.meta.view }, text: await readFile(this.file(id, BODY), 'utf8') };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          // Deleted by another window meanwhile: the run is gone there too.
          await this.scan();
          return { missing: this.runs.has(id) ? ('noBody' as const) : ('missing' as const) };
        }
        throw err;
      }
    });
  }

  /** Moves a run's body file to `set-aside/` (reported, with `why`); the run stays, without its body. */
  setAsideBody(id: string, why: string): Promise<void> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      await this.setAside(`${id}${BODY}`, why);
      if (loaded) {
        await this.writeMeta({ ...loaded.meta, run: { ...loaded.meta.run, body: 'none' } });
      }
    });
  }

  /**
   * The stored view of a run without its body, and the body's JSON text as stored (unparsed: for
   * work done elsewhere, e.g. a diff's pretty-printing in a worker). `text` is undefined when no
   * body is kept.
   */
  viewText(id: string): Promise<{ head: StoredView; text?: string } | undefined> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      if (!loaded) {
        return undefined;
      }
      if (loaded.meta.run.body !== 'kept') {
        return { head: { ...loaded.meta.view } };
      }
      const text = await readFile(this.file(id, BODY), 'utf8').catch(() => undefined);
      return { head: { ...loaded.meta.view }, ...(text !== undefined ? { text } : {}) };
    });
  }

  /** Pins or unpins a run; a name (for a pinned run) when given, `''` to remove it. */
  update(id: string, patch: { readonly pinned?: boolean; readonly name?: string }): Promise<StoredRun | undefined> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      if (!loaded) {
        return undefined;
      }
      const { name: oldName, ...rest } = loaded.meta.run;
      const name = patch.name !== undefined ? patch.name.trim() : oldName;
      const run: StoredRun = { ...rest, pinned: patch.pinned ?? rest.pinned, ...(name ? { name: name.slice(0, 200) } : {}) };
      await this.writeMeta({ ...loaded.meta, run });
      if (!run.pinned) {
        await this.applyCaps();
      }
      return run;
    });
  }

  /** Deletes runs (their files); resolves to how many were deleted. */
  delete(ids: readonly string[]): Promise<number> {
    return this.serial(async () => {
      let n = 0;
      for (const id of ids) {
        if (this.runs.has(id)) {
          await this.remove(id);
          n++;
        }
      }
      return n;
    });
  }

  /** Deletes every run that is not pinned; resolves to how many were deleted. */
  clear(): Promise<number> {
    return this.serial(async () => {
      await this.scan();
      const gone = [...this.runs.values()].filter((l) => !l.meta.run.pinned).map((l) => l.meta.run.id);
      for (const id of gone) {
        await this.remove(id);
      }
      return gone.length;
    });
  }

  /** Runs `task` after every earlier task of this store. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private file(id: string, suffix: string): string {
    return path.join(this.runsDir, `${id}${suffix}`);
  }

  private async writeMeta(meta: MetaFile): Promise<void> {
    const text = JSON.stringify(meta);
    await writeFileAtomically(this.file(meta.run.id, META), text);
    const old = this.runs.get(meta.run.id);
    this.runs.set(meta.run.id, { meta, metaSize: Buffer.byteLength(text), bodySize: meta.run.body === 'kept' ? (old?.bodySize ?? 0) : 0 });
  }

  private async remove(id: string): Promise<void> {
    this.runs.delete(id);
    await Promise.all([unlinkQuietly(this.file(id, META)), unlinkQuietly(this.file(id, BODY))]);
  }

  /** Reads every metadata file of the folder; what cannot be read as ours is set aside. */
  private async scan(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.runsDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.runs = new Map();
        return;
      }
      throw err;
    }
    const metas = new Set(names.filter((n) => n.endsWith(META)).map((n) => n.slice(0, -META.length)));
    const next = new Map<string, Loaded>();
    const now = this.clock.now();
    for (const name of names) {
      if (name.endsWith(META)) {
        const id = name.slice(0, -META.length);
        // A record read before and not written since (by this window or another) is not read again.
        const known = this.runs.get(id);
        const s = known?.seen !== undefined ? await stat(path.join(this.runsDir, name)).catch(() => undefined) : undefined;
        if (known && s && fileStamp(s) === known.seen) {
          next.set(id, known);
          continue;
        }
        const loaded = await this.readMeta(id, name);
        if (loaded) {
          next.set(id, loaded);
        }
      } else if (name.endsWith('.tmp') || (name.endsWith(BODY) && !metas.has(name.slice(0, -BODY.length)))) {
        // A write that died half-way, or a body whose metadata never came (or is another window's, being written).
        const s = await stat(path.join(this.runsDir, name)).catch(() => undefined);
        if (s && now - s.mtimeMs > STALE_MS) {
          await unlinkQuietly(path.join(this.runsDir, name));
        }
      }
    }
    this.runs = next;
  }

  private async readMeta(id: string, name: string): Promise<Loaded | undefined> {
    const file = path.join(this.runsDir, name);
    try {
      const s = await stat(file);
      if (s.size > MAX_META_BYTES) {
        await this.setAside(name, `it is larger than ${MAX_META_BYTES / 1024} KB`);
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
        await this.setAside(name, 'it is not a run record this extension wrote');
        return undefined;
      }
      const bodySize = meta.run.body === 'kept' ? ((await stat(this.file(id, BODY)).catch(() => undefined))?.size ?? 0) : 0;
      return { meta, metaSize: s.size, bodySize, seen: fileStamp(s) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return undefined; // deleted by another window while we read
      }
      throw err;
    }
  }

  /** Moves a file of the runs folder to `set-aside/` (kept for a person to look at) and reports it. */
  private async setAside(name: string, why: string): Promise<void> {
    await mkdir(this.asideDir, { recursive: true });
    const target = path.join(this.asideDir, `${new Date(this.clock.now()).toISOString().replace(/[:.]/g, '-')}-${name}`);
    try {
      await rename(path.join(this.runsDir, name), target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        await unlinkQuietly(path.join(this.runsDir, name));
      }
    }
    this.options.report(`The run history file ${name} was set aside because ${why}; the other runs are kept. It is in ${this.asideDir}.`);
  }

  /** Keeps the newest `maxRuns` unpinned runs and the folder under `maxBytes` (oldest unpinned first out). */
  private async applyCaps(): Promise<void> {
    const maxRuns = Math.max(0, Math.floor(this.options.maxRuns()));
    const maxBytes = this.options.maxBytes();
    const unpinned = this.list().filter((r) => !r.pinned);
    const gone = new Set(unpinned.slice(maxRuns).map((r) => r.id));
    let total = this.totalBytes();
    for (const id of gone) {
      total -= sizeOf(this.runs.get(id));
    }
    for (let i = Math.min(unpinned.length, maxRuns) - 1; i >= 0 && total > maxBytes; i--) {
      const id = unpinned[i].id;
      gone.add(id);
      total -= sizeOf(this.runs.get(id));
    }
    for (const id of gone) {
      await this.remove(id);
    }
  }
}

/** The fields of a view that are stored, picked one by one (never headers or anything else a view may grow). */
function viewHead(view: RunResultView, variables: VariableValues): StoredView {
  const head: Record<string, unknown> = { runId: view.runId, environment: view.environment, at: view.at, variables };
  for (const key of ['operationName', 'operationType', 'documentUri', 'status', 'durationMs', 'bytes', 'revealAt', 'failure'] as const) {
    if (view[key] !== undefined) {
      head[key] = view[key];
    }
  }
  return head as unknown as StoredView;
}

function safeId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

async function unlinkQuietly(file: string): Promise<void> {
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
