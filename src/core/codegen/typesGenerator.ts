/**
 * What the types worker does with each request (see protocol.ts): it loads the schema a request
 * names (once per version), generates with GraphQL Code Generator and writes the files whose bytes
 * changed. It runs inside the worker thread in the extension; tests and the
 * benchmark call it directly.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { lexicographicSortSchema, version as graphqlVersion, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { writeFileAtomically } from '../atomicFile';
import { resolveInsideFolder } from '../folderPath';
import { loadSchemaFiles, schemaFromIntrospection } from '../schema/loadSchema';
import { readSchemaCache } from '../schema/schemaCache';
import { clientFile, operationFiles, type GenerationResult } from './generateTypes';
import type { GeneratedText, GenerationReply, SchemaFileReply, SchemaSource, WorkerReplies, WorkerRequest } from './protocol';
import { schemaFileText, writeSchemaFile } from './schemaFile';

interface LoadedVersion {
  readonly version: string;
  /** The schema as loaded (what SDL files print). */
  readonly schema: GraphQLSchema;
  /** The schema sorted by name, as the codegen CLI loads every schema (its `sort` option, on by default). */
  readonly sorted: GraphQLSchema;
  readonly introspection?: IntrospectionQuery;
}

/** A schema the request names is not the one on disk any more (a newer version is on its way). */
export class StaleSchemaError extends Error {}

/** Generates types and schema files; holds one loaded schema per key (its latest version). */
export class TypesGenerator {
  private readonly schemas = new Map<string, Promise<LoadedVersion>>();

  /** Handles one request. */
  handle<K extends WorkerRequest['kind']>(request: Extract<WorkerRequest, { kind: K }>): Promise<WorkerReplies[K]> {
    return this.run(request) as Promise<WorkerReplies[K]>;
  }

  private async run(request: WorkerRequest): Promise<WorkerReplies[WorkerRequest['kind']]> {
    const loaded = await this.load(request.schema);
    switch (request.kind) {
      case 'operationFiles': {
        const started = performance.now();
        const result = await operationFiles(loaded.sorted, request.documents, { root: request.root, only: request.only && new Set(request.only) });
        return this.finish(result, request, started);
      }
      case 'clientFile': {
        const started = performance.now();
        const result = await clientFile(loaded.sorted, request.documents, request.output, request.lastGood);
        return this.finish(result, request, started);
      }
      case 'schemaFile': {
        const text = schemaFileText(request.format, request.header, {
          schema: request.format === 'sdl' || !loaded.introspection ? loaded.schema : undefined,
          introspection: loaded.introspection,
        });
        const reply: SchemaFileReply = { written: await writeSchemaFile(request.file, text, request.root) };
        return reply;
      }
      default:
        throw new Error(`unknown request ${(request as { kind: string }).kind}`);
    }
  }

  /**
   * Writes the files whose bytes differ from the file on disk. The files on disk are read a few
   * at a time before, and the writes run a few at a time, so that the disk works in parallel.
   */
  private async finish(result: GenerationResult, request: { readonly root: string; readonly write: boolean }, started: number): Promise<GenerationReply> {
    const write = request.write;
    // Where each file would be written, symbolic links resolved: only inside the workspace folder.
    const targets = write ? await inParallel(result.files, (file) => resolveInsideFolder(request.root, file.path)) : [];
    const onDisk = await inParallel(targets, (target) => (target.ok ? readFile(target.path, 'utf8').catch(() => undefined) : Promise.resolve(undefined)));
    const problems = [...result.problems];
    const writes = new Writes();
    const files: GeneratedText[] = [];
    for (const [i, file] of result.files.entries()) {
      const target = targets[i];
      if (target && !target.ok) {
        // Not written: each document it was for says why.
        problems.push(...file.sources.map((id) => ({ id, message: target.reason })));
        files.push({ path: file.path, text: '', sources: file.sources, written: false, texts: file.texts });
        continue;
      }
      let written = false;
      if (target && onDisk[i] !== file.text) {
        await writes.start(writeFileAtomically(target.path, file.text));
        written = true;
      }
      // Files written to disk go back without their text: the host's thread need not copy megabytes.
      files.push({ path: file.path, text: write ? '' : file.text, sources: file.sources, written, texts: file.texts });
    }
    await writes.all();
    return { files, problems, ms: performance.now() - started };
  }

