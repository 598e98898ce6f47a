/**
 * Validates every GraphQL document of a workspace (open or not) against the schema each one uses,
 * in time slices: a checkpoint between documents yields to the event loop once a slice used its
 * budget and stops the run when it is cancelled (the schema changed again). Used after a schema
 * change and by "Validate Workspace"; the glue puts the results in Problems.
 */
import type { GraphQLSchema } from 'graphql';
import type { Position } from '../text/position';
import { toHostRange } from '../embedded/templateSources';
import { CancelledError } from '../errors';
import { TimeSlicer, type TimeSlicerOptions } from '../timeSlicer';
import { computeDiagnostics } from './diagnostics';
import { validatorFor } from './incrementalValidation';
import { DocumentStore } from './documentStore';
import type { FragmentIndex } from './fragmentIndex';
import type { LanguageDiagnostic } from './types';
import type { ValidateResult } from './languageWorkerProtocol';

/** Files read at once: the reads overlap, the validation stays sliced. */
const READ_BATCH = 24;

/** A GraphQL document inside a file (a template of a code file): its id, text and where it starts. */
export interface EmbeddedDocument {
  /** The document's id in the indexes (`<host uri>#graphql-template-<n>`). */
  readonly id: string;
  readonly text: string;
  /** The file position of the document's first character. */
  readonly base: Position;
}

/** What a run needs besides the documents. */
export interface WorkspaceValidationOptions extends TimeSlicerOptions {
  /** Workspace fragments, so spreads of fragments from other files validate. */
  readonly index: FragmentIndex;
  /** The schema a document uses, or undefined to skip it (no schema loaded for it). */
  schemaFor(uri: string): GraphQLSchema | undefined;
  /** The text of a document, or undefined when it cannot be read (gone, too large). */
  read(uri: string): Promise<string | undefined> | string | undefined;
  /**
   * The GraphQL documents inside a file's text (a code file's templates, an empty list when it
   * has none), or undefined when the file is one GraphQL document itself. Called between
   * checkpoints, so a scan of a large file is a slice of its own.
   */
  documentsOf?(uri: string, text: string): readonly EmbeddedDocument[] | undefined;
  /**
   * Called after each file with its diagnostics (an empty list: no problems), or undefined when
   * it was skipped (unreadable, or no schema for it): its old problems mean nothing now. A code
   * file's templates are reported together, under the file, in file positions.
   */
  onDocument?(uri: string, diagnostics: readonly LanguageDiagnostic[] | undefined): void;
  /** Called after each document: documents done, documents in the run. */
  onProgress?(done: number, total: number): void;
}

/** What a finished run did. */
export interface WorkspaceValidationSummary {
  /** Files validated (read, with a schema, and GraphQL in them: a code file with templates counts once). */
  readonly validated: number;
  /** Of those, code files (their templates validated one by one). */
  readonly codeFiles: number;
  /** Templates of code files validated. */
  readonly templates: number;
  /** Documents skipped: unreadable or without a schema. */
  readonly skipped: number;
  /** Files with at least one error. */
  readonly documentsWithErrors: number;
  readonly errors: number;
  readonly warnings: number;
  /** The first (up to 20) documents that could not be validated (e.g. the schema is one graphql refuses to validate against), with why. */
  readonly failures: readonly { readonly uri: string; readonly reason: string }[];
  /** The longest stretch the run held the thread without yielding, in ms. */
  readonly longestSliceMs: number;
  /** How many times it yielded. */
  readonly yields: number;
  /** Documents validated off the thread (the language worker); the others were validated here. */
  readonly inWorker: number;
  /** Why the worker could not be used for this run (it was validated here), if it could not. */
  readonly workerFailure?: string;
}

/**
 * Where documents are validated off the extension host's thread (the language worker,
 * languageWorkerClient.ts): the same validation, its results sent back.
 */
export interface RemoteValidator {
  /** Batches of documents in flight at once (two per worker keeps each worker busy). */
  readonly parallelism: number;
  /** Brings the remote fragment index in step with `index` before a run. */
  prepare(index: FragmentIndex): Promise<void>;
  /**
   * Validates the documents (ids as in the index) against `schema`; undefined when the schema
   * cannot be had there (no source to load it from, or that source holds another version now):
   * those documents are validated here.
   */
  validate(schema: GraphQLSchema, documents: readonly { readonly id: string; readonly text: string }[]): Promise<readonly ValidateResult[] | undefined>;
  /** Keeps the version of a schema in use there (its cache file, compressed), so that the next refresh's diff runs there too; whether it did. */
  keepVersion?(schema: GraphQLSchema): Promise<boolean>;
  /** Validates a few documents against `schema` there once, while idle, so that the first schema change finds the validation warm. */
  warmUp?(schema: GraphQLSchema): Promise<void>;
}

