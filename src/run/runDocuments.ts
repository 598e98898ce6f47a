import * as vscode from 'vscode';
import type { VariableValues } from '../core/run/variables';
import { sidecarPathFor } from '../core/run/variablesFile';

/** What `tenantGraphql.runOperation` accepts (all optional; a bare Uri from the editor title works too). */
export interface RunArgs {
  /** The document; default: the active editor's. */
  uri?: vscode.Uri;
  /** Run this operation (CodeLens, history); otherwise the one at `position` or the cursor. */
  operationName?: string;
  position?: vscode.Position;
  /** Use these variables instead of the sidecar's (history re-run, tests). */
  variables?: VariableValues;
  /** Cancels like the notification's Cancel button (for callers that cannot click it). */
  cancellation?: vscode.CancellationToken;
  /** Run on this environment (by name) instead of the active one (Run on Another Environment and Compare). */
  environment?: string;
}

/** The sidecar of a document (`tasks.graphql` -> `tasks.variables.json`), if it can have one. */
export function sidecarUriFor(uri: vscode.Uri): vscode.Uri | undefined {
  const path = sidecarPathFor(uri.path);
  return path ? uri.with({ path }) : undefined;
}

/** The text of a file (the editor's text when it is open); undefined when it does not exist. */
export async function readTextIfExists(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    return open.getText();
  }
  if (vscode.workspace.fs.isWritableFileSystem(uri.scheme) === undefined) {
    return undefined; // a virtual document (e.g. a schema view): no sidecar there
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
      return undefined;
    }
    throw err;
  }
}

/** The file name of a URI. */
export function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** The Run Operation command's argument, whatever the caller passed. */
export function normalizeArgs(arg: unknown): RunArgs {
  if (arg instanceof vscode.Uri) {
    return { uri: arg };
  }
  if (arg === null || typeof arg !== 'object') {
    return {};
  }
  const a = arg as Record<string, unknown>;
  const out: RunArgs = {};
  if (a.uri instanceof vscode.Uri) {
    out.uri = a.uri;
  } else if (typeof a.uri === 'string') {
    out.uri = vscode.Uri.parse(a.uri);
  }
  if (typeof a.operationName === 'string') {
    out.operationName = a.operationName;
  }
  const p = a.position as { line?: unknown; character?: unknown } | undefined;
  if (p && typeof p.line === 'number' && typeof p.character === 'number') {
    out.position = new vscode.Position(p.line, p.character);
  }
  if (a.variables !== null && typeof a.variables === 'object' && !Array.isArray(a.variables)) {
    out.variables = a.variables as VariableValues;
  }
  if (typeof a.environment === 'string' && a.environment !== '') {
    out.environment = a.environment;
  }
  const c = a.cancellation as vscode.CancellationToken | undefined;
  if (c && typeof c.isCancellationRequested === 'boolean' && typeof c.onCancellationRequested === 'function') {
    out.cancellation = c;
  }
  return out;
}
