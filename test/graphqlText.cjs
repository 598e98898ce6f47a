// `.graphql` files load as their text in the unit and contract tests and under tsx, as esbuild's text loader does
// in the build (scripts/build.mjs): the Sandbox's schema is src/sandbox/sandboxSchema.graphql.
// Registered in .mocharc.cjs and test/contract/mocharc.cjs (and given to the Sandbox CLI that test/contract/sandbox/cli.test.ts starts).
// Plain CommonJS so that `node --require` loads it before tsx.
/* global require */
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs');

require.extensions['.graphql'] = (module, filename) => {
  module.exports = fs.readFileSync(filename, 'utf8');
};
