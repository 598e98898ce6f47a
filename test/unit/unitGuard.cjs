// What makes a unit test a unit test, checked while the suite runs (loaded by .mocharc.cjs, for
// test/unit only): it starts no process (child_process), opens no socket (a server's listen or a
// client's connect: HTTP, fetch, TLS, raw TCP), and needs no timeout over MAX_TIMEOUT_MS. A test
// that needs a real process, server or socket belongs in test/contract (CONTRIBUTING.md, "Tests").
// The call is refused where it is made (it throws), and the run ends with a failure that names
// every test file that tried, so a test that catches the error still fails the suite.
// Reading files (fixtures, package.json) and temporary folders are allowed; worker threads are not
// processes and are allowed too. TENANT_GRAPHQL_UNIT_GUARD=survey lets the calls through and only
// lists them at the end. Plain CommonJS: it must patch the CommonJS module objects the tests use.
/* global require, module, process, console, __dirname */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports */
const childProcess = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const MAX_TIMEOUT_MS = 10_000;
const root = path.resolve(__dirname, '..', '..');
const surveyOnly = process.env.TENANT_GRAPHQL_UNIT_GUARD === 'survey';
/** @type {Map<string, Set<string>>} test file -> what it did */
const violations = new Map();
/** @type {string | undefined} the file of the running test */
let currentFile;
let checkTimeouts = true;

/** @param {string} file @param {string} what */
function note(file, what) {
  const seen = violations.get(file) ?? new Set();
  seen.add(what);
  violations.set(file, seen);
}

/** The test file on the stack (the first *.test.ts), else the running test's. */
function testFileOnStack() {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = saved;
  const match = /(\/[^():\s]+\.test\.ts):\d+:\d+/.exec(stack);
  const file = match?.[1] ?? currentFile;
  return file ? path.relative(root, file) : '(outside a test)';
}

/** @param {string} what */
function refuse(what) {
  const file = testFileOnStack();
  note(file, what);
  if (!surveyOnly) {
    throw new Error(`a unit test ${what}: ${file} belongs in test/contract (CONTRIBUTING.md, "Tests")`);
  }
}

// The tests run as CommonJS (tsx/cjs): `import { spawn } from 'node:child_process'` reads the
// property at each call, so replacing it on the module object reaches every caller.
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = childProcess[name];
  // Keeps util.promisify.custom (execFile and exec promisify to { stdout, stderr }).
  childProcess[name] = Object.assign(function (...args) {
    refuse(`starts a process (child_process.${name})`);
    return original.apply(this, args);
  }, original);
  for (const symbol of Object.getOwnPropertySymbols(original)) {
    childProcess[name][symbol] = original[symbol];
  }
}
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  refuse('opens a server socket (listen)');
  return listen.apply(this, args);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  refuse('opens a socket (connect)');
  return connect.apply(this, args);
};

module.exports = {
  MAX_TIMEOUT_MS,
  mochaHooks: {
    beforeAll() {
      // A run that asks for longer timeouts itself (`--timeout 0` under a debugger) is not checked for them.
      const configured = this.timeout();
      checkTimeouts = configured !== 0 && configured <= MAX_TIMEOUT_MS;
    },
    beforeEach() {
      currentFile = this.currentTest?.file;
    },
    afterEach() {
      const test = this.currentTest;
      const timeout = test?.timeout();
      if (test?.file && checkTimeouts && (timeout === 0 || timeout > MAX_TIMEOUT_MS)) {
        note(path.relative(root, test.file), `sets a timeout of ${timeout === 0 ? 'none' : `${timeout} ms`} (at most ${MAX_TIMEOUT_MS})`);
      }
      currentFile = undefined;
    },
    afterAll() {
      if (violations.size > 0) {
        const lines = [...violations].map(([file, what]) => `  ${file}: ${[...what].join('; ')}`);
        const message = `unit tests that are not unit tests (move them to test/contract):\n${lines.join('\n')}`;
        if (surveyOnly) {
          console.log(message);
        } else {
          throw new Error(message);
        }
      }
    },
  },
};
