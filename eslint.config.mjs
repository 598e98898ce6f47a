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
      'test/unit/core/codegen/fixtures/**',
      'test/unit/lint/fixtures/**',
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
  { files: ['scripts/**/*.mjs', 'scripts/**/*.cjs', '*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // A CommonJS script on purpose: it hooks require to stub the vscode module (scripts/bench/requireTime.cjs).
  { files: ['scripts/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
