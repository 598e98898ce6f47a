/**
 * Memory of the language features in a fresh process (run by bench/bench.ts):
 *   node --expose-gc --import tsx bench/memory.ts ours|floor <introspection.json>
 * loads GitHub's schema, opens the 185-, 2,045- and 10,043-line documents, asks each for
 * diagnostics and one completion, keeps it all alive, collects garbage and prints
 * {"heapMb": ..., "rssMb": ...}: the heap the work holds (after minus before) and the process's
 * resident memory (comparable with the peer's whole server process).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { validateSchema, type IntrospectionQuery } from 'graphql';
import { getAutocompleteSuggestions, getDiagnostics, Position as LibPosition } from 'graphql-language-service';
import { GraphqlLanguageService } from '../src/core/language/languageService';
import { clientSchema, grow } from '../test/fixtures/inputs';

const [mode, introspectionPath] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || (mode !== 'ours' && mode !== 'floor') || !introspectionPath) {
  throw new Error('usage: node --expose-gc --import tsx bench/memory.ts ours|floor <introspection.json>');
}
const document = readFileSync(path.join(__dirname, '../test/fixtures/parity/github.graphql'), 'utf8');
const texts = [document, grow(document, 2000), grow(document, 10000)];
const introspectionText = readFileSync(introspectionPath, 'utf8');
gc();
const before = process.memoryUsage().heapUsed;
const json = JSON.parse(introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
const schema = clientSchema(json.data ?? json);
validateSchema(schema);
const kept: unknown[] = [schema];
const at = { line: 3, character: 4 };
if (mode === 'ours') {
  const service = GraphqlLanguageService.create(schema);
  texts.forEach((text, i) => {
    const doc = { uri: `file:///bench/memory-${i}.graphql`, version: 1, text };
    kept.push(service.diagnostics(doc), service.complete(doc, at));
  });
  kept.push(service);
} else {
  for (const text of texts) {
    kept.push(text, getDiagnostics(text, schema), getAutocompleteSuggestions(schema, text, new LibPosition(at.line, at.character)));
  }
}
gc();
const used = process.memoryUsage();
console.log(JSON.stringify({ heapMb: (used.heapUsed - before) / 1024 / 1024, rssMb: used.rss / 1024 / 1024, kept: kept.length }));
