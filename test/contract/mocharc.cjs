// The contract suite's mocha configuration (`npm run test:contract`): tests against real processes, servers and
// tools (the Sandbox over HTTP, the codegen CLI, esbuild, the worker bundle, Chromium, oidc-provider and
// graphql-http, graphql-language-service on real schemas). `npm run test:contract -- <files>` runs only those files.
const valueFlags = new Set([
  '--require',
  '-r',
  '--grep',
  '-g',
  '--fgrep',
  '-f',
  '--reporter',
  '-R',
  '--timeout',
  '-t',
  '--config',
  '--ui',
  '-u',
  '--slow',
  '-s',
  '--ignore',
  '--exclude',
  '--file',
  '--extension',
  '--reporter-option',
  '--reporter-options',
  '-O',
  '--spec',
  '--package',
  '--jobs',
  '-j',
  '--retries',
  '--node-option',
  '-n',
]);
const args = process.argv.slice(2);
const namesFiles = args.some((arg, i) => !arg.startsWith('-') && !valueFlags.has(args[i - 1]) && /\.(c|m)?[jt]s$|[*?]|^test\//.test(arg));

module.exports = {
  require: ['tsx/cjs', 'test/propertySeed.ts', 'test/graphqlText.cjs'],
  ...(namesFiles ? {} : { spec: ['test/contract/**/*.test.ts'] }),
  extension: ['ts'],
  timeout: 300000,
  reporter: 'spec',
};
