/**
 * Benchmark of the language features on GitHub's public schema: our GraphqlLanguageService (the
 * provider code path) beside graphql-language-service called directly (the floor), in the same
 * run on the same inputs, and the GraphQL Foundation's language server over LSP (the peer).
 *
 *   node --import tsx scripts/bench.ts           full run (100 positions x 5 rounds, with peer)
 *   node --import tsx scripts/bench.ts --quick   smoke run (seconds, no peer)
 *
 * Prints figures only; it never fails on a target (CI runs the quick smoke). Writes nothing
 * outside a temporary folder, which it removes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { buildClientSchema, printSchema, type GraphQLSchema } from 'graphql';
import { getAutocompleteSuggestions, getDiagnostics, getHoverInformation, Position as LibPosition } from 'graphql-language-service';
import { schemaFromSdl } from '../src/core/schema/loadSchema';
import { loadSchemaFromCache, writeSchemaCache } from '../src/core/schema/schemaCache';
import { directCompletion } from '../src/core/language/directCalls';
import { GraphqlLanguageService } from '../src/core/language/languageService';
import type { Position, TextDocumentSnapshot } from '../src/core/language/types';
import { loadInputs, spreadPositions } from './bench/inputs';
import { measurePeer, type PeerResult } from './bench/peer';
import { ms, summarize, timeEach, type Summary } from './bench/stats';
import { generatedWorkspace, indexOf, nextVersion, runSchemaChange, WORKSPACE_DOCUMENTS, type SchemaChangeRun } from './bench/schemaChanges';

interface Row {
  readonly name: string;
  readonly ours?: Summary;
  readonly direct?: Summary;
  readonly targetP95?: number;
  readonly note?: string;
}

const quick = process.argv.includes('--quick');
const POSITIONS = quick ? 20 : 100;
const ROUNDS = quick ? 1 : 5;
const SCHEMA_ROUNDS = quick ? 1 : 5;

async function main(): Promise<void> {
  const tmp = await mkdtemp(path.join(tmpdir(), 'tenant-graphql-bench-'));
  try {
    await run(tmp);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function run(tmp: string): Promise<void> {
  const inputs = loadInputs();
  const rows: Row[] = [];
  const lines = (t: string) => t.split('\n').length - (t.endsWith('\n') ? 1 : 0);
  console.log(`Tenant GraphQL language benchmark${quick ? ' (quick smoke)' : ''}: Node ${process.version}, ${POSITIONS} positions x ${ROUNDS} rounds, warm`);
  console.log(
    `Inputs: @octokit/graphql-schema introspection ${(inputs.introspectionText.length / 1e6).toFixed(1)} MB, document ${lines(inputs.document)} lines, grown document ${lines(inputs.bigDocument)} lines`,
  );

  // Schema: our disk-cache path vs JSON.parse + buildClientSchema.
  await writeSchemaCache(tmp, 'github', inputs.introspectionText, new Date());
  let schema: GraphQLSchema | undefined;
  const oursLoad: number[] = [];
  const directLoad: number[] = [];
  for (let i = 0; i < SCHEMA_ROUNDS; i++) {
    const t0 = performance.now();
    const loaded = await loadSchemaFromCache(tmp, 'github');
    oursLoad.push(performance.now() - t0);
    if (!loaded.ok) {
      throw new Error(loaded.reason);
    }
    schema = loaded.value.schema;
    const t1 = performance.now();
    buildClientSchema(JSON.parse(inputs.introspectionText));
    directLoad.push(performance.now() - t1);
  }
  if (!schema) {
    throw new Error('no schema');
  }
  rows.push({
    name: 'schema load from disk cache (read, verify sha256, parse, build)',
    ours: summarize(oursLoad),
    direct: summarize(directLoad),
    targetP95: 150,
    note: 'floor: JSON.parse + buildClientSchema',
  });

  const s0 = performance.now();
  const sdl = schemaFromSdl(inputs.sdlText);
  const sdlMs = performance.now() - s0;

  const w0 = performance.now();
  const service = GraphqlLanguageService.create(schema);
  const warmMs = performance.now() - w0;
  // The floor gets the same warm schema: only per-call work is compared.
  getDiagnostics(inputs.document, schema);

  const doc: TextDocumentSnapshot = { uri: 'file:///bench/github.graphql', version: 1, text: inputs.document };
  const bigDoc: TextDocumentSnapshot = { uri: 'file:///bench/github-big.graphql', version: 1, text: inputs.bigDocument };
  const positions = spreadPositions(inputs.document, POSITIONS);
  const bigPositions = spreadPositions(inputs.bigDocument, POSITIONS);
  const rounds = <T>(items: readonly T[]) => Array.from({ length: ROUNDS }, () => items).flat();

  // The provider path: plain position in, plain items out, mapped once more as an adapter would.
  const ourComplete = (d: TextDocumentSnapshot) => (p: Position) => service.complete(d, { line: p.line, character: p.character }).map((item) => ({ ...item }));
  const directComplete = (text: string) => (p: Position) => getAutocompleteSuggestions(schema, text, new LibPosition(p.line, p.character));

  // Warm both paths on every position once before timing.
  positions.forEach((p) => (ourComplete(doc)(p), directComplete(doc.text)(p)));
  bigPositions.forEach((p) => (ourComplete(bigDoc)(p), directComplete(bigDoc.text)(p)));

  rows.push({
    name: `completion, ${lines(doc.text)} lines`,
    ours: summarize(timeEach(rounds(positions), ourComplete(doc))),
    direct: summarize(timeEach(rounds(positions), directComplete(doc.text))),
    targetP95: 3,
  });
  rows.push({
    name: `completion, ${lines(bigDoc.text)} lines`,
    ours: summarize(timeEach(rounds(bigPositions), ourComplete(bigDoc))),
    direct: summarize(timeEach(rounds(bigPositions), directComplete(bigDoc.text))),
    targetP95: 3,
  });

  // Typing: every call sees a new version (an edit on the cursor's line), as on a keystroke.
  const typing = (base: TextDocumentSnapshot, ps: readonly Position[]) => {
    const baseLines = base.text.split('\n');
    let version = 100;
    return rounds(ps).map((p) => {
      const edited = [...baseLines];
      edited[p.line] = `${edited[p.line]} `;
      return { doc: { uri: base.uri, version: ++version, text: edited.join('\n') }, p };
    });
  };
  const bigTyping = typing(bigDoc, bigPositions);
  rows.push({
    name: `completion, ${lines(bigDoc.text)} lines, new version per call (typing)`,
    ours: summarize(timeEach(bigTyping, ({ doc: d, p }) => ourComplete(d)(p))),
    direct: summarize(timeEach(bigTyping, ({ doc: d, p }) => directComplete(d.text)(p))),
    targetP95: 3,
  });

  const ourHover = (p: Position) => service.hover(doc, { line: p.line, character: p.character });
  const directHover = (p: Position) => getHoverInformation(schema, doc.text, new LibPosition(p.line, p.character), undefined, { useMarkdown: true });
  positions.forEach((p) => (ourHover(p), directHover(p)));
  rows.push({
    name: `hover, ${lines(doc.text)} lines`,
    ours: summarize(timeEach(rounds(positions), ourHover)),
    direct: summarize(timeEach(rounds(positions), directHover)),
    targetP95: 2,
  });

  // Diagnostics: a new version per call (one definition edited), so nothing is served from a memo.
  const diagCalls = typing(doc, positions.slice(0, quick ? 10 : 20));
  rows.push({
    name: `diagnostics, ${lines(doc.text)} lines, new version per call`,
    ours: summarize(timeEach(diagCalls, ({ doc: d }) => service.diagnostics(d).map((x) => ({ ...x })))),
    direct: summarize(timeEach(diagCalls, ({ doc: d }) => getDiagnostics(d.text, schema))),
    targetP95: 10,
  });
  const bigDiagCalls = typing(bigDoc, bigPositions.slice(0, quick ? 5 : 20));
  rows.push({
    name: `diagnostics, ${lines(bigDoc.text)} lines, new version per call`,
    ours: summarize(timeEach(bigDiagCalls, ({ doc: d }) => service.diagnostics(d))),
    direct: summarize(timeEach(bigDiagCalls, ({ doc: d }) => getDiagnostics(d.text, schema))),
  });

  // Schema change (issue 14): diff + re-validating 2,000 documents, time-sliced; the longest task on the thread.
  const workspace = generatedWorkspace(inputs.document);
  const workspaceIndex = indexOf(workspace);
  const next = nextVersion(inputs.introspectionText);
  const changeRuns: SchemaChangeRun[] = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    changeRuns.push(await runSchemaChange(schema, next, workspace, workspaceIndex));
  }
  const worst = (f: (r: SchemaChangeRun) => number) => ms(Math.max(...changeRuns.map(f)));
  rows.push({
    name: `schema change: diff + re-validate ${WORKSPACE_DOCUMENTS} documents (GitHub schema), whole run`,
    ours: summarize(changeRuns.map((r) => r.totalMs)),
    targetP95: 3000,
    note: `CPU ${ms(Math.min(...changeRuns.map((r) => r.cpuMs)))} ms best (wall time includes waiting for a shared CPU); diff ${worst((r) => r.diffMs)} ms worst; ${changeRuns[0].breaking} breaking, ${changeRuns[0].dangerous} dangerous; ${changeRuns[0].documentsWithErrors} documents broke`,
  });
  rows.push({
    name: 'schema change: longest single task on the thread',
    ours: summarize(changeRuns.map((r) => Math.max(r.longestSliceMs, r.longestStallMs))),
    targetP95: 50,
    note: `slicers' longest slice ${worst((r) => r.longestSliceMs)} ms; 1 ms timer probe's longest stall ${worst((r) => r.longestStallMs)} ms (the larger is the row)`,
  });

  // Parity (not timed): our items equal the direct call's, position by position.
  const same = positions.filter((p) => isDeepStrictEqual(service.complete(doc, p), directCompletion(schema, doc.text, p, [], doc.uri))).length;

  printTable(rows);
  console.log('');
  console.log(`Completion parity with the direct call: ${same}/${positions.length} positions give identical items.`);
  console.log(`Service build + warm-up (validateSchema, first completion/hover/diagnostics): ${ms(warmMs)} ms, off the keystroke path.`);
  console.log(`GitHub SDL (${(inputs.sdlText.length / 1e6).toFixed(1)} MB) via schemaFromSdl: ${ms(sdlMs)} ms, ${sdl.warnings.length} warning(s): ${sdl.warnings.join(' | ')}`);

  if (quick) {
    console.log('Peer (graphql-language-service-server over LSP): skipped in --quick.');
    return;
  }
  let peer: PeerResult | undefined;
  try {
    peer = await measurePeer({
      tmpDir: tmp,
      sdl: printSchema(schema),
      document: doc.text,
      positions,
      rounds: ROUNDS,
      firstCompletionAt: fieldPosition(doc.text),
    });
  } catch (err) {
    console.log(`Peer (graphql-language-service-server 2.14 over LSP): not measured: ${(err as Error).message}`);
    return;
  }
  console.log('');
  console.log('Peer: graphql-language-service-server 2.14 over LSP (stdio), same schema (printed SDL) and document, round trip per request');
  console.log(`  spawn to first completion: ${ms(peer.spawnToFirstCompletionMs)} ms`);
  console.log(`  completion p50 ${ms(peer.completion.p50)} / p95 ${ms(peer.completion.p95)} ms (n=${peer.completion.n}, ${peer.emptyCompletions} empty)`);
  console.log(`  hover      p50 ${ms(peer.hover.p50)} / p95 ${ms(peer.hover.p95)} ms (n=${peer.hover.n})`);
}

/** A position where fields of Repository are suggested (the peer's first completion). */
function fieldPosition(text: string): Position {
  const line = text.split('\n').findIndex((l) => l === '    nameWithOwner');
  return { line, character: 6 };
}

function printTable(rows: readonly Row[]): void {
  const header = ['measure', 'ours p50', 'ours p95', 'direct p50', 'direct p95', 'target p95', 'result'];
  const body = rows.map((r) => [
    r.name,
    ms(r.ours?.p50),
    ms(r.ours?.p95),
    ms(r.direct?.p50),
    ms(r.direct?.p95),
    r.targetP95 === undefined ? '-' : `<= ${r.targetP95}`,
    r.targetP95 === undefined || !r.ours ? 'info' : r.ours.p95 <= r.targetP95 ? 'PASS' : 'MISS',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('');
  console.log('All times in ms. "direct" = graphql-language-service / graphql called directly on the same inputs (the floor).');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  body.forEach((b) => console.log(line(b)));
  const notes = rows.filter((r) => r.note).map((r) => `  ${r.name}: ${r.note}`);
  if (notes.length > 0) {
    console.log(notes.join('\n'));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
