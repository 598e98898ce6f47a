/**
 * Bench rows for the language worker (src/core/language/languageWorker.ts): the
 * schema change (diff in the host, re-validation of 2,000 documents in the worker threads) and the
 * references index build in the worker, each beside the same work in the host in the same run, and
 * one message round trip to a worker. The workers are started (and answered a ping) before a run;
 * the schema's load from its cache file in each worker, and the first sync of the fragment index,
 * are part of the run, as after a real schema change.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { GraphQLSchema, IntrospectionQuery } from 'graphql';
import type { SchemaSource } from '../src/core/language/languageWorkerProtocol';
import { LanguageWorkers } from '../src/core/language/languageWorkerClient';
import { ReferenceIndex } from '../src/core/language/referenceIndex';
import { writeSchemaCache } from '../src/core/schema/schemaCache';
import { clientSchema } from '../test/fixtures/inputs';
import { probeLongestTask } from './longTask';
import { generatedWorkspace as referenceWorkspace } from './references';
import { generatedWorkspace, indexOf, nextIntrospection, nextVersion, runSchemaChange, WORKSPACE_DOCUMENTS, type SchemaChangeRun } from './schemaChanges';
import { ms, summarize, type Summary } from './stats';

/** A row as bench.ts prints it. */
export interface WorkerRow {
  readonly name: string;
  readonly ours?: Summary;
  readonly targetP95?: number;
  readonly note?: string;
}

/** The built worker (npm run build) as the extension runs it; else the source through tsx. */
const BUNDLE = path.resolve(__dirname, '../dist/languageWorker.js');
const WORKER = existsSync(BUNDLE) ? { script: BUNDLE } : { script: path.resolve(__dirname, '../src/core/language/languageWorker.ts'), execArgv: ['--require', 'tsx/cjs'] };

function workers(count: number, sourceOf: (schema: GraphQLSchema) => ReturnType<ConstructorParameters<typeof LanguageWorkers>[1]>): LanguageWorkers {
  return new LanguageWorkers(WORKER, sourceOf, count);
}

async function started(pool: LanguageWorkers, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, (_, i) => pool.request({ kind: 'ping' }, i)));
}

