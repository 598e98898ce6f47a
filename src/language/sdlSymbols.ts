import * as vscode from 'vscode';
import type { ReferenceSymbol } from '../core/language/referenceIndex';
import { keyOfSdlViewUri, type SchemaSnapshot, type Schemas } from '../services/schemas';

/** A schema coordinate as a reference symbol. */
export type SchemaSymbol = Extract<ReferenceSymbol, { kind: 'schema' }>;

/** The type or member defined on (or, inside its text, above) a line of an SDL view. */
function symbolOfSdlLine(lines: ReadonlyMap<string, number>, line: number): { symbol: SchemaSymbol; line: number } | undefined {
  let best: { key: string; line: number } | undefined;
  for (const [key, at] of lines) {
    if (key.startsWith('@') || key === 'schema' || at > line) {
      continue;
    }
    if (!best || at > best.line || (at === best.line && key.includes('.'))) {
      best = { key, line: at };
    }
  }
  // A line inside a member's text (its arguments, a description) belongs to that member.
  return best && { symbol: { kind: 'schema', coordinate: best.key, what: best.key.includes('.') ? 'field' : 'type' }, line: best.line };
}

/** The schema and the type or member at a line of an SDL view document, if `uri` is one. */
export function sdlSymbolAt(schemas: Schemas, uri: vscode.Uri, line: number): { snapshot: SchemaSnapshot; symbol: SchemaSymbol; line: number } | undefined {
  const key = keyOfSdlViewUri(uri);
  const snapshot = key ? schemas.snapshotByKey(key) : undefined;
  const found = snapshot && symbolOfSdlLine(schemas.sdlViewOf(snapshot.schema).lines, line);
  return snapshot && found ? { snapshot, ...found } : undefined;
}
