/**
 * Benchmark row of issue 14 (schema changes): a new version of GitHub's schema arrives; the diff
 * (breaking + dangerous changes, one type per step) and the re-validation of 2,000 generated
 * documents run as the extension runs them, time-sliced with real event-loop yields. Measures the
 * whole (target <= 3 s) and the longest single task (target <= 50 ms): the slicers' own longest
 * slice, cross-checked by a timer probe that sees every stall of the event loop.
 */
import { performance } from 'node:perf_hooks';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { FragmentIndex } from '../../src/core/language/fragmentIndex';
import { validateWorkspaceDocuments, type RemoteValidator } from '../../src/core/language/workspaceValidation';
import { diffSchemas } from '../../src/core/schema/schemaDiff';
import { TimeSlicer } from '../../src/core/timeSlicer';
import { grow } from './inputs';

/** Documents in the generated workspace. */
export const WORKSPACE_DOCUMENTS = 2000;

/** What one run measured. */
export interface SchemaChangeRun {
  readonly totalMs: number;
  /** CPU time of this process over the run (wall time minus waiting, when the machine is shared). */
  readonly cpuMs: number;
  readonly diffMs: number;
  /** The longest slice of the diff and the validation, as the slicers measured it. */
  readonly longestSliceMs: number;
  /** The diff's longest slice and the validation's (the diff runs on the thread in every mode). */
  readonly diffSliceMs: number;
  readonly validationSliceMs: number;
  /** The longest gap a 1 ms timer saw between two turns of the event loop (includes our slices). */
  readonly longestStallMs: number;
  readonly breaking: number;
  readonly dangerous: number;
  readonly documentsWithErrors: number;
}

/** GitHub's schema with a field the documents select removed and an enum value added. */
export function nextVersion(introspectionText: string): GraphQLSchema {
  return buildClientSchema(nextIntrospection(introspectionText));
}

/**
 * The introspection of {@link nextVersion} (what the language worker is sent: its cache file);
 * `unrelated`: GitHub's schema with only a field added to a type the documents do not use (a
 * change that breaks nothing and that no document reads).
 */
export function nextIntrospection(introspectionText: string, unrelated = false): IntrospectionQuery {
  const raw = JSON.parse(introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
  const intro = (raw.data ?? raw) as unknown as { __schema: { types: { name: string; fields?: { name: string }[] | null; enumValues?: unknown[] | null }[] } };
  const type = (name: string) => {
    const t = intro.__schema.types.find((x) => x.name === name);
    if (!t) {
      throw new Error(`GitHub's schema has no ${name}`);
    }
    return t;
  };
  if (unrelated) {
    const conduct = type('CodeOfConduct') as { fields?: unknown[] | null };
    conduct.fields = [
      ...(conduct.fields ?? []),
      { name: 'benchAdded', description: null, args: [], type: { kind: 'SCALAR', name: 'String', ofType: null }, isDeprecated: false, deprecationReason: null },
    ];
    return intro as unknown as IntrospectionQuery;
  }
  for (const name of ['Repository', 'RepositoryInfo']) {
    type(name).fields = (type(name).fields ?? []).filter((f) => f.name !== 'forkCount');
  }
  type('IssueState').enumValues = [...(type('IssueState').enumValues ?? []), { name: 'ARCHIVED', description: null, isDeprecated: false, deprecationReason: null }];
  return intro as unknown as IntrospectionQuery;
}

/** 2,000 documents: the realistic document with its operations and fragments renamed per copy. */
export function generatedWorkspace(document: string): Map<string, string> {
  const docs = new Map<string, string>();
  const copies = grow(document, document.split('\n').length * WORKSPACE_DOCUMENTS).split(document.slice(0, 40));
  let n = 0;
  for (const part of copies) {
    if (part.trim() !== '' && n < WORKSPACE_DOCUMENTS) {
      docs.set(`file:///bench/workspace/doc${n++}.graphql`, document.slice(0, 40) + part);
    }
  }
  if (docs.size !== WORKSPACE_DOCUMENTS) {
    throw new Error(`generated ${docs.size} documents`);
  }
  return docs;
}

/** One schema change: diff, then every document validated against the new version. */
export async function runSchemaChange(
  before: GraphQLSchema,
  after: GraphQLSchema,
  docs: ReadonlyMap<string, string>,
  index: FragmentIndex,
  remote?: RemoteValidator,
): Promise<SchemaChangeRun> {
  let longestStallMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
  }, 1);
  try {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const slicer = new TimeSlicer();
    const diff = await diffSchemas(before, after, slicer);
    const diffMs = performance.now() - t0;
    const diffSliceMs = slicer.longestSliceMs;
    const summary = await validateWorkspaceDocuments([...docs.keys()], { index, schemaFor: () => after, read: (uri) => docs.get(uri), remote });
    const totalMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    longestStallMs = Math.max(longestStallMs, performance.now() - last);
    return {
      totalMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      diffMs,
      longestSliceMs: Math.max(diffSliceMs, summary.longestSliceMs),
      diffSliceMs,
      validationSliceMs: summary.longestSliceMs,
      longestStallMs,
      breaking: diff.breaking.length,
      dangerous: diff.dangerous.length,
      documentsWithErrors: summary.documentsWithErrors,
    };
  } finally {
    clearInterval(probe);
  }
}

/** The index of the generated workspace (the indexer's work at activation, not part of the row). */
export function indexOf(docs: ReadonlyMap<string, string>): FragmentIndex {
  const index = new FragmentIndex();
  for (const [uri, text] of docs) {
    index.update(uri, text);
  }
  return index;
}
