// Bundles the extension (node/cjs), the Sandbox (node) and the integration tests with esbuild.
// Usage: node scripts/build.mjs [--production] [--watch] [--quiet]
// --quiet (npm start) prints only errors and warnings, not the bundle size summary.
// --out DIR (packaging) writes the bundles under DIR (DIR/dist, DIR/media/dist) instead of here.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
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
 * The modules of dist/graphql.js (graphql) and dist/languageService.js (graphql-language-service),
 * each required by the extension's entry in a task of its own (src/activation.ts). Every
 * import of these in dist/features.js (ours or a dependency's), and graphql-language-service's own
 * imports of graphql, are answered from that one bundle: one graphql in the host.
 */
const require = createRequire(import.meta.url);
const SHARED_BUNDLES = {
  graphql: './graphql.js',
  'graphql-language-service': './languageService.js',
};
const GRAPHQL_MODULES = Object.keys(SHARED_BUNDLES).filter((m) => SHARED_BUNDLES[m] === './graphql.js');
const LANGUAGE_SERVICE_MODULES = Object.keys(SHARED_BUNDLES).filter((m) => SHARED_BUNDLES[m] === './languageService.js');

/**
 * Answers imports of the modules in `modules` from their bundles (SHARED_BUNDLES).
 * @param {readonly string[]} modules
 * @returns {esbuild.Plugin}
 */
const fromSharedBundles = (modules) => ({
  name: 'from-shared-bundles',
  setup(build) {
    build.onResolve({ filter: /^graphql(-language-service)?(\/.*)?$/ }, (args) =>
      modules.includes(args.path)
        ? { path: args.path, namespace: 'shared-bundle' }
        : SHARED_BUNDLES[args.path]
          ? undefined
          : { errors: [{ text: `${args.path} is not in a shared bundle: add it to SHARED_BUNDLES in scripts/build.mjs` }] },
    );
    // An ES module with one named export per export of the package (read from the package at build
    // time): imports of it are plain bindings, where a CommonJS proxy would have every importing
    // file copy its few hundred properties at load (esbuild's __toESM, 10+ ms in all).
    build.onLoad({ filter: /.*/, namespace: 'shared-bundle' }, (args) => {
      const names = Object.keys(require(args.path)).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
      return {
        contents: [
          `const m = require(${JSON.stringify(SHARED_BUNDLES[args.path])})[${JSON.stringify(args.path)}];`,
          `export const { ${names.join(', ')} } = m;`,
          'export default m;',
        ].join('\n'),
        loader: 'js',
      };
    });
  },
});

/** A bundle that exports the given packages by name (`require('./graphql.js').graphql`). */
const sharedBundleSource = (modules) => ({
  contents: modules.map((m) => `exports[${JSON.stringify(m)}] = require(${JSON.stringify(m)});`).join('\n'),
  resolveDir: '.',
  sourcefile: 'shared-modules.js',
  loader: 'js',
});

/**
 * Bundles cut in two, each part required at activation in a task of its own (src/activation.ts,
 * so no one require holds the thread long): the later bundle takes every module of the earlier one from it
 * (`require('./earlier.js').__modules[path]`), so there is one copy of each module in the host and
 * module state and `instanceof` hold as in one bundle.
 * - dist/graphqlBase.js (graphql's language, type system, errors and helpers) before dist/graphql.js
 *   (validation, execution, utilities and the package's index);
 * - dist/core.js (the modules of src/core and src/shared that the features reach, with the ES-module
 *   packages they use) before dist/features.js (the rest: the VS Code side).
 */
const GRAPHQL_BASE = /^node_modules\/graphql\/(language|type|error|jsutils)\//;
const CORE_LAYER = /^(src\/(core|shared)\/|node_modules\/)/;

/**
 * Answers each import of a module that `route` places in another bundle (paths as in esbuild's
 * metafile) from that bundle's `__modules`, and records it in `needed` under that bundle.
 * @param {(file: string) => string | undefined} route
 * @param {Map<string, Set<string>>} needed
 * @returns {esbuild.Plugin}
 */
const fromOtherBundles = (route, needed) => ({
  name: 'from-other-bundles',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.routed || args.kind === 'entry-point' || args.namespace !== 'file') {
        return undefined;
      }
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { routed: true } });
      if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file') {
        return undefined;
      }
      const file = relative(process.cwd(), resolved.path).split(sep).join('/');
      const bundle = route(file);
      if (!bundle) {
        return undefined;
      }
      needed.get(bundle).add(file);
      // The stand-in is CommonJS (`module.exports = ...`): its path must not end in .mjs, or esbuild
      // treats it as an ES module and `module` as an unknown global (graphql 17's files are .mjs).
      return { path: `${file}.cjs`, namespace: 'other-bundle', pluginData: { bundle, file } };
    });
    build.onLoad({ filter: /.*/, namespace: 'other-bundle' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`./${args.pluginData.bundle}`)}).__modules[${JSON.stringify(args.pluginData.file)}];`,
      loader: 'js',
    }));
  },
});

/**
 * The source of a bundle that exports `modules` under their paths (an ES module's namespace, a
 * CommonJS module's exports) as `__modules`, after what `head` exports.
 * @param {readonly string[]} modules
 * @param {ReadonlyMap<string, string | undefined>} formats
 * @param {string} head
 */
function registrySource(modules, formats, head, sourcefile) {
  return {
    contents: [
      head,
      ...modules.map((file, i) =>
        formats.get(file) === 'cjs' ? `const m${i} = require(${JSON.stringify(`./${file}`)});` : `import * as m${i} from ${JSON.stringify(`./${file}`)};`,
      ),
      `export const __modules = { ${modules.map((file, i) => `${JSON.stringify(file)}: m${i}`).join(', ')} };`,
    ].join('\n'),
    resolveDir: '.',
    sourcefile,
    loader: 'js',
  };
}

/**
 * Builds `later` (one entry) in two bundles, and optionally a bundle loaded on demand after them:
 * finds the modules `later` reaches; builds the on-demand bundle with those answered from the two;
 * builds `later` with the modules that `inEarlier` picks answered from `earlierFile` (and exporting
 * those the on-demand bundle takes from it); then `earlierFile` with each module the others take
 * from it exported under its path. Fails if a module ended up in two bundles.
 * @param {esbuild.BuildOptions} later the options of the later bundle as one bundle
 * @param {string} earlierFile
 * @param {(file: string) => boolean} inEarlier
 * @param {{ entry: string, file: string }} [onDemand]
 */
async function buildInTwo(later, earlierFile, inEarlier, onDemand) {
  const [laterName, laterEntry] = Object.entries(later.entryPoints ?? {})[0] ?? [];
  const laterFile = laterName ? `${laterName}.js` : basename(later.outfile);
  const earlierName = basename(earlierFile);
  const discovery = await esbuild.build({ ...later, write: false, metafile: true, sourcemap: false, minify: false, logLevel: 'silent' });
  const inputs = discovery.metafile.inputs;
  const formats = new Map(Object.entries(inputs).map(([file, input]) => [file, input.format]));
  // The earlier bundle: the modules `inEarlier` picks and all they import.
  const earlier = new Set(Object.keys(inputs).filter(inEarlier));
  for (const file of earlier) {
    for (const { path } of inputs[file].imports) {
      if (inputs[path]) {
        earlier.add(path);
      }
    }
  }
  const route = (file) => (!formats.has(file) || !/^(src|node_modules)\//.test(file) ? undefined : earlier.has(file) ? earlierName : laterFile);
  const needed = new Map([
    [earlierName, new Set()],
    [laterFile, new Set()],
  ]);
  const results = [];
  if (onDemand) {
    results.push(
      await esbuild.build({
        ...later,
        entryPoints: undefined,
        outdir: undefined,
        stdin: { contents: `export * from ${JSON.stringify(`./${onDemand.entry}`)};`, resolveDir: '.', sourcefile: `${basename(onDemand.file)}-entry.js`, loader: 'js' },
        outfile: onDemand.file,
        plugins: [...(later.plugins ?? []), fromOtherBundles(route, needed)],
        external: [...(later.external ?? []), `./${earlierName}`, `./${laterFile}`],
        metafile: true,
      }),
    );
  }
  const exported = [...needed.get(laterFile)].sort();
  results.push(
    await esbuild.build({
      ...later,
      ...(exported.length > 0 && laterEntry
        ? {
            entryPoints: undefined,
            outdir: undefined,
            outfile: join(later.outdir, laterFile),
            stdin: registrySource(exported, formats, `export * from ${JSON.stringify(`./${laterEntry}`)};`, `${laterFile}-entry.js`),
          }
        : {}),
      plugins: [...(later.plugins ?? []), fromOtherBundles((file) => (route(file) === earlierName ? earlierName : undefined), needed)],
      external: [...(later.external ?? []), `./${earlierName}`],
      metafile: true,
    }),
  );
  results.push(
    await esbuild.build({
      ...later,
      entryPoints: undefined,
      outdir: undefined,
      stdin: registrySource([...needed.get(earlierName)].sort(), formats, '', `${earlierName}-modules.js`),
      outfile: earlierFile,
      metafile: true,
    }),
  );
  const seen = new Map();
  for (const [i, result] of results.entries()) {
    for (const file of Object.keys(result.metafile.inputs).filter((f) => /^(src|node_modules)\//.test(f) && formats.has(f))) {
      if (seen.has(file) && seen.get(file) !== i) {
        throw new Error(`${file} is in two bundles (scripts/build.mjs, buildInTwo)`);
      }
      seen.set(file, i);
    }
  }
  return results;
}

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
  // The Sandbox's schema is a .graphql file (src/sandbox/sandboxSchema.graphql), bundled as its text.
  loader: { '.graphql': 'text' },
  // jsonc-parser's main entry is a UMD build whose require('./impl/...') calls esbuild cannot
  // follow; its ES module build bundles cleanly.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

const builds = [
  // undici (about half of what the extension would bundle) goes into dist/undici.js, loaded on the
  // first request (src/core/http/graphqlClient.ts): activation reads and compiles half as much.
  // The extension's entry (what VS Code requires) is a loader that requires graphql's two bundles,
  // the language service's, the core's and the features' in five tasks (src/activation.ts): no
  // single require holds the host's thread long.
  {
    ...common,
    entryPoints: { extension: 'src/activation.ts' },
    outdir: join(outRoot, 'dist'),
    external: ['vscode', './graphqlBase.js', './graphql.js', './languageService.js', './core.js', './features.js'],
    define: {
      __GRAPHQL_BASE_MODULE__: '"./graphqlBase.js"',
      __GRAPHQL_MODULE__: '"./graphql.js"',
      __LANGUAGE_SERVICE_MODULE__: '"./languageService.js"',
      __CORE_MODULE__: '"./core.js"',
      __FEATURES_MODULE__: '"./features.js"',
    },
  },
  {
    ...common,
    stdin: sharedBundleSource(LANGUAGE_SERVICE_MODULES),
    outfile: join(outRoot, 'dist/languageService.js'),
    plugins: [fromSharedBundles(GRAPHQL_MODULES)],
    external: ['./graphql.js'],
  },
];
/** @type {esbuild.BuildOptions} */
const graphqlBuild = { ...common, stdin: sharedBundleSource(GRAPHQL_MODULES), outfile: join(outRoot, 'dist/graphql.js') };
/** @type {esbuild.BuildOptions} */
const featuresBuild = {
  ...common,
  entryPoints: { features: 'src/extension.ts' },
  outdir: join(outRoot, 'dist'),
  plugins: [fromSharedBundles(Object.keys(SHARED_BUNDLES))],
  external: ['vscode', 'undici', './undici.js', 'prettier/standalone', 'prettier/plugins/graphql', './prettier.js', './graphql.js', './languageService.js', './onDemand.js'],
  define: {
    __UNDICI_MODULE__: '"./undici.js"',
    __PRETTIER_MODULE__: '"./prettier.js"',
    __CODEGEN_WORKER__: '"codegen.js"',
    __FILTER_WORKER__: '"filter.js"',
    __LANGUAGE_WORKER__: '"languageWorker.js"',
    __ON_DEMAND_MODULE__: '"./onDemand.js"',
    // The integration tests' hooks (the test API activate returns, the results panel's testHooks):
    // in the development build that the tests run, removed (dead code) from the production build.
    __TEST_API__: production ? 'false' : 'true',
  },
};
builds.push(
  // The types worker (GraphQL Code Generator with its own graphql): a worker thread started on the
  // first generation (src/core/codegen/typesWorker.ts), never loaded into the extension host's thread.
  // graphql's production mode: its instanceOf checks (the schema's 1,600 types, many times a
  // file) skip the dual-package hunt done on every miss; the bundle holds one graphql.
  {
    ...common,
    entryPoints: { codegen: 'src/core/codegen/codegenWorker.ts' },
    outdir: join(outRoot, 'dist'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // graphql's ES module build (its "module" field) for every import and require of it: one copy
    // still, and its functions called directly, where its CommonJS build is reached through a
    // getter per call (two: esbuild's wrapper and graphql's re-export), in codegen's hot loops.
    mainFields: ['module', 'main'],
  },
  // The language worker: re-validation of the workspace after a schema change and the
  // references index build, in worker threads started on first use, with a graphql of their own
  // (production mode, as the types worker's: one graphql in the bundle).
  {
    ...common,
    entryPoints: { languageWorker: 'src/core/language/languageWorker.ts' },
    outdir: join(outRoot, 'dist'),
    define: { 'process.env.NODE_ENV': '"production"' },
  },
  // The results filter (jsonpath-plus over an answer): a worker thread started on the first filter.
  { ...common, entryPoints: { filter: 'src/core/results/filterWorker.ts' }, outdir: join(outRoot, 'dist') },
  // prettier's standalone printer with its GraphQL plugin, loaded on the first Format Document.
  { ...common, entryPoints: { prettier: 'src/core/format/prettierBundle.ts' }, outdir: join(outRoot, 'dist') },
  { ...common, entryPoints: { undici: require.resolve('undici') }, outdir: join(outRoot, 'dist') },
  { ...common, entryPoints: { sandbox: 'src/sandbox/main.ts' }, outdir: join(outRoot, 'dist') },
  // The command line (package.json "bin"): `tenant-graphql test`, on src/core only, with its own graphql; undici is
  // the extension's bundle beside it (dist/undici.js), not a second copy in the package.
  {
    ...common,
    entryPoints: { cli: 'src/cli/main.ts' },
    outdir: join(outRoot, 'dist'),
    banner: { js: '#!/usr/bin/env node' },
    external: ['undici', './undici.js'],
    define: { __UNDICI_MODULE__: '"./undici.js"' },
  },
);
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

/** The bundles cut in two (buildInTwo), and the on-demand bundle. */
const buildLayered = () =>
  Promise.all([
    buildInTwo(graphqlBuild, join(outRoot, 'dist/graphqlBase.js'), (file) => GRAPHQL_BASE.test(file)),
    buildInTwo(featuresBuild, join(outRoot, 'dist/core.js'), (file) => CORE_LAYER.test(file), { entry: 'src/onDemand.ts', file: join(outRoot, 'dist/onDemand.js') }),
  ]);

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  // The layered bundles are built again whole on each change: a context that writes nothing watches their sources.
  /** @type {esbuild.Plugin} */
  const rebuildLayered = {
    name: 'rebuild-layered',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length === 0) {
          await buildLayered().catch((err) => console.error(err instanceof Error ? err.message : err));
        }
      });
    },
  };
  const sources = await esbuild.context({
    ...featuresBuild,
    entryPoints: { features: 'src/extension.ts', onDemand: 'src/onDemand.ts' },
    write: false,
    plugins: [...featuresBuild.plugins, rebuildLayered],
  });
  await sources.watch();
  console.log('[watch] watching for changes');
} else {
  const [results, layered] = await Promise.all([Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true }))), buildLayered()]);
  // Which files of node_modules went into the shipped bundles (not the tests'): what
  // scripts/thirdPartyNotices.mjs builds THIRD-PARTY-NOTICES.txt from. Not shipped itself.
  const inputs = new Set();
  [...results, ...layered.flat()].forEach((result, i) => {
    if (builds[i]?.outdir !== 'out/integration') {
      for (const file of Object.keys(result.metafile.inputs)) {
        inputs.add(file);
      }
    }
  });
  mkdirSync(join(outRoot, 'dist'), { recursive: true });
  writeFileSync(join(outRoot, 'dist', 'bundled-inputs.json'), `${JSON.stringify([...inputs].sort(), null, 1)}\n`);
}
