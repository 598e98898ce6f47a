// Prints how long `require` of a bundle takes in a fresh Node process, with the `vscode` module
// stubbed (its own load is VS Code's cost, not ours). Used by scripts/bench.ts.
//   node scripts/bench/requireTime.cjs dist/extension.js   ->   {"ms": 41.2}
'use strict';
const Module = require('node:module');
const path = require('node:path');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
// Any property of any depth, callable and constructible: enough for a bundle's top level to run.
const stub = () =>
  new Proxy(function () {}, {
    get: (_t, p) => (p === 'prototype' ? {} : p === Symbol.toPrimitive ? () => 0 : stub()),
    construct: () => stub(),
    apply: () => stub(),
  });
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: Object.create(stub()) };
const started = process.hrtime.bigint();
require(path.resolve(process.argv[2]));
console.log(JSON.stringify({ ms: Number(process.hrtime.bigint() - started) / 1e6 }));
