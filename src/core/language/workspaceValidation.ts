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
// eslint-disable-next-line max-lines-per-function -- 183 lines since the language worker (main): to be split (issue 23, part 5)
export async function validateWorkspaceDocuments(
  uris: readonly string[],
  options: WorkspaceValidationOptions & { readonly remote?: RemoteValidator },
): Promise<WorkspaceValidationSummary> {
  const slicer = new TimeSlicer(options);
  const store = new DocumentStore();
  let remote = options.remote;
  let inWorker = 0;
  let workerFailure: string | undefined;
  let validated = 0;
  let codeFiles = 0;
  let templates = 0;
  let skipped = 0;
  let documentsWithErrors = 0;
  let errors = 0;
  let warnings = 0;
  let done = 0;
  const failures: { uri: string; reason: string }[] = [];
  const fail = (uri: string, reason: string) => {
    // graphql refuses to validate against a schema it finds invalid: that file is skipped, not the run.
    if (failures.length < 20) {
      failures.push({ uri, reason });
    }
  };
  /** One document's diagnostics here, or undefined (a failure) when graphql refuses the schema. */
  const validateHere = (schema: GraphQLSchema, id: string, text: string): ValidateResult => {
    try {
      // The index parsed the document already (same text): no second parse.
      return { ok: true, diagnostics: computeDiagnostics(validatorFor(schema), options.index, options.index.modelOf(id, text) ?? store.get({ uri: id, version: 0, text })) ?? [] };
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    } finally {
      store.delete(id);
    }
  };
  /** The results of a batch's documents, file by file (in the worker when it can, else here). */
  const validateBatch = async (works: readonly FileWork[]): Promise<ValidateResult[][]> => {
    const results: ValidateResult[][] = works.map(() => []);
    const bySchema = new Map<GraphQLSchema, number[]>();
    works.forEach((work, i) => {
      if (work.schema) {
        const same = bySchema.get(work.schema);
        if (same) {
          same.push(i);
        } else {
          bySchema.set(work.schema, [i]);
        }
      }
    });
    for (const [schema, files] of bySchema) {
      const documents = files.flatMap((i) => works[i].documents);
      const answered = remote && documents.length > 0 ? await remote.validate(schema, documents) : undefined;
      inWorker += answered ? documents.length : 0;
      let k = 0;
      for (const i of files) {
        for (const doc of works[i].documents) {
          if (!answered) {
            await slicer.checkpoint();
          }
          results[i].push(answered ? answered[k] : validateHere(schema, doc.id, doc.text));
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
  };
  /** Counts and reports one file. */
  const report = (work: FileWork, results: readonly ValidateResult[]) => {
    if (work.embedded?.length === 0) {
      // A code file without templates: nothing to validate, and whatever problems it had are gone.
      options.onDocument?.(work.uri, []);
      options.onProgress?.(++done, uris.length);
      return;
    }
    let diagnostics: LanguageDiagnostic[] | undefined;
    if (work.schema) {
      const failed = results.find((r) => !r.ok);
      if (failed && !failed.ok) {
        fail(work.uri, failed.reason);
      } else if (!work.embedded) {
        diagnostics = results[0]?.ok ? [...results[0].diagnostics] : [];
      } else {
        diagnostics = [];
        results.forEach((r, i) => {
          if (r.ok) {
            diagnostics!.push(...r.diagnostics.map((d) => ({ ...d, range: toHostRange(work.embedded![i].base, d.range) })));
          }
        });
      }
    }
    if (!diagnostics) {
      skipped++;
    } else {
      validated++;
      if (work.embedded) {
        codeFiles++;
        templates += work.embedded.length;
      }
      const e = diagnostics.filter((d) => d.severity === 'error').length;
      errors += e;
      warnings += diagnostics.length - e;
      documentsWithErrors += e > 0 ? 1 : 0;
    }
    options.onDocument?.(work.uri, diagnostics);
    options.onProgress?.(++done, uris.length);
  };

  if (remote) {
    try {
      await slicer.wait(remote.prepare(options.index));
    } catch (err) {
      if (err instanceof CancelledError) {
        throw err;
      }
      // The worker would not start or stopped: this run is validated here.
      workerFailure = err instanceof Error ? err.message : String(err);
      remote = undefined;
    }
  }
  /** Batches sent and not reported yet, oldest first. */
  const inFlight: { works: FileWork[]; results: Promise<ValidateResult[][]> }[] = [];
  const reportOldest = async () => {
    const oldest = inFlight.shift()!;
    const results = await slicer.wait(oldest.results);
    for (let j = 0; j < oldest.works.length; j++) {
      await slicer.checkpoint();
      report(oldest.works[j], results[j]);
    }
  };
  for (let i = 0; i < uris.length; i += READ_BATCH) {
    const batch = uris.slice(i, i + READ_BATCH);
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
      if (remote) {
        works.push(work);
      } else {
        // Here, file by file: its documents validated between checkpoints, then reported.
        report(work, (await validateBatch([work]))[0]);
      }
    }
    if (!remote) {
      continue;
    }
    const results = validateBatch(works);
    // A failed batch is reported when its turn comes (no unhandled rejection meanwhile).
    results.catch(() => undefined);
    inFlight.push({ works, results });
    while (inFlight.length >= Math.max(1, remote.parallelism)) {
      await reportOldest();
    }
  }
  while (inFlight.length > 0) {
    await reportOldest();
  }
  return {
    validated,
    codeFiles,
    templates,
    skipped,
    failures,
    documentsWithErrors,
    errors,
    warnings,
    longestSliceMs: slicer.longestSliceMs,
    yields: slicer.yields,
    inWorker,
    ...(workerFailure === undefined ? {} : { workerFailure }),
  };
}
