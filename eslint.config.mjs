// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noVscode = {
  'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'This layer must not depend on VS Code (see DESIGN.md: layers).' }] }],
};

/**
 * Stand on upstream: no read or write of an underscore-private member (`x._typeInfo`,
 * `x['_variableUsages']`; `__schema`, `__typename` and other double-underscore GraphQL names are
 * public data), and no reach into the prototype of anything imported from graphql (a probe or a
 * patch on GraphQLSchema.prototype, also through an alias of it). A private member or a prototype
 * is what a release changes without notice; public API is what it keeps. Likewise no import of
 * graphql's internal helpers (`graphql/jsutils/...`, not part of its documented API).
 */
export const upstreamPlugin = {
  rules: {
    'no-private-members': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          privateMember: 'No underscore-private member (`{{name}}`): use the public API, or propose one upstream (docs/upstream/).',
          graphqlPrototype: "No reach into the prototype of graphql's `{{name}}`: no probe or patch on upstream's classes.",
          graphqlInternal: "No import of graphql's internal `{{name}}`: use graphql's documented API, or a few lines of our own.",
        },
      },
      create(context) {
        /** @param {{ name: string }} id an identifier */
        const importedFromGraphql = (id) => {
          let scope = context.sourceCode.getScope(id);
          for (; scope; scope = scope.upper) {
            const variable = scope.set.get(id.name);
            if (variable) {
              return variable.defs.some((d) => d.type === 'ImportBinding' && /^graphql(\/|$)/.test(String(d.parent.source.value)));
            }
          }
          return false;
        };
        return {
          /** @param {any} node an import */
          ImportDeclaration(node) {
            const name = String(node.source.value);
            if (/^graphql\/jsutils(\/|$)/.test(name)) {
              context.report({ node, messageId: 'graphqlInternal', data: { name } });
            }
          },
          /** @param {any} node a member expression */
          MemberExpression(node) {
            const property = node.property;
            const name =
              !node.computed && property.type === 'Identifier' ? property.name : property.type === 'Literal' && typeof property.value === 'string' ? property.value : undefined;
            if (name !== undefined && /^_[^_]/.test(name)) {
              context.report({ node, messageId: 'privateMember', data: { name } });
            }
            if (name === 'prototype' && node.object.type === 'Identifier' && importedFromGraphql(node.object)) {
              context.report({ node, messageId: 'graphqlPrototype', data: { name: node.object.name } });
            }
          },
        };
      },
    },
  },
};

/**
 * Tests that test: every mocha test (`it`/`specify` with a function) asserts something, and no
 * `.only`/`.skip` (nor `xit`/`xdescribe`/`xspecify`) is left in. eslint-plugin-mocha is not a dependency; this is
 * the small part of it we need. A test asserts when its function, or a function of the same file it
 * calls (followed through calls), calls `assert`/`assert.*`/`fc.assert`/`expect`, a helper (or a member of an
 * object) whose name starts with assert, expect, check or verify (test helpers that assert, e.g. `assertParity`,
 * `checks[name]()`), or throws.
 */
