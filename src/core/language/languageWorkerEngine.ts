/**
 * What the language worker (languageWorker.ts) does with each request (languageWorkerProtocol.ts):
 * it owns a fragment index kept in step with the host's, and the schemas the requests name (built
 * once per version from the environment's cache file or the folder's schema files, as the host
 * built them), and validates documents or analyses them for the reference index with the same
 * functions the host calls (computeDiagnostics, syntaxOccurrences, schemaOccurrences): the same
 * results. Tests and the bench call it directly too.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { GraphQLSchema } from 'graphql';
import { systemTimers, type Disposable, type Timers } from '../clock';
import { loadSchemaFiles, schemaFilesVersion } from '../schema/loadSchema';
import { loadSchemaFromCache, schemaCacheFile, schemaCacheHeaderVersion, schemaCacheRecordOf, schemaCacheVersion, schemaFromCacheRead } from '../schema/schemaCache';
import { diffSchemas } from '../schema/schemaDiff';
import { computeDiagnostics } from './diagnostics';
import { DocumentStore } from './documentStore';
import { FragmentIndex } from './fragmentIndex';
import { validatorFor } from './incrementalValidation';
import { schemaOccurrences, syntaxOccurrences } from './referenceAnalysis';
import type { AnalyseResult, LanguageWorkerReplies, LanguageWorkerRequest, SchemaSource, ValidateResult } from './languageWorkerProtocol';

/** The schema a request names is not the version on disk (a newer one is on its way): the host does the work itself. */
export class StaleSchemaSourceError extends Error {}

/** Loads the schema of a source as the host loaded it; a cache file must hold the version named. */
export async function loadSchemaSource(source: SchemaSource): Promise<GraphQLSchema> {
  if (source.cache) {
    // The header first: a file that names another version is refused without being built.
    if ((await schemaCacheVersion(source.cache.dir, source.cache.environment)) !== source.version) {
      throw new StaleSchemaSourceError(`the cached schema of ${source.cache.environment} is not the version in use`);
    }
    const cached = await loadSchemaFromCache(source.cache.dir, source.cache.environment);
    if (!cached.ok) {
      throw new StaleSchemaSourceError(cached.reason);
    }
    if (cached.value.record.sha256 !== source.version) {
      throw new StaleSchemaSourceError(`the cached schema of ${source.cache.environment} is not the version in use`);
    }
    return cached.value.schema;
  }
  if (source.files && source.files.length > 0) {
    // The files must hold what the host read (a schema file changed on disk and not reloaded by
    // the host yet would give the workspace's problems another schema than the editor's).
    const loaded = await loadSchemaFiles(source.files);
    if (!loaded.filesSha256 || schemaFilesVersion(loaded.filesSha256) !== source.version) {
      throw new StaleSchemaSourceError(`the schema files of ${source.key} are not the version in use`);
    }
    return loaded.schema;
  }
  throw new StaleSchemaSourceError(`no schema source for ${source.key}`);
}

/** A schema not used for this long is dropped: the host holds its own, and the next change brings another version. */
const SCHEMA_IDLE_MS = 30_000;

/** Versions of a key whose cache file's bytes are kept (compressed): the one in use and the one before. */
const KEPT_VERSIONS = 2;

const gzipBytes = promisify(gzip);
const gunzipBytes = promisify(gunzip);

/** A version's cache file, compressed (GitHub's, 2.6 MB: about 280 KB). */
interface KeptVersion {
  readonly version: string;
  readonly environment: string;
  readonly file: string;
  readonly gzipped: Buffer;
}

/** The worker's state and request handling (one per thread). */
export class LanguageWorkerEngine {
  private index = new FragmentIndex();
  private readonly store = new DocumentStore();
  /** One schema per key: its latest version, until it has not been used for SCHEMA_IDLE_MS. */
  private readonly schemas = new Map<string, { readonly version: string; readonly schema: Promise<GraphQLSchema> }>();
  /** Per key, the cache files of its last versions, compressed: a refresh overwrites the file the previous version was in. */
  private readonly kept = new Map<string, readonly KeptVersion[]>();
  private idle: Disposable | undefined;
  /** Whether a warm request validated documents on this thread (once is enough). */
  private warmed = false;

  constructor(
    private readonly load: (source: SchemaSource) => Promise<GraphQLSchema> = loadSchemaSource,
    private readonly timers: Timers = systemTimers,
  ) {}

  /** Handles one request. */
  async handle<K extends LanguageWorkerRequest['kind']>(request: Extract<LanguageWorkerRequest, { kind: K }>): Promise<LanguageWorkerReplies[K]> {
    this.idle?.dispose();
    try {
      return (await this.run(request)) as LanguageWorkerReplies[K];
    } finally {
      this.idle = this.timers.setTimeout(() => this.schemas.clear(), SCHEMA_IDLE_MS);
    }
  }

  /** How many schemas the worker holds (tests). */
  get schemaCount(): number {
    return this.schemas.size;
  }

  /** The versions of `key` whose cache files are kept, oldest first (tests). */
  keptVersions(key: string): string[] {
    return (this.kept.get(key) ?? []).map((k) => k.version);
  }

