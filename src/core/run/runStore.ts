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
import { mkdir, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { writeFileAtomically } from '../atomicFile';
import type { Clock } from '../clock';
import { stringifyJson } from '../../shared/deepJson';
import type { RunResultView } from '../../shared/resultsMessages';
import type { VariableValues } from './variables';
import { BODY, META, scanFolder, setAside, safeId, sizeOf, unlinkQuietly, viewHead, type Loaded, type MetaFile, type RunFolder, type StoredRun, type StoredView } from './runFiles';

export type { StoredRun, StoredView } from './runFiles';

/** Variables longer than this as JSON are not kept (the run is, with `variablesOmitted`). */
const MAX_VARIABLES_JSON = 64 * 1024;

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

/** The run history folder; see the module comment. Methods run one at a time per store. */
export class RunStore {
  private runs = new Map<string, Loaded>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly clock: Clock;
  private readonly newId: () => string;
  private readonly runsDir: string;
  private readonly folder: RunFolder;

  constructor(private readonly options: RunStoreOptions) {
    this.clock = options.clock ?? { now: () => Date.now() };
    this.newId = options.newId ?? randomUUID;
    this.runsDir = path.join(options.dir, 'runs');
    this.folder = { runsDir: this.runsDir, asideDir: path.join(options.dir, 'set-aside'), now: () => this.clock.now(), report: (problem) => options.report(problem) };
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
    if (read.bytes === undefined) {
      return { view: { ...read.head } };
    }
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(read.bytes));
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
   * The stored view of a run without its body, and the body file's bytes as read (UTF-8 JSON,
   * neither decoded nor parsed on the caller's thread: the filter worker and the results page
   * decode and parse a reopened run's answer). `bytes` is undefined when no body is kept; `missing`
   * as in {@link view}. A body that turns out not to be an answer goes to {@link setAsideBody}.
   */
  readView(id: string): Promise<{ head: StoredView; bytes?: Uint8Array } | { missing: 'missing' | 'noBody' }> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      if (!loaded) {
        return { missing: 'missing' as const };
      }
      if (loaded.meta.run.body !== 'kept') {
        return { head: { ...loaded.meta.view } };
      }
      try {
        return { head: { ...loaded.meta.view }, bytes: await readFile(this.file(id, BODY)) };
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
      await setAside(this.folder, `${id}${BODY}`, why);
      if (loaded) {
        await this.writeMeta({ ...loaded.meta, run: { ...loaded.meta.run, body: 'none' } });
      }
    });
  }

  /**
   * The stored view of a run without its body, and the body file's bytes as read (neither decoded
   * nor parsed on the caller's thread: for work done elsewhere, e.g. a diff's pretty-printing in a
   * worker). `bytes` is undefined when no body is kept.
   */
  viewBytes(id: string): Promise<{ head: StoredView; bytes?: Uint8Array } | undefined> {
    return this.serial(async () => {
      const loaded = this.runs.get(id);
      if (!loaded) {
        return undefined;
      }
      if (loaded.meta.run.body !== 'kept') {
        return { head: { ...loaded.meta.view } };
      }
      const bytes = await readFile(this.file(id, BODY)).catch(() => undefined);
      return { head: { ...loaded.meta.view }, ...(bytes !== undefined ? { bytes } : {}) };
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

  /** Reads the folder again (runFiles.scanFolder). */
  private async scan(): Promise<void> {
    this.runs = await scanFolder(this.folder, this.runs);
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
