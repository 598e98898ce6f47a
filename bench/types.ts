/**
 * Benchmark of types for your code, with the GraphQL Code Generator CLI measured beside
 * it in the same run on the same schema file and documents: 200 operations (50 copies of the
 * realistic GitHub document, one `.graphql` file per operation plus a fragments file per copy) on
 * GitHub's schema.
 *
 * - ours, first run: the types worker started (thread, the production bundle, GitHub's schema from
 *   the cache), every file generated and written (target <= 2 s whole, at most half the CLI's
 *   time); beside it the CPU time of all threads and of the busiest one (the worker's thread);
 * - ours, all again with nothing changed (what a schema refresh that changed nothing costs);
 * - ours, one document of the 200 saved with an edit: request to written file (target <= 100 ms);
 * - ours, first run after a reload: a new worker, the files on disk from before: generate, and
 *   write only what changed;
 * - the longest task on this (the extension host's) thread meanwhile, as a 1 ms timer sees it
 *   (target <= 50 ms): the work runs on the worker's thread; beside it, this thread's own CPU time in
 *   its longest turn (Linux), since on a busy machine a gap can be long only for want of a free core;
 * - the CLI: `graphql-codegen` with the equivalent config, its whole run (it does not format);
 * - the VSIX's size with the types worker's bundle (target <= 1.2 MB): `npm run package` run here
 *   (not in --quick, which reads a package built before, if any);
 * - the load average beside the figures: on a shared machine the wall times follow it.
 *
 *   node --import tsx bench/types.ts [--quick]   (--quick: 10 copies, no CLI)
 *
 * Prints figures only, never fails on a target. Works in a folder under out/ (the CLI loads its
 * presets from the project's node_modules) and removes it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SourceDocument } from '../src/core/codegen/generateTypes';
import type { SchemaSource } from '../src/core/codegen/protocol';
import { TypesWorker } from '../src/core/codegen/typesWorker';
import { writeSchemaCache } from '../src/core/schema/schemaCache';
import { githubOperationFiles, OPERATIONS_PER_COPY, operationFilesCliConfig } from '../test/fixtures/codegenInputs';
import { loadInputs } from '../test/fixtures/inputs';
import { ms } from './stats';
import { probeLongestTask } from './longTask';

const root = path.resolve(__dirname, '..');

/**
 * This thread's own CPU time, ms (Linux: /proc/thread-self/schedstat, in ns); undefined elsewhere.
 * A gap between timer turns can be long because the thread did not get a core on a busy machine;
 * the thread's CPU time in the gap is what it worked.
 */
function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * The work's time and the longest time it held this thread, as a 1 ms timer sees it (the
 * long-task probe of the other rows: the gap between two turns), with this thread's CPU time in
 * that gap and the longest CPU time of this thread in any gap (what our own work on this thread,
 * the extension host's, held it for: creating the worker, sending, receiving).
 */
async function withStallProbe<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number; longestStallMs: number; longestThreadCpuMs?: number }> {
  let value: T | undefined;
  const cpu = process.cpuUsage();
  let lastThread = threadCpuMs();
  let longestThread = 0;
  let done = false;
  const tick = () => {
    const now = threadCpuMs();
    if (now !== undefined && lastThread !== undefined) {
      longestThread = Math.max(longestThread, now - lastThread);
    }
    lastThread = threadCpuMs();
    if (!done) {
      setTimeout(tick, 1);
    }
  };
  setTimeout(tick, 1);
  const probed = await probeLongestTask(
    async () => {
      value = await work();
    },
    { timer: true },
  );
  done = true;
  tick();
  const used = process.cpuUsage(cpu);
  return {
    value: value as T,
    ms: probed.totalMs,
    cpuMs: (used.user + used.system) / 1000,
    longestStallMs: probed.longestMs,
    longestThreadCpuMs: lastThread === undefined ? undefined : longestThread,
  };
}

/**
 * CPU time of each thread of this process, ms, by thread id (Linux: /proc/self/task/N/schedstat);
 * undefined elsewhere. The busiest thread over a run is the types worker's: its own work, without
 * the CPU of V8's helper threads (the JIT compiling codegen's code, the GC), which is most of the
 * rest of the all-threads figure and competes for the cores on a busy machine.
 */
