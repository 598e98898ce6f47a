// Prints how long `require` of a bundle takes in a fresh Node process, with the `vscode` module
// stubbed (its own load is VS Code's cost, not ours). Used by bench/bench.ts.
//   node bench/requireTime.cjs dist/extension.js   ->   {"ms": 41.2, "tasks": {...}}
// The extension's entry requires its other bundles in tasks of their own (src/activation.ts): each
// bundle given after the first is required after a turn of the event loop, as activation does, and
// timed on its own; "ms" is the longest of these tasks.
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
// VS Code's extension host has loaded these before any extension (its proxy support patches http,
// https, net and tls; crypto and stream come with them): an extension's require does not pay them.
for (const builtin of ['node:http', 'node:https', 'node:net', 'node:tls', 'node:crypto', 'node:stream']) {
  require(builtin);
}
const tasks = {};
const files = process.argv.slice(2);
(async () => {
  for (const file of files) {
    const started = process.hrtime.bigint();
    require(path.resolve(file));
    tasks[path.basename(file)] = Number(process.hrtime.bigint() - started) / 1e6;
    await new Promise((resolve) => setImmediate(resolve));
  }
  console.log(JSON.stringify({ ms: Math.max(...Object.values(tasks)), tasks }));
})();
