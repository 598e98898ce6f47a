// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './scripts/eslint/layers.mjs';

const noVscode = {
  'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'This layer must not depend on VS Code (see DESIGN.md: layers).' }] }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.cache/**', 'node_modules/**', 'dist-vsix/**', '.vscode-test/**', 'media/**/*.js', 'media/samples/**', 'test/unit/core/codegen/fixtures/**'] },
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
  // Every arrow of DESIGN.md's layers (see scripts/eslint/layers.mjs).
  { files: ['src/**/*.ts'], plugins: { tenant: layers }, rules: { 'tenant/layers': 'error' } },
  { files: ['scripts/**/*.mjs', 'scripts/**/*.cjs', '*.mjs'], languageOptions: { globals: { ...globals.node } } },
  // A CommonJS script on purpose: it hooks require to stub the vscode module (scripts/bench/requireTime.cjs).
  { files: ['scripts/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