function threadsCpuMs(): Map<string, number> | undefined {
  try {
    const out = new Map<string, number>();
    for (const task of readdirSync('/proc/self/task')) {
      try {
        out.set(task, Number(readFileSync(`/proc/self/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
      } catch {
        // the thread ended meanwhile
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

/** The most CPU time any one thread used between the two readings, ms. */
function busiestThreadMs(before: Map<string, number> | undefined, after: Map<string, number> | undefined): number | undefined {
  if (!before || !after) {
    return undefined;
  }
  return Math.max(...[...after].map(([task, ms]) => ms - (before.get(task) ?? 0)));
}

/**
 * CPU time of this process's waited-for children (Linux: /proc/self/stat's cutime + cstime), ms;
 * undefined elsewhere. On a shared machine wall times swing with the load; CPU times much less.
 */
function childrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Runs the types benchmark and prints its rows. */
export async function benchTypes(quick: boolean): Promise<void> {
  const copies = quick ? 10 : 50;
  mkdirSync(path.join(root, 'out'), { recursive: true });
  const tmp = mkdtempSync(path.join(root, 'out', 'bench-types-'));
  try {
    const inputs = loadInputs();
    const record = await writeSchemaCache(path.join(tmp, 'cache'), 'GitHub', inputs.introspectionText);
    const source: SchemaSource = { key: 'env:GitHub', version: record.sha256, cache: { dir: path.join(tmp, 'cache'), environment: 'GitHub' } };
    const files = githubOperationFiles(copies);
    const documents: SourceDocument[] = [];
    for (const dir of ['ours', 'cli']) {
      for (const file of files) {
        const abs = path.join(tmp, dir, 'docs', file.path);
        mkdirSync(path.dirname(abs), { recursive: true });
        writeFileSync(abs, file.text);
        if (dir === 'ours') {
          documents.push({ id: abs, location: abs, text: file.text });
        }
      }
    }
    // The worker as the VSIX ships it: the production bundle (minified, as `npm run package` builds
    // it), built here; the development build's dist/codegen.js has its source map inline (6 MB to
    // read and compile at each start, where the shipped one is 1 MB). No figures if it fails.
    const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--production', '--quiet', '--out', path.join(tmp, 'build')], {
      cwd: root,
      encoding: 'utf8',
    });
    const bundle = path.join(tmp, 'build', 'dist', 'codegen.js');
    if (built.status !== 0 || !existsSync(bundle)) {
      throw new Error(`the production build failed, so there is no types worker to measure:\n${built.stderr}`);
    }
    const start = () => new TypesWorker({ script: bundle });
    let worker = start();
    try {
      const oursRoot = path.join(tmp, 'ours');
      const threads0 = threadsCpuMs();
      const first = await withStallProbe(() => worker.request({ kind: 'operationFiles', schema: source, root: oursRoot, documents, write: true }));
      const firstWorkerThreadMs = busiestThreadMs(threads0, threadsCpuMs());
      const again = await withStallProbe(() => worker.request({ kind: 'operationFiles', schema: source, root: oursRoot, documents, write: true }));
      // Save one operation of the 200 with a field more.
      const target = documents[Math.floor(documents.length / 2)];
      const edited = { ...target, text: target.text.replace(/\n {2}(\w+)/, '\n  __typename\n  $1') };
      const saved = documents.map((d) => (d.id === target.id ? edited : d));
      const one = await withStallProbe(() => worker.request({ kind: 'operationFiles', schema: source, root: oursRoot, documents: saved, only: [target.id], write: true }));
      // A reload: a new worker (nothing in memory), the same files on disk.
      worker.dispose();
      worker = start();
      const reloaded = await withStallProbe(() => worker.request({ kind: 'operationFiles', schema: source, root: oursRoot, documents: saved, write: true }));
      const schemaFile = path.join(tmp, 'schema.graphql');
      await worker.request({ kind: 'schemaFile', schema: source, file: schemaFile, format: 'sdl', header: { environment: 'GitHub', fetchedAt: new Date() } });

      const operations = copies * OPERATIONS_PER_COPY;
      console.log('');
      console.log(`Types for your code: ${operations} operations in ${files.length} .graphql files on GitHub's schema${quick ? ' (quick smoke)' : ''}`);
      console.log(
        `  load average (1, 5, 15 min) on ${os.cpus().length} cores: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')}`,
      );
      const row = (name: string, value: string, target: string) => console.log(`  ${name.padEnd(78)} ${value.padStart(9)}  ${target}`);
      row(
        `ours, first run (worker start, schema from the cache, generate, write ${first.value.files.filter((f) => f.written).length} files)`,
        `${ms(first.ms)} ms`,
        'target <= 2000 ms, <= 1/2 of the CLI',
      );
      row(`  of which in the worker (codegen + writes)`, `${ms(first.value.ms)} ms`, '');
      row(`  CPU time of it, all threads (less swayed by the machine's load than the wall time)`, `${ms(first.cpuMs)} ms`, '');
      if (firstWorkerThreadMs !== undefined) {
        row(`  CPU time of its busiest thread (the worker's own; the rest is V8's JIT and GC helpers)`, `${ms(firstWorkerThreadMs)} ms`, '');
      }
      row(`ours, all again with nothing changed (${again.value.files.filter((f) => f.written).length} written)`, `${ms(again.ms)} ms`, '');
      row(
        `ours, one document of ${files.length} saved: request to written file (${one.value.files.filter((f) => f.written).length} written)`,
        `${ms(one.ms)} ms`,
        'target <= 100 ms',
      );
      row(`ours, first run after a reload (new worker, the files on disk, ${reloaded.value.files.filter((f) => f.written).length} written)`, `${ms(reloaded.ms)} ms`, '');
      const probes = [first, again, one, reloaded];
      row('longest task on the extension host thread during these (1 ms timer probe)', `${ms(Math.max(...probes.map((p) => p.longestStallMs)))} ms`, 'target <= 50 ms');
      if (probes.every((p) => p.longestThreadCpuMs !== undefined)) {
        row(
          "  this thread's own CPU time in its longest turn (the rest of a long gap: no core free)",
          `${ms(Math.max(...probes.map((p) => p.longestThreadCpuMs ?? 0)))} ms`,
          'target <= 50 ms',
        );
      }
      if (first.value.problems.length > 0) {
        console.log(`  problems: ${first.value.problems.length}, e.g. ${first.value.problems[0].message}`);
      }
      const vsix = path.join(root, 'dist-vsix', 'tenant-graphql.vsix');
      if (!quick) {
        spawnSync(process.execPath, [path.join(root, 'scripts', 'package.mjs')], { cwd: root, stdio: 'ignore' });
      }
      row(
        `the VSIX (npm run package${quick ? ', built before' : ''}), with the types worker's bundle`,
        existsSync(vsix) ? `${(statSync(vsix).size / 1024).toFixed(0)} KB` : 'not built',
        'target <= 1200 KB',
      );
      if (quick) {
        console.log('  the codegen CLI: skipped in --quick');
        return;
      }
      const cliDir = path.join(tmp, 'cli');
      writeFileSync(path.join(cliDir, 'codegen.json'), JSON.stringify(operationFilesCliConfig('../schema.graphql')));
      const bin = path.join(path.dirname(require.resolve('@graphql-codegen/cli/package.json')), 'cjs', 'bin.js');
      const t0 = performance.now();
      const cpu0 = childrenCpuMs();
      const r = spawnSync(process.execPath, [bin, '--config', 'codegen.json', '--silent'], { cwd: cliDir, encoding: 'utf8' });
      const cliMs = performance.now() - t0;
      const cpu1 = childrenCpuMs();
      const cliCpuMs = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined;
      row(`the codegen CLI, whole run (same schema file and documents)${r.status === 0 ? '' : ' FAILED'}`, `${ms(cliMs)} ms`, '');
      if (cliCpuMs !== undefined) {
        row(`  CPU time of it`, `${ms(cliCpuMs)} ms`, '');
      }
      console.log(`  ours first run / CLI: ${(first.ms / cliMs).toFixed(2)}${cliCpuMs !== undefined ? ` (CPU time: ${(first.cpuMs / cliCpuMs).toFixed(2)})` : ''}`);
    } finally {
      worker.dispose();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void benchTypes(process.argv.includes('--quick'));
}
