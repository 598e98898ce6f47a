// Bundles the extension (node/cjs), the Sandbox (node) and the integration tests with esbuild.
// Usage: node scripts/build.mjs [--production] [--watch] [--quiet]
// --quiet (npm start) prints only errors and warnings, not the bundle size summary.
// --out DIR (packaging) writes the bundles under DIR (DIR/dist, DIR/media/dist) instead of here.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const quiet = process.argv.includes('--quiet');
const outIndex = process.argv.indexOf('--out');
const outRoot = outIndex >= 0 ? process.argv[outIndex + 1] : '.';

/** Lists the integration test files, so that the test bundle has one entry per file. */
function integrationEntries() {
  const dir = 'test/integration';
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.ts')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * GraphQL Code Generator's `flattenGeneratedTypes` option runs Relay's compiler (150 KB with its
 * dependencies); the extension never sets it, so the types worker bundles a stand-in that says so.
 * @type {esbuild.Plugin}
 */
const withoutRelayOptimizer = {
  name: 'without-relay-optimizer',
  setup(build) {
    build.onResolve({ filter: /^@graphql-tools\/relay-operation-optimizer$/ }, (args) => ({ path: args.path, namespace: 'stand-in' }));
    build.onLoad({ filter: /.*/, namespace: 'stand-in' }, () => ({
      contents: "exports.optimizeDocuments = () => { throw new Error('flattenGeneratedTypes is not available in Tenant GraphQL'); };",
      loader: 'js',
    }));
  },
};

/**
 * The modules of dist/graphql.js: graphql and graphql-language-service, required by the extension's
 * entry in a task of its own (src/activation.ts, issue 28). Every import of these in
 * dist/features.js (ours or a dependency's) is answered from that one bundle.
 */
const require = createRequire(import.meta.url);
const GRAPHQL_MODULES = ['graphql', 'graphql-language-service', 'graphql/jsutils/suggestionList'];

/** @type {esbuild.Plugin} */
const graphqlFromItsBundle = {
  name: 'graphql-from-its-bundle',
  setup(build) {
    build.onResolve({ filter: /^graphql(-language-service)?(\/.*)?$/ }, (args) =>
      GRAPHQL_MODULES.includes(args.path)
        ? { path: args.path, namespace: 'graphql-bundle' }
        : { errors: [{ text: `${args.path} is not in dist/graphql.js: add it to GRAPHQL_MODULES in scripts/build.mjs` }] },
    );
    // An ES module with one named export per export of the package (read from the package at build
    // time): imports of it are plain bindings, where a CommonJS proxy would have every importing
    // file copy its few hundred properties at load (esbuild's __toESM, 10+ ms in all).
    build.onLoad({ filter: /.*/, namespace: 'graphql-bundle' }, (args) => {
      const names = Object.keys(require(args.path)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
      return {
        contents: [`const m = require('./graphql.js')[${JSON.stringify(args.path)}];`, `export const { ${names.join(', ')} } = m;`, 'export default m;'].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Production: maps beside the bundles for debugging, not linked and not shipped (.vscodeignore).
  sourcemap: production ? 'external' : 'inline',
  minify: production,
  logLevel: quiet ? 'warning' : 'info',
  legalComments: 'none',
  // jsonc-parser's main entry is a UMD build whose require('./impl/...') calls esbuild cannot
  // follow; its ES module build bundles cleanly.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

const builds = [
  // undici (about half of what the extension would bundle) goes into dist/undici.js, loaded on the
  // first request (src/core/http/graphqlClient.ts): activation reads and compiles half as much.
  // The extension's entry (what VS Code requires) is a loader that requires graphql's bundle and the
  // features' bundle in two tasks (src/activation.ts): no single require holds the host's thread long.
  {
    ...common,
    entryPoints: { extension: 'src/activation.ts' },
    outdir: join(outRoot, 'dist'),
    external: ['vscode', './graphql.js', './features.js'],
    define: { __GRAPHQL_MODULE__: '"./graphql.js"', __FEATURES_MODULE__: '"./features.js"' },
  },
  {
    ...common,
    stdin: {
      contents: GRAPHQL_MODULES.map((m) => `exports[${JSON.stringify(m)}] = require(${JSON.stringify(m)});`).join('\n'),
      resolveDir: '.',
      sourcefile: 'graphql-modules.js',
      loader: 'js',
    },
    outfile: join(outRoot, 'dist/graphql.js'),
  },
  {
    ...common,
    entryPoints: { features: 'src/extension.ts' },
    outdir: join(outRoot, 'dist'),
    plugins: [graphqlFromItsBundle],
    external: ['vscode', 'undici', './undici.js', 'prettier/standalone', 'prettier/plugins/graphql', './prettier.js', './graphql.js'],
    define: {
      __UNDICI_MODULE__: '"./undici.js"',
      __PRETTIER_MODULE__: '"./prettier.js"',
      __CODEGEN_WORKER__: '"codegen.js"',
      __FILTER_WORKER__: '"filter.js"',
      // The integration tests' hooks (the test API activate returns, the results panel's testHooks):
      // in the development build that the tests run, removed (dead code) from the production build.
      __TEST_API__: production ? 'false' : 'true',
    },
  },
  // The types worker (GraphQL Code Generator, prettier's TypeScript printer, its own graphql): a
  // worker thread started on the first generation (src/core/codegen/typesWorker.ts), never loaded
  // into the extension host's thread.
  // graphql's production mode: its instanceOf checks (the schema's 1,600 types, many times a
  // file) skip the dual-package hunt done on every miss; the bundle holds one graphql.
  {
    ...common,
    entryPoints: { codegen: 'src/core/codegen/codegenWorker.ts' },
    outdir: join(outRoot, 'dist'),
    plugins: [withoutRelayOptimizer],
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  // The results filter (jsonpath-plus over an answer): a worker thread started on the first filter.
  { ...common, entryPoints: { filter: 'src/core/results/filterWorker.ts' }, outdir: join(outRoot, 'dist') },
  // prettier's standalone printer with its GraphQL plugin, loaded on the first Format Document.
  { ...common, entryPoints: { prettier: 'scripts/prettierEntry.mjs' }, outdir: join(outRoot, 'dist') },
  { ...common, entryPoints: { undici: require.resolve('undici') }, outdir: join(outRoot, 'dist') },
  { ...common, entryPoints: { sandbox: 'src/sandbox/main.ts' }, outdir: join(outRoot, 'dist') },
];
// The results webview runs in the browser: its own bundle, served from media/ (localResourceRoots).
if (existsSync('src/webview/results/main.ts')) {
  builds.push({
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: { results: 'src/webview/results/main.ts' },
    outdir: join(outRoot, 'media/dist'),
  });
}
if (!production && outIndex < 0) {
  builds.push({
    ...common,
    sourcemap: 'inline',
    entryPoints: integrationEntries(),
    outbase: 'test/integration',
    outdir: 'out/integration',
    external: ['vscode', 'mocha'],
  });
}

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[watch] watching for changes');
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  // Which files of node_modules went into the shipped bundles (not the tests'): what
  // scripts/thirdPartyNotices.mjs builds THIRD-PARTY-NOTICES.txt from. Not shipped itself.
  const inputs = new Set();
  results.forEach((result, i) => {
    if (builds[i].outdir !== 'out/integration') {
      for (const file of Object.keys(result.metafile.inputs)) {
        inputs.add(file);
      }
    }
  });
  mkdirSync(join(outRoot, 'dist'), { recursive: true });
  writeFileSync(join(outRoot, 'dist', 'bundled-inputs.json'), `${JSON.stringify([...inputs].sort(), null, 1)}\n`);
}
