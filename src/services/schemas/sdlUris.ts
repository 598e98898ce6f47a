import * as vscode from 'vscode';
import type { SchemaSnapshot } from '../../core/schema/schemaSnapshot';

/** URI scheme of the read-only SDL view of a schema in use. */
export const SDL_SCHEME = 'tenant-graphql-schema';

/** The SDL view URI of a schema, e.g. `tenant-graphql-schema:/Sandbox.graphql?key=env%3ASandbox`. */
export function sdlViewUri(snapshot: Pick<SchemaSnapshot, 'label' | 'key'>): vscode.Uri {
  const name = snapshot.label.replace(/[\\/:*?"<>|#%]+/g, '-') || 'schema';
  return vscode.Uri.from({ scheme: SDL_SCHEME, path: `/${name}.graphql`, query: new URLSearchParams({ key: snapshot.key }).toString() });
}

/** The schema key in an SDL view URI. */
export function keyOfSdlViewUri(uri: vscode.Uri): string | undefined {
  return uri.scheme === SDL_SCHEME ? (new URLSearchParams(uri.query).get('key') ?? undefined) : undefined;
}

/** The active editor's GraphQL document (not an SDL view), if any. */
export function activeGraphqlUri(): vscode.Uri | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return doc?.languageId === 'graphql' && doc.uri.scheme !== SDL_SCHEME ? doc.uri : undefined;
}
