/**
 * What the extension host and the language worker (languageWorker.ts) say to each other. Plain
 * data only: it crosses a thread boundary by structured clone.
 */
import type { SchemaSource } from '../codegen/protocol';
import type { SchemaDiff } from '../schema/schemaDiff';
import type { Occurrences } from './referenceAnalysis';
import type { LanguageDiagnostic } from './types';

export type { SchemaSource } from '../codegen/protocol';

/** Brings the worker's fragment index in step with the host's: `reset` first clears it. */
export interface SyncIndexRequest {
  readonly kind: 'syncIndex';
  readonly reset: boolean;
  readonly remove: readonly string[];
  readonly set: readonly { readonly uri: string; readonly text: string }[];
}

/** Validates documents (each a whole file or a template, by its id in the index) against a schema. */
export interface ValidateRequest {
  readonly kind: 'validate';
  readonly schema: SchemaSource;
  readonly documents: readonly { readonly id: string; readonly text: string }[];
}

/** One document's diagnostics, or why graphql refused to validate it. */
export type ValidateResult = { readonly ok: true; readonly diagnostics: readonly LanguageDiagnostic[] } | { readonly ok: false; readonly reason: string };

/** Analyses documents for the reference index: what they name, and (with a schema) the schema coordinates they use. */
export interface AnalyseRequest {
  readonly kind: 'analyse';
  readonly schema?: SchemaSource;
  readonly sources: readonly { readonly id: string; readonly text: string }[];
}

/** One source's occurrences. */
export interface AnalyseResult {
  readonly syntax: Occurrences;
  readonly schema?: Occurrences;
}

/**
 * The breaking and dangerous changes from one version of a schema to another (schemaDiff.ts), in
 * the worker: `from` is the version a refresh replaced, which the worker still holds (in use, or
 * its cache file's bytes kept compressed) or can load (another environment's cache file).
 */
export interface DiffRequest {
  readonly kind: 'diff';
  readonly from: SchemaSource;
  readonly to: SchemaSource;
}

/** Keeps a version's cache file (compressed) so that a diff from it can be made once the file holds the next version. */
export interface KeepRequest {
  readonly kind: 'keep';
  readonly source: SchemaSource;
}

/**
 * Validates the first `documents` of the fragment index against a schema in use, once per thread,
 * while the editor is idle: graphql's validation is compiled and warm (the first schema change
 * of a thread otherwise pays for it) and the schema's version is kept for the next diff. The
 * results are not sent.
 */
export interface WarmRequest {
  readonly kind: 'warm';
  readonly schema: SchemaSource;
  readonly documents: number;
}

/** Answers at once (the round trip the bench measures). */
export interface PingRequest {
  readonly kind: 'ping';
}

export type LanguageWorkerRequest = SyncIndexRequest | ValidateRequest | AnalyseRequest | DiffRequest | KeepRequest | WarmRequest | PingRequest;

/** What each request kind answers. */
export interface LanguageWorkerReplies {
  syncIndex: { readonly size: number };
  validate: { readonly results: readonly ValidateResult[]; readonly ms: number };
  analyse: { readonly results: readonly AnalyseResult[]; readonly ms: number };
  diff: { readonly diff: SchemaDiff; readonly ms: number };
  keep: { readonly kept: boolean };
  warm: { readonly validated: number; readonly ms: number };
  ping: { readonly at: number };
}

/** A request as posted, with its id. */
export interface LanguageWorkerMessage {
  readonly id: number;
  readonly request: LanguageWorkerRequest;
}

/** The worker's answer to a message. */
export type LanguageWorkerAnswer =
  | { readonly id: number; readonly ok: true; readonly value: LanguageWorkerReplies[LanguageWorkerRequest['kind']] }
  | { readonly id: number; readonly ok: false; readonly error: string; readonly stale?: boolean };
