// The unit suite's mocha configuration. `npx mocha` runs every unit test; `npx mocha <files>` runs only
// those files (mocha itself would add the configured spec to the files named on the command line).
const valueFlags = new Set(['--require', '-r', '--grep', '-g', '--fgrep', '-f', '--reporter', '-R', '--timeout', '-t', '--config', '--ui', '-u', '--slow', '-s', '--ignore', '--exclude', '--file', '--extension', '--reporter-option', '--reporter-options', '-O', '--spec', '--package', '--jobs', '-j', '--retries', '--node-option', '-n']);
const args = process.argv.slice(2);
const namesFiles = args.some((arg, i) => !arg.startsWith('-') && !valueFlags.has(args[i - 1]) && /\.(c|m)?[jt]s$|[*?]|^test\//.test(arg));

module.exports = {
  require: ['tsx/cjs', 'test/unit/propertySeed.ts', 'test/unit/graphqlText.cjs'],
  ...(namesFiles ? {} : { spec: ['test/unit/**/*.test.ts'] }),
  extension: ['ts'],
  timeout: 300000,
  reporter: 'spec',
};