export const testsPlugin = {
  rules: {
    'asserts-something': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          noAssertion: 'A test asserts what it is named for: call assert (or an assert…/expect…/check…/verify… helper), or throw.',
          noFunction: 'A test without a function is a pending test: write it, or leave it out.',
        },
      },
      create(context) {
        /** @type {Map<string, any>} functions of the file by name (declarations and `const f = () => …`) */
        const functions = new Map();
        /** @type {any[]} the test calls, checked at the end of the file when every function is known */
        const tests = [];
        const ASSERTING = /^(assert|expect|check|verify)/i;
        /** @param {any} callee @returns {string | undefined} */
        const calleeName = (callee) =>
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
              ? callee.property.name
              : undefined;
        /** @param {any} callee @returns {string | undefined} the root object of a member chain */
        const rootName = (callee) => {
          let node = callee;
          while (node.type === 'MemberExpression') {
            node = node.object;
          }
          return node.type === 'Identifier' ? node.name : undefined;
        };
        /**
         * @param {any} node
         * @param {Set<any>} seen
         * @returns {boolean}
         */
        const asserts = (node, seen) => {
          if (!node || typeof node !== 'object' || seen.has(node)) {
            return false;
          }
          seen.add(node);
          if (node.type === 'ThrowStatement') {
            return true;
          }
          if (node.type === 'CallExpression' || node.type === 'NewExpression') {
            const name = calleeName(node.callee);
            const root = rootName(node.callee);
            if ((root !== undefined && ASSERTING.test(root)) || (name !== undefined && ASSERTING.test(name))) {
              return true;
            }
            if (node.callee.type === 'Identifier' && functions.has(node.callee.name) && asserts(functions.get(node.callee.name), seen)) {
              return true;
            }
          }
          // A function of the file passed as a value (`items.forEach(check)`, `it(name, run)`).
          if (node.type === 'Identifier' && functions.has(node.name) && asserts(functions.get(node.name), seen)) {
            return true;
          }
          for (const [key, value] of Object.entries(node)) {
            if (key === 'parent' || key === 'loc' || key === 'range') {
              continue;
            }
            if (Array.isArray(value) ? value.some((v) => asserts(v, seen)) : value && typeof value.type === 'string' && asserts(value, seen)) {
              return true;
            }
          }
          return false;
        };
        return {
          /** @param {any} node */
          FunctionDeclaration(node) {
            if (node.id) {
              functions.set(node.id.name, node.body);
            }
          },
          /** @param {any} node */
          VariableDeclarator(node) {
            if (node.id.type === 'Identifier' && node.init && /FunctionExpression$/.test(node.init.type)) {
              functions.set(node.id.name, node.init.body);
            }
          },
          /** @param {any} node */
          CallExpression(node) {
            if (node.callee.type === 'Identifier' && ['it', 'specify'].includes(node.callee.name)) {
              tests.push(node);
            }
          },
          'Program:exit'() {
            for (const node of tests) {
              const body = node.arguments[1];
              if (!body) {
                context.report({ node, messageId: 'noFunction' });
              } else if (!asserts(body, new Set())) {
                context.report({ node, messageId: 'noAssertion' });
              }
            }
          },
        };
      },
    },
    'no-exclusive-or-skipped': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { left: '`{{name}}` left in: every test runs, each time (no .only, no .skip).' },
      },
      create(context) {
        const SUITE = new Set(['describe', 'context', 'suite', 'it', 'test', 'specify']);
        return {
          /** @param {any} node */
          MemberExpression(node) {
            if (
              node.object.type === 'Identifier' &&
              SUITE.has(node.object.name) &&
              !node.computed &&
              node.property.type === 'Identifier' &&
              (node.property.name === 'only' || node.property.name === 'skip')
            ) {
              context.report({ node, messageId: 'left', data: { name: `${node.object.name}.${node.property.name}` } });
            }
          },
          /** @param {any} node */
          CallExpression(node) {
            if (node.callee.type === 'Identifier' && ['xit', 'xdescribe', 'xcontext', 'xspecify'].includes(node.callee.name)) {
              context.report({ node, messageId: 'left', data: { name: node.callee.name } });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      '.cache/**',
      'node_modules/**',
      'dist-vsix/**',
      '.vscode-test/**',
      'media/**/*.js',
      'media/samples/**',
      'test/fixtures/codegen/**',
      'test/contract/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './tsconfig.webview.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      curly: 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/core/**/*.ts', 'src/sandbox/**/*.ts', 'src/webview/**/*.ts', 'src/shared/**/*.ts'], rules: noVscode },
  // The arrows between the layers are checked by dependency-cruiser (.dependency-cruiser.cjs, `npm run lint`).
  // No module-level mutable state outside a composition root (CONTRIBUTING.md, "Architecture"): the extension's
  // (src/extension.ts) and those of the other bundles and worker threads, which are entry points of their own.
  {
    files: ['src/**/*.ts'],
    ignores: [
      'src/extension.ts',
      'src/webview/results/main.ts',
      'src/sandbox/main.ts',
      'src/core/codegen/codegenWorker.ts',
      'src/core/results/filterWorker.ts',
      'src/core/language/languageWorker.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message: 'No module-level `let` outside a composition root: keep the state in an object the root makes and passes down.',
        },
        {
          selector: "Program > VariableDeclaration[kind='var'], Program > ExportNamedDeclaration > VariableDeclaration[kind='var']",
          message: 'No module-level `var` outside a composition root: keep the state in an object the root makes and passes down.',
        },
      ],
    },
  },
  // Stand on upstream (upstreamPlugin above): no underscore-private member of any object, no probe or
  // patch on graphql's prototypes, in src/.
  {
    files: ['src/**/*.ts'],
    plugins: { upstream: upstreamPlugin },
    rules: { 'upstream/no-private-members': 'error' },
  },
  // Size: no function of src/ over 100 lines, no file over 350 (data is in files of its own, e.g. the
  // Sandbox's schema in src/sandbox/sandboxSchema.graphql).
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 100 }], 'max-lines': ['error', { max: 350 }] } },
  // Tests that test (testsPlugin above): each asserts something, none is left exclusive or skipped.
  {
    files: ['test/**/*.ts'],
    plugins: { tests: testsPlugin },
    rules: { 'tests/asserts-something': 'error', 'tests/no-exclusive-or-skipped': 'error' },
  },
  // A unit test starts no process, opens no socket and needs no timeout over 10 s (test/unit/unitGuard.cjs checks the
  // same while the suite runs, through whatever the test calls); what does belongs in test/contract. No test imports
  // the benchmark (bench/): what both use is a fixture (test/fixtures).
  {
    files: ['test/**/*.ts'],
    // The adapter and results benchmarks run inside VS Code by the integration runner: benchmark code, not tests.
    ignores: ['test/integration/*.bench.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)bench(/|$)', message: 'No test imports the benchmark: move what both use to test/fixtures.' }] }],
    },
  },
  {
    files: ['test/unit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['child_process', 'net', 'http', 'https', 'http2', 'tls', 'dgram', 'esbuild', 'playwright-core'].flatMap((name) =>
            (name.includes('-') || name === 'esbuild' ? [name] : [name, `node:${name}`]).map((n) => ({
              name: n,
              message: 'A unit test starts no process and opens no socket: this test belongs in test/contract.',
            })),
          ),
          patterns: [
            { regex: '(^|/)bench(/|$)', message: 'No test imports the benchmark: move what both use to test/fixtures.' },
            { regex: '(^|/)src/sandbox/index$', message: 'The Sandbox serves over sockets: a test that starts one belongs in test/contract.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='timeout'] > Literal[value>10000]",
          message: 'A unit test needs no timeout over 10 s: a slower test belongs in test/contract.',
        },
        {
          selector: "CallExpression[callee.property.name='timeout'] > Literal[value=0]",
          message: 'A unit test needs no timeout over 10 s: a slower test belongs in test/contract.',
        },
      ],
    },
  },
  { files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'bench/**/*.cjs', '*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs', 'test/contract/mocharc.cjs', 'test/mocharcArgs.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // The two mocha configurations share what they read of the command line (test/mocharcArgs.cjs); mocha loads them as CommonJS.
  { files: ['.mocharc.cjs', 'test/contract/mocharc.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // A CommonJS script on purpose: it hooks require to stub the vscode module (bench/requireTime.cjs).
  { files: ['bench/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