  private async run(request: LanguageWorkerRequest): Promise<LanguageWorkerReplies[LanguageWorkerRequest['kind']]> {
    switch (request.kind) {
      case 'ping':
        return { at: performance.now() };
      case 'syncIndex': {
        if (request.reset) {
          this.index = new FragmentIndex();
        }
        for (const uri of request.remove) {
          this.index.remove(uri);
        }
        for (const { uri, text } of request.set) {
          this.index.update(uri, text);
        }
        return { size: this.index.uris().length };
      }
      case 'validate': {
        const schema = await this.schemaOf(request.schema);
        const started = performance.now();
        // This schema version's incremental validator (incrementalValidation.ts): after a schema change every document is validated again.
        const validator = validatorFor(schema);
        const results = request.documents.map(({ id, text }): ValidateResult => {
          try {
            // What workspaceValidation does in the host: the index's model when it holds this text.
            return { ok: true, diagnostics: computeDiagnostics(validator, this.index, this.index.modelOf(id, text) ?? this.store.get({ uri: id, version: 0, text })) ?? [] };
          } catch (err) {
            return { ok: false, reason: err instanceof Error ? err.message : String(err) };
          } finally {
            this.store.delete(id);
          }
        });
        return { results, ms: performance.now() - started };
      }
      case 'analyse': {
        const schema = request.schema ? await this.schemaOf(request.schema) : undefined;
        const started = performance.now();
        const results = request.sources.map(({ id, text }): AnalyseResult => {
          // What ReferenceIndex does in the host: one model per source (its id and text), parsed once.
          const model = this.store.get({ uri: id, version: 0, text });
          try {
            return { syntax: syntaxOccurrences(model, id), ...(schema ? { schema: schemaOccurrences(model, schema) } : {}) };
          } finally {
            this.store.delete(id);
          }
        });
        return { results, ms: performance.now() - started };
      }
      case 'diff': {
        // Both versions at once (the older one released after the diff, unless it is still in use).
        const [from, to] = await Promise.all([this.versionOf(request.from), this.schemaOf(request.to)]);
        const started = performance.now();
        const diff = await diffSchemas(from, to);
        return { diff, ms: performance.now() - started };
      }
      case 'keep':
        return { kept: await this.keep(request.source) };
      case 'warm': {
        if (this.warmed) {
          return { validated: 0, ms: 0 };
        }
        const schema = await this.schemaOf(request.schema);
        const started = performance.now();
        const validator = validatorFor(schema);
        const documents = this.index.texts().slice(0, request.documents);
        for (const { uri, text } of documents) {
          const model = this.index.modelOf(uri, text);
          if (model) {
            // What a validation request does; the results are dropped (the validation is compiled now).
            try {
              computeDiagnostics(validator, this.index, model);
            } catch {
              // A document graphql refuses is refused again when asked.
            }
          }
        }
        this.warmed = documents.length > 0;
        return { validated: documents.length, ms: performance.now() - started };
      }
      default:
        throw new Error(`unknown request ${(request as { kind: string }).kind}`);
    }
  }

  private schemaOf(source: SchemaSource): Promise<GraphQLSchema> {
    const known = this.schemas.get(source.key);
    if (known?.version === source.version) {
      return known.schema;
    }
    const schema = this.load(source);
    const entry = { version: source.version, schema };
    this.schemas.set(source.key, entry);
    schema.then(
      // A cache file's bytes are kept once its version loaded: the diff of the next refresh starts from it.
      () => void this.keep(source).catch(() => undefined),
      () => {
        if (this.schemas.get(source.key) === entry) {
          this.schemas.delete(source.key);
        }
      },
    );
    return schema;
  }

  /**
   * The schema of a version that may no longer be the one its source holds: the one in use when it
   * is that version, else built from its kept cache file, else loaded from its source (another
   * environment's cache file). Not held after the request unless it is the one in use.
   */
  private async versionOf(source: SchemaSource): Promise<GraphQLSchema> {
    const known = this.schemas.get(source.key);
    if (known?.version === source.version) {
      return known.schema;
    }
    const kept = this.kept.get(source.key)?.find((k) => k.version === source.version);
    if (kept) {
      // In one go: a worker thread holds nothing else up (main's types worker reads its cache file so too).
      const read = await schemaCacheRecordOf(await gunzipBytes(kept.gzipped), kept.environment, kept.file, undefined, { inOneGo: true });
      const built = await schemaFromCacheRead(read);
      if (built.ok && built.value.record.sha256 === source.version) {
        return built.value.schema;
      }
    }
    return this.load(source);
  }

  /** Keeps the cache file of a cache source's version, compressed, when the file holds that version; whether it is kept. */
  private async keep(source: SchemaSource): Promise<boolean> {
    if (!source.cache) {
      return false;
    }
    const versions = this.kept.get(source.key) ?? [];
    if (versions.some((k) => k.version === source.version)) {
      return true;
    }
    // The header first: a file that holds another version now is not read whole (the idle sync asks again and again).
    if ((await schemaCacheVersion(source.cache.dir, source.cache.environment)) !== source.version) {
      return false;
    }
    const file = schemaCacheFile(source.cache.dir, source.cache.environment);
    const bytes = await readFile(file);
    if (schemaCacheHeaderVersion(bytes) !== source.version) {
      return false; // replaced meanwhile
    }
    const gzipped = await gzipBytes(bytes, { level: 1 });
    const now = this.kept.get(source.key) ?? [];
    if (!now.some((k) => k.version === source.version)) {
      this.kept.set(source.key, [...now, { version: source.version, environment: source.cache.environment, file, gzipped }].slice(-KEPT_VERSIONS));
    }
    return true;
  }
}