/** The rows (schema: GitHub's, from `introspectionText`). */
export async function benchLanguageWorker(
  schema: GraphQLSchema,
  introspectionText: string,
  document: string,
  quick: boolean,
  options: { readonly hostRows?: boolean; readonly idleSync?: boolean } = {},
): Promise<WorkerRow[]> {
  const hostRows = options.hostRows ?? true;
  const rows: WorkerRow[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'tenant-graphql-worker-bench-'));
  try {
    // The new version in a cache file, as the extension has it after a refresh.
    const next = nextVersion(introspectionText);
    const workspace = generatedWorkspace(document);
    const index = indexOf(workspace);
    const runs = quick ? 1 : 3;

    // One message round trip (a ping) to a running worker.
    const pingPool = workers(1, () => undefined);
    try {
      await started(pingPool, 1);
      const trips: number[] = [];
      for (let i = 0; i < (quick ? 100 : 1000); i++) {
        const t0 = performance.now();
        await pingPool.request({ kind: 'ping' });
        trips.push(performance.now() - t0);
      }
      rows.push({ name: 'language worker: one message round trip (ping)', ours: summarize(trips), note: `${trips.length} sequential pings to a running worker thread` });
    } finally {
      pingPool.dispose();
    }

    const changeRows = (label: string, changeRuns: SchemaChangeRun[]) => {
      const worst = (f: (r: SchemaChangeRun) => number) => ms(Math.max(...changeRuns.map(f)));
      rows.push({
        name: `schema change: diff + re-validate ${WORKSPACE_DOCUMENTS} documents, ${label}, whole run`,
        ours: summarize(changeRuns.map((r) => r.totalMs)),
        targetP95: 3000,
        note: `CPU of the process (workers included) ${ms(Math.min(...changeRuns.map((r) => r.cpuMs)))} ms best; diff ${worst((r) => r.diffMs)} ms worst; ${changeRuns[0].documentsWithErrors} documents broke`,
      });
      rows.push({
        name: `schema change: longest single task on the thread, ${label}`,
        ours: summarize(changeRuns.map((r) => Math.max(r.longestSliceMs, r.longestStallMs))),
        targetP95: 50,
        note: `slicers' longest slice ${worst((r) => r.longestSliceMs)} ms (the diff's ${worst((r) => r.diffSliceMs)}, the validation's ${worst((r) => r.validationSliceMs)}); 1 ms timer probe's longest stall ${worst((r) => r.longestStallMs)} ms; diff in the ${[...new Set(changeRuns.map((r) => r.diffWhere))].join(' and ')}`,
      });
    };
    const inHost: SchemaChangeRun[] = [];
    // The host's run gives the errors the workers must find (also when its rows are printed by bench.ts).
    for (let i = 0; i < (hostRows ? runs : 1); i++) {
      inHost.push(await runSchemaChange(schema, next, workspace, index));
    }
    if (hostRows) {
      changeRows('in the host (before)', inHost);
    }
    // Each change is a new version (its own cache file and key): every worker loads it, as after a real change.
    const unrelated = clientSchema(nextIntrospection(introspectionText, true));
    const contents = new Map<GraphQLSchema, IntrospectionQuery>([
      [schema, JSON.parse(introspectionText) as IntrospectionQuery],
      [next, nextIntrospection(introspectionText)],
      [unrelated, nextIntrospection(introspectionText, true)],
    ]);
    // A refresh overwrites the environment's cache file: the worker diffs from the version it kept (compressed).
    const versionOf = async (version: GraphQLSchema): Promise<SchemaSource> => {
      const record = await writeSchemaCache(dir, 'bench-refresh', contents.get(version)!, new Date(), { valid: true });
      return { key: 'env:bench-refresh', version: record.sha256, cache: { dir, environment: 'bench-refresh' } };
    };
    for (const count of [1, 2]) {
      const first: SchemaChangeRun[] = [];
      const later: SchemaChangeRun[] = [];
      const unused: SchemaChangeRun[] = [];
      for (let i = 0; i < runs; i++) {
        const sources = new Map<GraphQLSchema, SchemaSource>();
        const change = async (from: GraphQLSchema, to: GraphQLSchema) => {
          const fromSource = sources.get(from)!;
          sources.clear();
          const toSource = await versionOf(to);
          sources.set(to, toSource);
          return runSchemaChange(from, to, workspace, index, pool, { from: fromSource, to: toSource });
        };
        // Fresh threads: the first change sends the whole index (unless sent while idle) and validates every document.
        const pool = workers(count, (s) => sources.get(s));
        try {
          await started(pool, count);
          // GitHub's schema is the version in use: in its cache file, kept by the worker while idle as the extension has it kept.
          sources.set(schema, await versionOf(schema));
          if (options.idleSync ?? true) {
            // As WorkspaceDiagnostics does while idle: the index sent, a few documents validated (warm), the version kept.
            await pool.prepare(index);
            if (process.env.TENANT_GRAPHQL_BENCH_NO_WARM !== '1') {
              await pool.warmUp(schema);
            }
            await pool.keep(sources.get(schema)!);
          }
          first.push(await change(schema, next));
          // Back to GitHub's schema (not measured): every document validated against it, what it read recorded.
          await change(next, schema);
          // A change no document reads: every document validated again (nothing is reused across versions).
          unused.push(await change(schema, unrelated));
          // Every document uses Repository, which changed: all validated again (the "all broke" row).
          later.push(await change(unrelated, next));
        } finally {
          pool.dispose();
        }
      }
      if ([...first, ...later].some((r) => r.documentsWithErrors !== inHost[0].documentsWithErrors) || unused.some((r) => r.documentsWithErrors !== 0)) {
        throw new Error('the worker found other errors than the host');
      }
      changeRows(`${count} worker${count > 1 ? 's' : ''}, first change (index sent while idle)`, first);
      changeRows(`${count} worker${count > 1 ? 's' : ''}, later change, all broke (index in step)`, later);
      changeRows(`${count} worker${count > 1 ? 's' : ''}, later change no document uses`, unused);
    }

    // The references index build: in the host (slices of 10 ms) and in the worker.
    const files = referenceWorkspace();
    const currentRecord = await writeSchemaCache(dir, 'bench-current', JSON.parse(introspectionText), new Date(), { valid: true });
    const currentSource = { key: 'env:bench-current', version: currentRecord.sha256, cache: { dir, environment: 'bench-current' } };
    for (const where of hostRows ? (['in the host (before)', '1 worker'] as const) : (['1 worker'] as const)) {
      const blocks: number[] = [];
      const totals: number[] = [];
      const cpu: number[] = [];
      const threadCpu: number[] = [];
      for (let i = 0; i < runs; i++) {
        const pool = where === '1 worker' ? workers(1, (s) => (s === schema ? currentSource : undefined)) : undefined;
        try {
          if (pool) {
            await started(pool, 1);
          }
          const referenceIndex = new ReferenceIndex();
          const delay = monitorEventLoopDelay({ resolution: 5 });
          delay.enable();
          const t0 = performance.now();
          const probe = await probeLongestTask(
            async () => {
              referenceIndex.syncFiles(files);
              await referenceIndex.warm({ schemaOf: () => schema, remote: pool });
              referenceIndex.references({ kind: 'fragment', name: 'Repo0' }, { schemaOf: () => schema, includeDeclaration: true });
              // 1 ms timers: a setImmediate chain would keep a core busy, half the machine, away from the worker.
            },
            { timer: true },
          );
          totals.push(performance.now() - t0);
          delay.disable();
          blocks.push(Math.max(delay.max / 1e6, probe.longestMs));
          cpu.push(probe.longestCpuMs);
          if (probe.longestThreadCpuMs !== undefined) {
            threadCpu.push(probe.longestThreadCpuMs);
          }
        } finally {
          pool?.dispose();
        }
      }
      rows.push({
        name: `longest event-loop block while the references index builds, ${files.length} documents, ${where}`,
        ours: summarize(blocks),
        targetP95: 50,
        note:
          `the larger of monitorEventLoopDelay (5 ms) and a setImmediate probe; most CPU of the process (workers included) in one gap ${ms(Math.max(...cpu))} ms` +
          `${threadCpu.length > 0 ? `, of the host's thread alone ${ms(Math.max(...threadCpu))} ms` : ' (the host thread alone: Node >= 23.9)'}; whole build ${ms(summarize(totals).p50)} ms p50`,
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Alone: `node --import tsx bench/languageWorker.ts [--quick] [--hogs on|both]` prints the rows (busy: two CPU hogs beside). */
if (require.main === module) {
  void (async () => {
    const { loadInputs } = await import('../test/fixtures/inputs');
    const { loadavg } = await import('node:os');
    const { startHogs } = await import('./hogs');
    const inputs = loadInputs();
    const raw = JSON.parse(inputs.introspectionText) as { data?: unknown };
    const schema = clientSchema((raw.data ?? raw) as Parameters<typeof clientSchema>[0]);
    const hogs = process.argv.includes('--hogs') ? process.argv[process.argv.indexOf('--hogs') + 1] : 'off';
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
    console.log(`worker: ${WORKER.script}`);
    for (const mode of hogs === 'both' ? ['quiet', 'busy'] : hogs === 'on' ? ['busy'] : ['quiet']) {
      const stop = mode === 'busy' ? startHogs() : () => undefined;
      try {
        console.log(`== ${mode}: load average at the start ${load()}`);
        const rows = await benchLanguageWorker(schema, inputs.introspectionText, inputs.document, process.argv.includes('--quick'));
        for (const row of rows) {
          console.log(
            `${row.name}: p50 ${ms(row.ours?.p50)} p95 ${ms(row.ours?.p95)} (n=${row.ours?.n})${row.targetP95 !== undefined ? ` target ${row.targetP95}` : ''}${row.note ? ` | ${row.note}` : ''}`,
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
