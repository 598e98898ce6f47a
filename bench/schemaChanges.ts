/**
 * Benchmark row of schema changes: a new version of GitHub's schema arrives; the diff
 * (breaking + dangerous changes, one type per step) and the re-validation of 2,000 generated
 * documents run as the extension runs them, time-sliced with real event-loop yields. Measures the
 * whole (target <= 3 s) and the longest single task (target <= 50 ms): the slicers' own longest
 * slice, cross-checked by a timer probe that sees every stall of the event loop.
 */
import { performance } from 'node:perf_hooks';
import type { GraphQLSchema, IntrospectionQuery } from 'graphql';
import { FragmentIndex } from '../src/core/language/fragmentIndex';
import { validateWorkspaceDocuments, type RemoteValidator } from '../src/core/language/workspaceValidation';
import type { SchemaSource } from '../src/core/language/languageWorkerProtocol';
import { diffSchemaVersions, type RemoteSchemaDiff } from '../src/core/schema/schemaDiff';
import { TimeSlicer } from '../src/core/timeSlicer';
import { clientSchema, grow } from '../test/fixtures/inputs';

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
  /** Where the diff ran: the language worker (it keeps the versions it loaded), or the host's thread. */
  readonly diffWhere: 'worker' | 'host';
}

/** GitHub's schema with a field the documents select removed and an enum value added. */
export function nextVersion(introspectionText: string): GraphQLSchema {
  return clientSchema(nextIntrospection(introspectionText));
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

/**
 * One schema change: diff, then every document validated against the new version; with `remote`,
 * the validation in the language worker, and the diff too when `sources` name both versions (the
 * extension's SchemaChanges: diffSchemaVersions).
 */
export async function runSchemaChange(
  before: GraphQLSchema,
  after: GraphQLSchema,
  docs: ReadonlyMap<string, string>,
  index: FragmentIndex,
  remote?: RemoteValidator & RemoteSchemaDiff,
  sources?: { readonly from: SchemaSource; readonly to: SchemaSource },
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
    const diff = await diffSchemaVersions({ schema: before, source: sources?.from }, { schema: after, source: sources?.to }, { remote: sources ? remote : undefined, slicer });
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
      diffWhere: diff.where,
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

/**
 * Alone: `node --import tsx bench/schemaChanges.ts [--runs n] [--hogs on|both]` prints the
 * host's rows of bench.ts (diff and re-validation on the thread, no worker) with the longest slice
 * of each part, and the load average beside them.
 */
if (require.main === module) {
  void (async () => {
    const { loadInputs } = await import('../test/fixtures/inputs');
    const { loadavg } = await import('node:os');
    const { startHogs } = await import('./hogs');
    const inputs = loadInputs();
    const raw = JSON.parse(inputs.introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = clientSchema(raw.data ?? raw);
    const next = nextVersion(inputs.introspectionText);
    const workspace = generatedWorkspace(inputs.document);
    const index = indexOf(workspace);
    const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
    const runs = Number(arg('--runs') ?? 3);
    const hogs = arg('--hogs') ?? 'off';
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    for (const mode of hogs === 'both' ? ['quiet', 'busy'] : hogs === 'on' ? ['busy'] : ['quiet']) {
      const stop = mode === 'busy' ? startHogs() : () => undefined;
      try {
        console.log(`== ${mode}: load average at the start ${load()}`);
        for (let i = 0; i < runs; i++) {
          const r = await runSchemaChange(schema, next, workspace, index);
          console.log(
            `run ${i + 1}: whole ${r.totalMs.toFixed(0)} ms (CPU ${r.cpuMs.toFixed(0)}), diff ${r.diffMs.toFixed(0)} ms; longest task ${Math.max(r.longestSliceMs, r.longestStallMs).toFixed(1)} ms ` +
              `(diff's slice ${r.diffSliceMs.toFixed(1)}, validation's ${r.validationSliceMs.toFixed(1)}, timer probe's stall ${r.longestStallMs.toFixed(1)}); ${r.breaking} breaking, ${r.documentsWithErrors} documents broke`,
          );
        }
        console.log(`== ${mode}: load average at the end ${load()}`);
      } finally {
        stop();
      }
    }
    process.exit(0);
  })();
}
