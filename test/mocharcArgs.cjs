// What both mocha configurations (.mocharc.cjs, test/contract/mocharc.cjs) need to know of the command line.
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
/** Whether the command line names test files (then only those run; mocha itself would add the configured spec). */
function namesFiles(args = process.argv.slice(2)) {
  return args.some((arg, i) => !arg.startsWith('-') && !valueFlags.has(args[i - 1]) && /\.(c|m)?[jt]s$|[*?]|^test\//.test(arg));
}

module.exports = { namesFiles };
