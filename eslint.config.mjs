// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noVscode = {
  'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'This layer must not depend on VS Code (see DESIGN.md: layers).' }] }],
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
  // No module-level mutable state outside a composition root (DESIGN.md: composition): the extension's
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
  // Size: no function of src/ over 100 lines, no file over 350 (data is in files of its own, e.g. the
  // Sandbox's schema in src/sandbox/sandboxSchema.graphql).
  { files: ['src/**/*.ts'], rules: { 'max-lines-per-function': ['error', { max: 100 }], 'max-lines': ['error', { max: 350 }] } },
  { files: ['scripts/**/*.mjs', 'scripts/**/*.cjs', '*.mjs'], languageOptions: { globals: { ...globals.node } } },
  { files: ['*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  // A CommonJS script on purpose: it hooks require to stub the vscode module (scripts/bench/requireTime.cjs).
  { files: ['scripts/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
