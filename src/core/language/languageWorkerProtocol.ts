/**
 * What the extension host and the language worker (languageWorker.ts) say to each other. Plain
 * data only: it crosses a thread boundary by structured clone.
 */
import type { SchemaSource } from '../codegen/protocol';
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

/** Answers at once (the round trip the bench measures). */
export interface PingRequest {
  readonly kind: 'ping';
}

export type LanguageWorkerRequest = SyncIndexRequest | ValidateRequest | AnalyseRequest | PingRequest;

/** What each request kind answers. */
export interface LanguageWorkerReplies {
  syncIndex: { readonly size: number };
  validate: { readonly results: readonly ValidateResult[]; readonly ms: number };
  analyse: { readonly results: readonly AnalyseResult[]; readonly ms: number };
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
