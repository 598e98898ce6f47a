// @ts-check
// Every arrow of the layers (CONTRIBUTING.md, "Architecture"; the README's tree), checked by dependency-cruiser on the
// resolved module graph: static imports and re-exports, `import type`, dynamic `import()`,
// `require()`, `import x = require()` and `typeof import()` alike (tsPreCompilationDeps). Run by
// `npm run lint`; test/contract/lint/layers.test.ts runs it on fixture trees that break each arrow.
//
// The layers, one line each (what lives there: what it may import):
//   src/extension.ts  the composition root: anything's index.ts; imported by nobody.
//   src/core/         pure TypeScript: core, and the plain types of src/shared. Never 'vscode'.
//   src/shared/       types that cross host <-> webview: shared only.
//   src/webview/      the results webview's browser bundle: webview and shared.
//   src/sandbox/      the local Service (its own bundle): sandbox only (and npm packages).
//   src/cli/          the tenant-graphql command (its own bundle, run in CI): core only.
//   src/platform/     VS Code helpers that every feature uses: platform, core, shared.
//   src/services/     the four services (config, auth, schemas, graphql), one folder each: core,
//                     shared, platform, another service through its index.ts; never a feature.
//   features          auth, builder, codegen, language, results, run, sandboxHost, schema, testing: their own folder,
//                     core, shared, platform, the services, and another feature's index.ts only
//                     along an edge of FEATURE_EDGES.

/** The folders of src/ that hold a feature. */
const FEATURES = ['agentTools', 'auth', 'builder', 'codegen', 'language', 'results', 'run', 'sandboxHost', 'schema', 'testing'];

/** The folders of src/services/, one per service. */
const SERVICES = ['config', 'auth', 'schemas', 'graphql'];

/**
 * The feature-to-feature edges that are allowed, each through the target's index.ts only. Every
 * other edge between two feature folders fails.
 * @type {{ from: string, to: string, why: string }[]}
 */
const FEATURE_EDGES = [{ from: 'run', to: 'results', why: 'a run shows its outcome through the ResultsPresenter interface the root injects (type only)' }];

const anyService = `^src/services/(${SERVICES.join('|')})/`;
const featureFolder = `^src/(${FEATURES.join('|')})/`;

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const forbidden = [
  {
    name: 'no-circular',
    comment: 'No import cycles (type-only ones included).',
    severity: 'error',
    from: { path: '^src/' },
    to: { circular: true },
  },
  {
    name: 'core-no-vscode',
    comment: 'src/core, src/shared, src/webview and src/sandbox never depend on VS Code.',
    severity: 'error',
    from: { path: '^src/(core|shared|webview|sandbox|cli)/' },
    to: { path: '^vscode$' },
  },
  {
    name: 'core-only-core',
    comment: 'src/core imports only core and the plain types of src/shared.',
    severity: 'error',
    from: { path: '^src/core/' },
    to: { path: '^src/', pathNot: '^src/(core|shared)/' },
  },
  {
    name: 'shared-only-shared',
    comment: 'src/shared (what crosses host <-> webview) imports nothing else of src.',
    severity: 'error',
    from: { path: '^src/shared/' },
    to: { path: '^src/', pathNot: '^src/shared/' },
  },
  {
    name: 'webview-only-shared',
    comment: 'src/webview (the browser bundle) imports only itself and src/shared.',
    severity: 'error',
    from: { path: '^src/webview/' },
    to: { path: '^src/', pathNot: '^src/(webview|shared)/' },
  },
  {
    name: 'sandbox-alone',
    comment: 'src/sandbox (the local Service, its own bundle) imports nothing of the extension.',
    severity: 'error',
    from: { path: '^src/sandbox/' },
    to: { path: '^src/', pathNot: '^src/sandbox/' },
  },
  {
    name: 'cli-only-core',
    comment: 'src/cli (the tenant-graphql command, run in CI without VS Code) imports only core and shared.',
    severity: 'error',
    from: { path: '^src/cli/' },
    to: { path: '^src/', pathNot: '^src/(cli|core|shared)/' },
  },
  {
    name: 'platform-only-core',
    comment: 'src/platform (VS Code helpers) imports only platform, core and shared: no service, no feature.',
    severity: 'error',
    from: { path: '^src/platform/' },
    to: { path: '^src/', pathNot: '^src/(platform|core|shared)/' },
  },
  {
    name: 'no-root',
    comment: 'Only VS Code loads the composition root (through the loader, src/activation.ts, which requires it in a task of its own).',
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/activation\\.ts$' },
    to: { path: '^src/extension\\.ts$' },
  },
  {
    name: 'bundles-not-imported',
    comment: 'src/sandbox and src/webview are bundles of their own: start or load them, never import them.',
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/(sandbox|webview)/' },
    to: { path: '^src/(sandbox|webview)/' },
  },
  {
    name: 'service-not-feature',
    comment: 'A service never imports a feature (a prompt or a notification belongs to the feature that calls the service).',
    severity: 'error',
    from: { path: anyService },
    to: { path: featureFolder, pathNot: anyService },
  },
  {
    name: 'through-index',
    comment: 'A folder of src/ is imported from outside through its index.ts (its public surface), never its internals.',
    severity: 'error',
    from: { path: '^src/([^/]+)/' },
    to: { path: `^src/(${FEATURES.join('|')})/.+`, pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
  },
  {
    name: 'through-index',
    comment: 'A service is imported from outside its folder through its index.ts (its public surface), never its internals.',
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/services/' },
    to: { path: '^src/services/[^/]+/.+', pathNot: '^src/services/[^/]+/index\\.ts$' },
  },
  {
    name: 'through-index',
    comment: 'A service imports another service through its index.ts only.',
    severity: 'error',
    from: { path: '^src/services/([^/]+)/' },
    to: { path: '^src/services/[^/]+/.+', pathNot: ['^src/services/$1/', '^src/services/[^/]+/index\\.ts$'] },
  },
  {
    name: 'services-known',
    comment: `src/services holds the four services only (${SERVICES.join(', ')}), each in a folder of its own.`,
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^src/services/', pathNot: anyService },
  },
  ...FEATURES.map((from) => {
    const allowed = FEATURE_EDGES.filter((e) => e.from === from).map((e) => e.to);
    const denied = FEATURES.filter((to) => to !== from && !allowed.includes(to));
    return {
      name: 'feature-edge',
      comment: `src/${from} may import of the other features only ${allowed.length ? allowed.join(', ') : 'none'} (FEATURE_EDGES in .dependency-cruiser.cjs).`,
      severity: /** @type {const} */ ('error'),
      from: { path: `^src/${from}/`, pathNot: anyService },
      to: { path: `^src/(${denied.join('|')})/` },
    };
  }),
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/webview/.*\\.d\\.ts$' },
    // `import type`, type-only re-exports and `typeof import()` are arrows too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
    // ".ts" imports written without extension, as in src/.
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
