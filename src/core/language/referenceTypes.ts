/**
 * The reference index's shapes (./referenceIndex.ts): a source of GraphQL text, the places the
 * index answers with, and the options of its warm-up (in slices here, or in the language worker).
 */
import type { GraphQLSchema } from 'graphql';
import type { DocumentModel } from './documentModel';
import type { Occurrences, ReferenceSymbol } from './referenceAnalysis';
import type { Position, Range } from './types';

/** GraphQL text in a host file: a whole `.graphql` file, or a template slice of a code file. */
export interface ReferenceSource {
  /** Identity of the source: the host URI for a whole file; for a slice, unique per template. */
  readonly id: string;
  /** The file that holds the text (where locations point). */
  readonly hostUri: string;
  readonly text: string;
  /** Offset in the host file where `text` starts (0 for a whole file). */
  readonly baseOffset: number;
  /** The same place as a 0-based position (line 0, character 0 for a whole file). */
  readonly basePosition: Position;
}

/** A place a symbol is named, in host coordinates. */
export interface ReferenceLocation {
  readonly uri: string;
  readonly range: Range;
  readonly definition: boolean;
  /** The source it was found in. */
  readonly sourceId: string;
}

/** The symbol at a position, with its occurrence there. */
export interface SymbolAt {
  readonly symbol: ReferenceSymbol;
  readonly location: ReferenceLocation;
}

/** Which schema a host file's documents use (undefined: none loaded). */
export type SchemaOf = (hostUri: string) => GraphQLSchema | undefined;

/** One source in the index and what was found in it so far (the schema coordinates per schema version). */
export interface ReferenceEntry {
  readonly source: ReferenceSource;
  readonly version: number;
  model?: DocumentModel;
  syntax?: Occurrences;
  /** Schema coordinates per schema version. */
  schemas?: WeakMap<GraphQLSchema, Occurrences>;
}

/** Options of `warm`. */
export interface WarmOptions {
  readonly schemaOf: SchemaOf;
  /** Called after each slice with the number of sources analysed and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly isCancelled?: () => boolean;
  /** Longest run between two yields (default 10 ms). */
  readonly sliceMs?: number;
  /**
   * Analyses sources off the thread (the language worker): their occurrences for the schema, or
   * undefined when it cannot (no source for the schema): those are analysed here.
   */
  readonly remote?: RemoteAnalyser;
}

/** Where sources are analysed off the extension host's thread (languageWorkerClient.ts). */
export interface RemoteAnalyser {
  /** Batches in flight at once. */
  readonly parallelism: number;
  analyse(
    schema: GraphQLSchema | undefined,
    sources: readonly { readonly id: string; readonly text: string }[],
  ): Promise<readonly { readonly syntax: Occurrences; readonly schema?: Occurrences }[] | undefined>;
}
