/**
 * What activating on a TypeScript or JavaScript file costs in a code-only repository: the
 * workspace index's first scan, as WorkspaceIndex.start does it (read the code files 25 at a time,
 * look for GraphQL templates in each, a turn of the event loop between slices), on a generated
 * workspace of real JavaScript files (taken from node_modules, none naming gql or graphql) and a few
 * files with templates. Prints the whole scan's time and the longest slice (what holds the thread).
 *   node --import tsx bench/codeOnlyScan.ts [files]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EmbeddedFiles } from '../src/core/embedded/templateSources';

const root = resolve(__dirname, '..');

function jsFiles(dir: string, out: string[], max: number): void {
  for (const name of readdirSync(dir)) {
    if (out.length >= max) {
      return;
    }
    const path = join(dir, name);
    const s = statSync(path);
    if (s.isDirectory()) {
      jsFiles(path, out, max);
    } else if (name.endsWith('.js') && s.size > 1024 && s.size < 64 * 1024) {
      const text = readFileSync(path, 'utf8');
      if (!/gql|graphql/i.test(text)) {
        out.push(path);
      }
    }
  }
}

export interface CodeOnlyScan {
  readonly files: number;
  readonly withTemplates: number;
  readonly megabytes: number;
  readonly totalMs: number;
  readonly longestSliceMs: number;
  readonly templates: number;
}

/** Builds the workspace in a temp folder and scans it once as the index does. */
export async function codeOnlyScan(count: number): Promise<CodeOnlyScan> {
  const corpus: string[] = [];
  jsFiles(join(root, 'node_modules', 'eslint'), corpus, count);
  jsFiles(join(root, 'node_modules', 'typescript-eslint'), corpus, count);
  jsFiles(join(root, 'node_modules', '@typescript-eslint'), corpus, count);
  jsFiles(join(root, 'node_modules'), corpus, count);
  const dir = mkdtempSync(join(tmpdir(), 'tgq-code-only-'));
  try {
    const sample = readFileSync(join(root, 'media', 'samples', 'api.ts'), 'utf8');
    const paths: string[] = [];
    let bytes = 0;
    const withTemplates = Math.round(count / 100);
    for (let i = 0; i < count; i++) {
      const text = i < withTemplates ? sample : readFileSync(corpus[i % corpus.length], 'utf8');
      const folder = join(dir, 'src', `m${i % 40}`);
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `file${i}.ts`);
      writeFileSync(path, text);
      paths.push(path);
      bytes += Buffer.byteLength(text);
    }
    const files = new EmbeddedFiles();
    let longest = 0;
    let templates = 0;
    const started = performance.now();
    for (let i = 0; i < paths.length; i += 25) {
      const slice = paths.slice(i, i + 25);
      const texts = await Promise.all(slice.map((p) => readFile(p, 'utf8')));
      const t0 = performance.now();
      slice.forEach((p, j) => {
        templates += files.update(`file://${p}`, texts[j], { tags: ['gql', 'graphql'] }).sources.length;
      });
      longest = Math.max(longest, performance.now() - t0);
      await new Promise((r) => setImmediate(r));
    }
    return { files: count, withTemplates, megabytes: bytes / 1024 / 1024, totalMs: performance.now() - started, longestSliceMs: longest, templates };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 2000);
  void codeOnlyScan(count).then((r) => console.log(JSON.stringify(r)));
}
