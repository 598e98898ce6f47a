// The unit suite's mocha configuration (test/unit: no process, no socket, no timeout over 10 s; test/unit/unitGuard.cjs
// refuses the first two while the suite runs). The contract suite has its own: test/contract/mocharc.cjs.
// `npx mocha` runs every unit test; `npx mocha <files>` runs only those files (mocha itself would add the configured
// spec to the files named on the command line).
const { namesFiles } = require('./test/mocharcArgs.cjs');

module.exports = {
  require: ['tsx/cjs', 'test/propertySeed.ts', 'test/graphqlText.cjs', 'test/unit/unitGuard.cjs'],
  ...(namesFiles() ? {} : { spec: ['test/unit/**/*.test.ts'] }),
  extension: ['ts'],
  timeout: 10000,
  reporter: 'spec',
};
