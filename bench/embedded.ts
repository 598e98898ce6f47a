/**
 * Bench rows for GraphQL inside code: a generated 5,000-line TypeScript file with 50
 * GraphQL templates on GitHub's schema, through the path the VS Code adapter takes on every
 * keystroke (LanguageHost.templatesOf: EmbeddedFiles.update rescans the new text; then the
 * template at the cursor as a document of its own, and the service), beside the floor
 * (graphql-language-service on the template's text, cut out by hand) and, where it has the
 * feature, the GraphQL Foundation's server on the same file and position.
 */
import { performance } from 'node:perf_hooks';
import type { GraphQLSchema } from 'graphql';
import { getAutocompleteSuggestions, getDiagnostics, Position as LibPosition } from 'graphql-language-service';
import { EmbeddedFiles, graphqlAt, type TemplateSource } from '../src/core/embedded/templateSources';
import { findTemplates } from '../src/core/embedded/templates';
import { GraphqlLanguageService } from '../src/core/language/languageService';
import { LineIndex } from '../src/core/text/lineIndex';
import type { Position } from '../src/core/language/types';
import { summarize, type Summary } from './stats';
import { generatedCodeFile, TEMPLATES } from '../test/fixtures/codeFile';

/** One row of the bench table (the shape bench.ts prints). */
export interface EmbeddedRow {
  readonly name: string;
  readonly ours?: Summary;
  readonly direct?: Summary;
  readonly targetP95?: number;
  readonly note?: string;
}

/** Positions inside templates where completion is asked: the start of a field line in a selection set. */
function completionPositions(text: string, sources: readonly TemplateSource[], count: number): number[] {
  const offsets: number[] = [];
  for (const s of sources) {
    const local = s.text.search(/\n {6,8}[a-z]/);
    if (local >= 0) {
      offsets.push(s.baseOffset + local + 1 + (s.text.slice(local + 1).length - s.text.slice(local + 1).trimStart().length));
    }
  }
  return Array.from({ length: count }, (_, k) => offsets[k % offsets.length]);
}

function insertAt(text: string, offset: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset);
}

/** Scan, completion and diagnostics inside the templates of the generated file, ours beside the floor. */
export function benchEmbedded(schema: GraphQLSchema, quick: boolean): { rows: EmbeddedRow[]; file: string; positions: Position[] } {
  const rounds = quick ? 20 : 200;
  const file = generatedCodeFile();
  const plain = generatedCodeFile(false);
  const lines = file.split('\n').length;
  const found = findTemplates(file);
  if (found.length !== TEMPLATES) {
    throw new Error(`the generated file has ${found.length} templates, not ${TEMPLATES}`);
  }
  const rows: EmbeddedRow[] = [];

  // Scanning: a fresh scan of the whole file, as after any edit.
  const scan = (text: string) => {
    const samples: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const edited = text + ' '.repeat(r % 2); // a new string each time: nothing cached
      const t0 = performance.now();
      findTemplates(edited);
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  };
  rows.push({ name: `template scan, ${lines}-line TS file, ${TEMPLATES} templates`, ours: scan(file), targetP95: 5 });
  rows.push({
    name: `template scan, ${plain.split('\n').length}-line TS file, no GraphQL`,
    ours: scan(plain),
    targetP95: 1,
    note: 'a file with template literals but no tag name or GraphQL marker is dismissed by two string searches',
  });
  const plainWithWord = `// uses graphql elsewhere\n${plain}`;
  rows.push({ name: 'template scan, the same file naming "graphql" in a comment (full scan, none found)', ours: scan(plainWithWord) });

  // Completion while typing in a template: each call sees a new version of the file (one more
  // character typed in that template), as the adapter does: rescan, the template at the cursor,
  // its document (re-split around the edit), completion.
  const service = GraphqlLanguageService.create(schema);
  const embedded = new EmbeddedFiles();
  const hostUri = 'file:///bench/src/api.ts';
  const offsets = completionPositions(file, embedded.update(hostUri, file).sources, rounds);
  let text = file;
  let version = 1;
  const ours: number[] = [];
  const floor: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Typing: one more space before a field of the next template, in the text as it is now
    // (the edits accumulate as in an editor); the cursor after it, at a field position.
    const field = completionPositions(text, embedded.sourcesOf(hostUri), TEMPLATES)[r % TEMPLATES];
    text = insertAt(text, field, ' ');
    const cursor = field + 1;
    version++;
    const t0 = performance.now();
    const { sources } = embedded.update(hostUri, text);
    const at = graphqlAt(sources, cursor);
    if (!at) {
      throw new Error('the cursor is not in a template');
    }
    const local = new LineIndex(at.source.text).positionAt(at.offset);
    const items = service.complete({ uri: at.source.id, version, text: at.source.text }, local);
    ours.push(performance.now() - t0);
    if (items.length === 0) {
      throw new Error('no completion inside the template');
    }
    // The floor: the library on the template's text (cut out and blanked by our scanner, not timed).
    const t1 = performance.now();
    getAutocompleteSuggestions(schema, at.source.text, new LibPosition(local.line, local.character));
    floor.push(performance.now() - t1);
  }
  rows.push({
    name: `completion in a template of the ${lines}-line file, after each keystroke (rescan included)`,
    ours: summarize(ours),
    direct: summarize(floor),
    targetP95: 5,
    note: "ours: the core side of the adapter path (the new text's templates: moved, not rescanned, when the edit is inside one; the template's document re-split around the edit; completion); floor: graphql-language-service on the template's text alone",
  });

  // Diagnostics after an edit in one template: every template of the file is asked (the others
  // answer from memory: same text, same model), only the edited one is validated again.
  const all = (t: string, v: number) => {
    const { sources } = embedded.update(hostUri, t);
    let count = 0;
    for (const s of sources) {
      count += service.diagnostics({ uri: s.id, version: v, text: s.text }).length;
    }
    return count;
  };
  all(file, ++version);
  const diag: number[] = [];
  const diagFloor: number[] = [];
  const sources = embedded.update(hostUri, file).sources;
  for (let r = 0; r < (quick ? 10 : 60); r++) {
    const s = sources[r % sources.length];
    // Append to a field name (an error now), alternating with the original (valid again).
    const fieldAt = s.baseOffset + s.text.search(/[a-z]\n/) + 1;
    const edited = r % 2 === 0 ? insertAt(file, fieldAt, 'x') : file;
    const t0 = performance.now();
    all(edited, ++version);
    diag.push(performance.now() - t0);
    const t1 = performance.now();
    for (const src of findTemplates(edited)) {
      getDiagnostics(src.text, schema);
    }
    diagFloor.push(performance.now() - t1);
  }
  rows.push({
    name: `diagnostics of the ${lines}-line file after an edit in one template (all ${TEMPLATES} templates)`,
    ours: summarize(diag),
    direct: summarize(diagFloor),
    targetP95: 15,
    note: 'ours: rescan + every template asked, the 49 unchanged answering from memory; floor: graphql-language-service validating every template',
  });
  const fileIndex = new LineIndex(file);
  const distinct = [...new Set(offsets)].map((o) => fileIndex.positionAt(o));
  return { rows, file, positions: distinct };
}
