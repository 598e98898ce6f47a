/**
 * What the language worker (languageWorker.ts) does with each request (languageWorkerProtocol.ts):
 * it owns a fragment index kept in step with the host's, and the schemas the requests name (built
 * once per version from the environment's cache file or the folder's schema files, as the host
 * built them), and validates documents or analyses them for the reference index with the same
 * functions the host calls (computeDiagnostics, syntaxOccurrences, schemaOccurrences): the same
 * results. Tests and the bench call it directly too.
 */
import { performance } from 'node:perf_hooks';
import type { GraphQLSchema } from 'graphql';
import { systemTimers, type Disposable, type Timers } from '../clock';
import { loadSchemaFiles, schemaFilesVersion } from '../schema/loadSchema';
import { loadSchemaFromCache } from '../schema/schemaCache';
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

/** The worker's state and request handling (one per thread). */
export class LanguageWorkerEngine {
  private index = new FragmentIndex();
  private readonly store = new DocumentStore();
  /** One schema per key: its latest version, until it has not been used for SCHEMA_IDLE_MS. */
  private readonly schemas = new Map<string, { readonly version: string; readonly schema: Promise<GraphQLSchema> }>();
  private idle: Disposable | undefined;

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
        // A document that uses nothing of the schema that changed since its last validation keeps its result.
        const validator = validatorFor(schema, true);
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
    schema.catch(() => {
      if (this.schemas.get(source.key) === entry) {
        this.schemas.delete(source.key);
      }
    });
    return schema;
  }
}