/** One file of a batch: its documents (the file itself, or its templates) and its schema. */
interface FileWork {
  readonly uri: string;
  /** The file's templates (a code file), or undefined: the file is one GraphQL document. */
  readonly embedded: readonly EmbeddedDocument[] | undefined;
  /** Unset when the file is skipped (unreadable, no schema) or has no templates. */
  readonly schema?: GraphQLSchema;
  readonly documents: readonly { readonly id: string; readonly text: string }[];
}

/**
 * Validates the documents at `uris` one by one (syntax, graphql's rules with the workspace's
 * fragments, deprecations as warnings: what an open editor shows), yielding between documents
 * when a slice used its budget; with `remote`, in the language worker(s), a few batches in flight,
 * the results reported in the same order. Throws a CancelledError at the first checkpoint after
 * `signal` aborts; what was reported through `onDocument` before stays reported.
 */
export async function validateWorkspaceDocuments(
  uris: readonly string[],
  options: WorkspaceValidationOptions & { readonly remote?: RemoteValidator },
): Promise<WorkspaceValidationSummary> {
  return new WorkspaceRun(uris, options).run();
}

/** One run of validateWorkspaceDocuments: its counts, and the steps of its loop. */
class WorkspaceRun {
  private readonly slicer: TimeSlicer;
  private readonly store = new DocumentStore();
  private remote: RemoteValidator | undefined;
  private inWorker = 0;
  private workerFailure: string | undefined;
  private readonly counts = { validated: 0, codeFiles: 0, templates: 0, skipped: 0, documentsWithErrors: 0, errors: 0, warnings: 0 };
  private done = 0;
  private readonly failures: { uri: string; reason: string }[] = [];
  /** Batches sent and not reported yet, oldest first. */
  private readonly inFlight: { works: FileWork[]; results: Promise<ValidateResult[][]> }[] = [];

  constructor(
    private readonly uris: readonly string[],
    private readonly options: WorkspaceValidationOptions & { readonly remote?: RemoteValidator },
  ) {
    this.slicer = new TimeSlicer(options);
    this.remote = options.remote;
  }

  async run(): Promise<WorkspaceValidationSummary> {
    await this.prepareRemote();
    for (let i = 0; i < this.uris.length; i += READ_BATCH) {
      const works = await this.readBatch(this.uris.slice(i, i + READ_BATCH));
      const remote = this.remote;
      if (!remote) {
        continue;
      }
      const results = this.validateBatch(works);
      // A failed batch is reported when its turn comes (no unhandled rejection meanwhile).
      results.catch(() => undefined);
      this.inFlight.push({ works, results });
      while (this.inFlight.length >= Math.max(1, remote.parallelism)) {
        await this.reportOldest();
      }
    }
    while (this.inFlight.length > 0) {
      await this.reportOldest();
    }
    const { slicer, inWorker, workerFailure } = this;
    return {
      ...this.counts,
      failures: this.failures,
      longestSliceMs: slicer.longestSliceMs,
      yields: slicer.yields,
      inWorker,
      ...(workerFailure === undefined ? {} : { workerFailure }),
    };
  }

  /** Brings the worker's index in step; a worker that does not start leaves the run to this thread. */
  private async prepareRemote(): Promise<void> {
    if (!this.remote) {
      return;
    }
    try {
      await this.slicer.wait(this.remote.prepare(this.options.index));
    } catch (err) {
      if (err instanceof CancelledError) {
        throw err;
      }
      // The worker would not start or stopped: this run is validated here.
      this.workerFailure = err instanceof Error ? err.message : String(err);
      this.remote = undefined;
    }
  }

  /** Reads a batch of files and finds their documents; without a worker, validates and reports them here, file by file. */
  private async readBatch(batch: readonly string[]): Promise<FileWork[]> {
    const { slicer, options } = this;
    await slicer.checkpoint();
    const texts = await slicer.wait(Promise.all(batch.map((uri) => options.read(uri))));
    const works: FileWork[] = [];
    for (let j = 0; j < batch.length; j++) {
      await slicer.checkpoint();
      const uri = batch[j];
      const text = texts[j];
      const embedded = text === undefined ? undefined : options.documentsOf?.(uri, text);
      const schema = text === undefined || embedded?.length === 0 ? undefined : options.schemaFor(uri);
      const documents = !schema || text === undefined ? [] : embedded ? embedded.map((d) => ({ id: d.id, text: d.text })) : [{ id: uri, text }];
      const work = { uri, embedded, schema, documents };
      if (this.remote) {
        works.push(work);
      } else {
        // Here, file by file: its documents validated between checkpoints, then reported.
        this.report(work, (await this.validateBatch([work]))[0]);
      }
    }
    return works;
  }

