/**
 * Validates every GraphQL document of a workspace (open or not) against the schema each one uses,
 * in time slices: a checkpoint between documents yields to the event loop once a slice used its
 * budget and stops the run when it is cancelled (the schema changed again). Used after a schema
 * change and by "Validate Workspace"; the glue puts the results in Problems.
 */
import type { GraphQLSchema } from 'graphql';
import { TimeSlicer, type TimeSlicerOptions } from '../timeSlicer';
import { computeDiagnostics } from './diagnostics';
import { validatorFor } from './incrementalValidation';
import { DocumentStore } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { LanguageDiagnostic } from './types';

/** Files read at once: the reads overlap, the validation stays sliced. */
const READ_BATCH = 24;

/** What a run needs besides the documents. */
export interface WorkspaceValidationOptions extends TimeSlicerOptions {
  /** Workspace fragments, so spreads of fragments from other files validate. */
  readonly index: FragmentIndex;
  /** The schema a document uses, or undefined to skip it (no schema loaded for it). */
  schemaFor(uri: string): GraphQLSchema | undefined;
  /** The text of a document, or undefined when it cannot be read (gone, too large). */
  read(uri: string): Promise<string | undefined> | string | undefined;
  /**
   * Called after each document with its diagnostics (an empty list: no problems), or undefined
   * when it was skipped (unreadable, or no schema for it): its old problems mean nothing now.
   */
  onDocument?(uri: string, diagnostics: readonly LanguageDiagnostic[] | undefined): void;
  /** Called after each document: documents done, documents in the run. */
  onProgress?(done: number, total: number): void;
}

/** What a finished run did. */
export interface WorkspaceValidationSummary {
  /** Documents validated (read and with a schema). */
  readonly validated: number;
  /** Documents skipped: unreadable or without a schema. */
  readonly skipped: number;
  /** Documents with at least one error. */
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
  let skipped = 0;
  let documentsWithErrors = 0;
  let errors = 0;
  let warnings = 0;
  let done = 0;
  const failures: { uri: string; reason: string }[] = [];
  for (let i = 0; i < uris.length; i += READ_BATCH) {
    const batch = uris.slice(i, i + READ_BATCH);
    await slicer.checkpoint();
    const texts = await Promise.all(batch.map((uri) => options.read(uri)));
    for (let j = 0; j < batch.length; j++) {
      await slicer.checkpoint();
      const uri = batch[j];
      const text = texts[j];
      const schema = text === undefined ? undefined : options.schemaFor(uri);
      if (text === undefined || !schema) {
        skipped++;
        options.onDocument?.(uri, undefined);
      } else {
        let diagnostics: LanguageDiagnostic[];
        try {
          // The index parsed the file already (same text): no second parse.
          diagnostics = computeDiagnostics(validatorFor(schema), options.index, options.index.modelOf(uri, text) ?? store.get({ uri, version: 0, text })) ?? [];
        } catch (err) {
          // graphql refuses to validate against a schema it finds invalid: that document is skipped, not the run.
          skipped++;
          if (failures.length < 20) {
            failures.push({ uri, reason: err instanceof Error ? err.message : String(err) });
          }
          options.onDocument?.(uri, undefined);
          options.onProgress?.(++done, uris.length);
          continue;
        } finally {
          store.delete(uri);
        }
        validated++;
        const e = diagnostics.filter((d) => d.severity === 'error').length;
        errors += e;
        warnings += diagnostics.length - e;
        documentsWithErrors += e > 0 ? 1 : 0;
        options.onDocument?.(uri, diagnostics);
      }
      options.onProgress?.(++done, uris.length);
    }
  }
  return { validated, skipped, failures, documentsWithErrors, errors, warnings, longestSliceMs: slicer.longestSliceMs, yields: slicer.yields };
}
