// The contract suite's mocha configuration (`npm run test:contract`): tests against real processes, servers and
// tools (the Sandbox over HTTP, the codegen CLI, esbuild, the worker bundle, Chromium, oidc-provider and
// graphql-http, graphql-language-service on real schemas). `npm run test:contract -- <files>` runs only those files.
const { namesFiles } = require('../mocharcArgs.cjs');

module.exports = {
  require: ['tsx/cjs', 'test/propertySeed.ts', 'test/graphqlText.cjs'],
  ...(namesFiles() ? {} : { spec: ['test/contract/**/*.test.ts'] }),
  extension: ['ts'],
  timeout: 300000,
  reporter: 'spec',
};