  /** The schema of a source at its version (loaded once; a new version replaces the old one). */
  private async load(source: SchemaSource): Promise<LoadedVersion> {
    const known = this.schemas.get(source.key);
    if (known) {
      const loaded = await known.catch(() => undefined);
      if (loaded?.version === source.version) {
        return loaded;
      }
    }
    const loading = loadSource(source);
    this.schemas.set(source.key, loading);
    loading.catch(() => {
      if (this.schemas.get(source.key) === loading) {
        this.schemas.delete(source.key);
      }
    });
    return loading;
  }
}

/** No yield between slices: on the worker's thread the slices of the schema loaders only cost time. */
const noYield = (): Promise<void> => Promise.resolve();

async function loadSource(source: SchemaSource): Promise<LoadedVersion> {
  if (source.cache) {
    // In one go: this is the types worker's thread, where no other work waits (the slices are for
    // the extension host's thread).
    const read = await readSchemaCache(source.cache.dir, source.cache.environment, noYield, { inOneGo: true });
    if (read.status === 'missing') {
      throw new Error('no cached schema for this environment');
    }
    if (read.status === 'corrupt') {
      throw new Error(`cached schema ignored: ${read.reason}`);
    }
    if (read.record.sha256 !== source.version) {
      throw new StaleSchemaError(`the cached schema of ${source.cache.environment} is not the version in use`);
    }
    const introspection = read.record.introspection;
    // Validated when it was written, by this graphql: not again (as loadSchemaFromCache).
    const options = { assumeValid: read.record.validatedWith === graphqlVersion };
    let schema: GraphQLSchema;
    try {
      schema = (await schemaFromIntrospection(introspection, noYield, options)).schema;
    } catch (err) {
      throw new Error(`cached schema ignored: ${(err as Error).message}`);
    }
    return { version: source.version, schema, sorted: lexicographicSortSchema(schema), introspection };
  }
  if (source.files && source.files.length > 0) {
    const { schema } = await loadSchemaFiles(source.files);
    return { version: source.version, schema, sorted: lexicographicSortSchema(schema) };
  }
  throw new Error(`no schema source for ${source.key}`);
}

/** How many reads or writes of generated files are under way at once. */
const IO_AT_ONCE = 8;

/** `work` for every item, at most {@link IO_AT_ONCE} at a time; the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IO_AT_ONCE, items.length) }, lane));
  return results;
}

/**
 * Writes under way: `start` waits only when {@link IO_AT_ONCE} are, `all` for every one and then
 * throws the first failure. A failed write stops no other: every file is still written, and the
 * request fails at the end. `settle` waits for every write without throwing (a request that fails
 * for another reason answers only once nothing it started is still writing).
 */
class Writes {
  private readonly running = new Set<Promise<void>>();
  private failure: { readonly error: unknown } | undefined;

  async start(write: Promise<void>): Promise<void> {
    const tracked: Promise<void> = write.then(
      () => {
        this.running.delete(tracked);
      },
      (error: unknown) => {
        this.running.delete(tracked);
        this.failure ??= { error };
      },
    );
    this.running.add(tracked);
    if (this.running.size >= IO_AT_ONCE) {
      await Promise.race(this.running);
    }
  }

  async all(): Promise<void> {
    await this.settle();
    if (this.failure) {
      throw this.failure.error;
    }
  }

  /** Every write under way done, failed or not (tracked writes never reject). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }
}
