/**
 * The schema in use, for other features (the run feature's variables, for example):
 * `currentSchema()` / `schemaFor(uri)` and `onDidChangeSchema`. The language feature registers
 * the live service here when it starts; before that (and after it is disposed) there is none.
 */
import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import type { SchemaSnapshot } from './schemaService';

export type { SchemaSnapshot, SchemaSource, SchemaState, RefreshOutcome } from './schemaService';
export { SchemaService } from './schemaService';

/** What the language feature exposes about the schemas in use. */
export interface SchemaAccess {
  /** The active environment's schema. */
  current(): SchemaSnapshot | undefined;
  /** The schema a document uses: its folder's graphql-config schema, else the environment's. */
  snapshotFor(uri: vscode.Uri): SchemaSnapshot | undefined;
  /** Fires when any schema in use changed. */
  readonly onDidChangeSchemas: vscode.Event<void>;
}

// One slot per extension host: features are composed in extension.ts and cannot pass objects to
// each other through FeatureContext without touching it, so the language feature publishes here.
let access: SchemaAccess | undefined;
let accessListener: vscode.Disposable | undefined;
const changed = new vscode.EventEmitter<void>();

/** Fires when the schema in use changed (a new version, another environment, a folder config). */
export const onDidChangeSchema: vscode.Event<void> = changed.event;

/** The schema service's view, once the language feature started. */
export function schemaAccess(): SchemaAccess | undefined {
  return access;
}

/** The active environment's schema, or undefined when none is loaded. */
export function currentSchema(): GraphQLSchema | undefined {
  return access?.current()?.schema;
}

/** The schema for a document (folder graphql-config first), or the active environment's. */
export function schemaFor(uri?: vscode.Uri): GraphQLSchema | undefined {
  return (uri ? access?.snapshotFor(uri) : access?.current())?.schema;
}

/** Publishes the schema access (the language feature does this); disposing withdraws it. */
export function publishSchemaAccess(value: SchemaAccess): vscode.Disposable {
  accessListener?.dispose();
  access = value;
  accessListener = value.onDidChangeSchemas(() => changed.fire());
  changed.fire();
  return new vscode.Disposable(() => {
    if (access === value) {
      access = undefined;
      accessListener?.dispose();
      accessListener = undefined;
      changed.fire();
    }
  });
}
