/**
 * Validates every GraphQL document of a workspace (open or not) against the schema each one uses,
 * in time slices: a checkpoint between documents yields to the event loop once a slice used its
 * budget and stops the run when it is cancelled (the schema changed again). Used after a schema
 * change and by "Validate Workspace"; the glue puts the results in Problems.
 */
import type { GraphQLSchema } from 'graphql';
import type { Position } from '../text/position';
import { toHostRange } from '../embedded/templateSources';
import { TimeSlicer, type TimeSlicerOptions } from '../timeSlicer';
import { computeDiagnostics } from './diagnostics';
import { validatorFor } from './incrementalValidation';
import { DocumentStore } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { LanguageDiagnostic } from './types';

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
}

/**
 * Validates the documents at `uris` one by one (syntax, graphql's rules with the workspace's
 * fragments, deprecations as warnings: what an open editor shows), yielding between documents
 * when a slice used its budget. Throws a CancelledError at the first checkpoint after `signal`
 * aborts; what was reported through `onDocument` before stays reported.
 */
export async function validateWorkspaceDocuments(uris: readonly string[], options: WorkspaceValidationOptions): Promise<WorkspaceValidationSummary> {
  const slicer = new TimeSlicer(options);
  const store = new DocumentStore();
  let validated = 0;
  let codeFiles = 0;
  let templates = 0;
  let skipped = 0;
  let documentsWithErrors = 0;
  let errors = 0;
  let warnings = 0;
  let done = 0;
  const failures: { uri: string; reason: string }[] = [];
  /** One document's diagnostics, or a failure (recorded) when graphql refuses the schema. */
  const validate = (schema: GraphQLSchema, uri: string, id: string, text: string): LanguageDiagnostic[] | undefined => {
    try {
      // The index parsed the document already (same text): no second parse.
      return computeDiagnostics(validatorFor(schema), options.index, options.index.modelOf(id, text) ?? store.get({ uri: id, version: 0, text })) ?? [];
    } catch (err) {
      // graphql refuses to validate against a schema it finds invalid: that file is skipped, not the run.
      if (failures.length < 20) {
        failures.push({ uri, reason: err instanceof Error ? err.message : String(err) });
      }
      return undefined;
    } finally {
      store.delete(id);
    }
  };
  for (let i = 0; i < uris.length; i += READ_BATCH) {
    const batch = uris.slice(i, i + READ_BATCH);
    await slicer.checkpoint();
    const texts = await Promise.all(batch.map((uri) => options.read(uri)));
    for (let j = 0; j < batch.length; j++) {
      await slicer.checkpoint();
      const uri = batch[j];
      const text = texts[j];
      const embedded = text === undefined ? undefined : options.documentsOf?.(uri, text);
      if (embedded?.length === 0) {
        // A code file without templates: nothing to validate, and whatever problems it had are gone.
        options.onDocument?.(uri, []);
        options.onProgress?.(++done, uris.length);
        continue;
      }
      const schema = text === undefined ? undefined : options.schemaFor(uri);
      let diagnostics: LanguageDiagnostic[] | undefined;
      if (text !== undefined && schema) {
        if (!embedded) {
          diagnostics = validate(schema, uri, uri, text);
        } else {
          diagnostics = [];
          for (const doc of embedded) {
            await slicer.checkpoint();
            const found = validate(schema, uri, doc.id, doc.text);
            if (!found) {
              diagnostics = undefined;
              break;
            }
            diagnostics.push(...found.map((d) => ({ ...d, range: toHostRange(doc.base, d.range) })));
          }
        }
      }
      if (!diagnostics) {
        skipped++;
      } else {
        validated++;
        if (embedded) {
          codeFiles++;
          templates += embedded.length;
        }
        const e = diagnostics.filter((d) => d.severity === 'error').length;
        errors += e;
        warnings += diagnostics.length - e;
        documentsWithErrors += e > 0 ? 1 : 0;
      }
      options.onDocument?.(uri, diagnostics);
      options.onProgress?.(++done, uris.length);
    }
  }
  return { validated, codeFiles, templates, skipped, failures, documentsWithErrors, errors, warnings, longestSliceMs: slicer.longestSliceMs, yields: slicer.yields };
}