  private async reportOldest(): Promise<void> {
    const oldest = this.inFlight.shift()!;
    const results = await this.slicer.wait(oldest.results);
    for (let j = 0; j < oldest.works.length; j++) {
      await this.slicer.checkpoint();
      this.report(oldest.works[j], results[j]);
    }
  }

  /** One document's diagnostics here, or a failure when graphql refuses the schema. */
  private validateHere(schema: GraphQLSchema, id: string, text: string): ValidateResult {
    const { index } = this.options;
    try {
      // The index parsed the document already (same text): no second parse.
      return { ok: true, diagnostics: computeDiagnostics(validatorFor(schema), index, index.modelOf(id, text) ?? this.store.get({ uri: id, version: 0, text })) ?? [] };
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    } finally {
      this.store.delete(id);
    }
  }

  /** The results of a batch's documents, file by file (in the worker when it can, else here). */
  private async validateBatch(works: readonly FileWork[]): Promise<ValidateResult[][]> {
    const results: ValidateResult[][] = works.map(() => []);
    for (const [schema, files] of bySchema(works)) {
      const documents = files.flatMap((i) => works[i].documents);
      const answered = this.remote && documents.length > 0 ? await this.remote.validate(schema, documents) : undefined;
      this.inWorker += answered ? documents.length : 0;
      let k = 0;
      for (const i of files) {
        for (const doc of works[i].documents) {
          if (!answered) {
            await this.slicer.checkpoint();
          }
          results[i].push(answered ? answered[k] : this.validateHere(schema, doc.id, doc.text));
          k++;
          if (!results[i][results[i].length - 1].ok && works[i].embedded) {
            // A template graphql refuses: the file is skipped, its other templates need no validation.
            k += works[i].documents.length - results[i].length;
            break;
          }
        }
      }
    }
    return results;
  }

  /** Counts and reports one file. */
  private report(work: FileWork, results: readonly ValidateResult[]): void {
    const { options, counts } = this;
    if (work.embedded?.length === 0) {
      // A code file without templates: nothing to validate, and whatever problems it had are gone.
      options.onDocument?.(work.uri, []);
      options.onProgress?.(++this.done, this.uris.length);
      return;
    }
    const diagnostics = this.diagnosticsOf(work, results);
    if (!diagnostics) {
      counts.skipped++;
    } else {
      counts.validated++;
      if (work.embedded) {
        counts.codeFiles++;
        counts.templates += work.embedded.length;
      }
      const e = diagnostics.filter((d) => d.severity === 'error').length;
      counts.errors += e;
      counts.warnings += diagnostics.length - e;
      counts.documentsWithErrors += e > 0 ? 1 : 0;
    }
    options.onDocument?.(work.uri, diagnostics);
    options.onProgress?.(++this.done, this.uris.length);
  }

  /** A file's diagnostics (a code file's templates' in file positions), or undefined when it was skipped. */
  private diagnosticsOf(work: FileWork, results: readonly ValidateResult[]): LanguageDiagnostic[] | undefined {
    if (!work.schema) {
      return undefined;
    }
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      // graphql refuses to validate against a schema it finds invalid: that file is skipped, not the run.
      if (this.failures.length < 20) {
        this.failures.push({ uri: work.uri, reason: failed.reason });
      }
      return undefined;
    }
    if (!work.embedded) {
      return results[0]?.ok ? [...results[0].diagnostics] : [];
    }
    const diagnostics: LanguageDiagnostic[] = [];
    results.forEach((r, i) => {
      if (r.ok) {
        diagnostics.push(...r.diagnostics.map((d) => ({ ...d, range: toHostRange(work.embedded![i].base, d.range) })));
      }
    });
    return diagnostics;
  }
}

/** The files of a batch by the schema they use (files without one left out), in order. */
function bySchema(works: readonly FileWork[]): Map<GraphQLSchema, number[]> {
  const groups = new Map<GraphQLSchema, number[]>();
  works.forEach((work, i) => {
    if (work.schema) {
      const same = groups.get(work.schema);
      if (same) {
        same.push(i);
      } else {
        groups.set(work.schema, [i]);
      }
    }
  });
  return groups;
}
