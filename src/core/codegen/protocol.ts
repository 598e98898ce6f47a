/**
 * What the extension host and the types worker (codegenWorker.ts) say to each other. Plain data
 * only: it crosses a thread boundary by structured clone.
 */
import type { DocumentProblem, SourceDocument } from './generateTypes';
import type { SchemaFileFormat, SchemaFileHeader } from './schemaFile';

/** Where the worker reads a schema from: the environment's cache file, or a folder's schema files. */
export interface SchemaSource {
  /** The schema's key (`env:<name>` or `folder:<uri>`). */
  readonly key: string;
  /** Changes with every version of the schema (the introspection's sha256; schema files: the SHA-256 of their texts as the host read them, `sha256:<hex>`). */
  readonly version: string;
  readonly cache?: { readonly dir: string; readonly environment: string };
  readonly files?: readonly string[];
}

/** Generate `x.generated.ts` files for `.graphql` documents. */
export interface OperationFilesRequest {
  readonly kind: 'operationFiles';
  readonly schema: SchemaSource;
  /** The workspace folder (absolute path): every file written must be inside it on disk (folderPath.ts). */
  readonly root: string;
  /** Every `.graphql` document of the folder (those not in `only` provide fragments). */
  readonly documents: readonly SourceDocument[];
  /** The ids of the documents to generate for; all when absent. */
  readonly only?: readonly string[];
  /** Write the files that changed (else only return the texts). */
  readonly write: boolean;
}

/** Generate the templates' file in the client preset's style. */
export interface ClientFileRequest {
  readonly kind: 'clientFile';
  readonly schema: SchemaSource;
  readonly documents: readonly SourceDocument[];
  /** Absolute path of the file. */
  readonly output: string;
  /** The workspace folder (absolute path): the file is written only when it is inside it on disk (folderPath.ts). */
  readonly root: string;
  readonly write: boolean;
  /** Each template's text at its last good generation: it stands in for a template that does not validate now. */
  readonly lastGood?: Readonly<Record<string, string>>;
}

/** Write the schema as SDL or introspection JSON (when it changed). */
export interface SchemaFileRequest {
  readonly kind: 'schemaFile';
  readonly schema: SchemaSource;
  /** Absolute path of the file. */
  readonly file: string;
  /**
   * The workspace folder the file must be inside on disk (folderPath.ts): a setting names it.
   * Absent when the person chose the file themselves (Save Schema As…).
   */
  readonly root?: string;
  readonly format: SchemaFileFormat;
  readonly header: SchemaFileHeader;
}

/** A request to the worker. */
export type WorkerRequest = OperationFilesRequest | ClientFileRequest | SchemaFileRequest;

/** A generated file: its path, its text, and whether this run wrote it. */
export interface GeneratedText {
  readonly path: string;
  /** Its text as GraphQL Code Generator writes it ('' when the request wrote the files: it is on disk). */
  readonly text: string;
  readonly sources: readonly string[];
  readonly written: boolean;
  /** The templates' file: the text each template had in it. */
  readonly texts?: Readonly<Record<string, string>>;
}

/** What a generation did. */
export interface GenerationReply {
  readonly files: readonly GeneratedText[];
  readonly problems: readonly DocumentProblem[];
  /** Time spent in the worker, ms (codegen, writing). */
  readonly ms: number;
}

/** What writing a schema file did. */
export interface SchemaFileReply {
  readonly written: boolean;
}

/** The reply to each kind of request. */
export interface WorkerReplies {
  readonly operationFiles: GenerationReply;
  readonly clientFile: GenerationReply;
  readonly schemaFile: SchemaFileReply;
}

/** A message to the worker. */
export interface WorkerMessage {
  readonly id: number;
  readonly request: WorkerRequest;
}

/** A message from the worker. */
export type WorkerAnswer = { readonly id: number; readonly ok: true; readonly value: unknown } | { readonly id: number; readonly ok: false; readonly error: string };
