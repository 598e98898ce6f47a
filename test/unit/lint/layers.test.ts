import * as path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import layers from '../../../scripts/eslint/layers.mjs';

const root = path.resolve(__dirname, '../../..');
const at = (file: string) => path.join(root, 'src', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });

/** One import line in one file of src/. */
const imp = (file: string, spec: string) => ({ filename: at(file), code: `import { x } from '${spec}';` });

// The DESIGN.md layers: each "never" must fail the lint, and the allowed arrows must pass.
tester.run('tenant/layers', layers.rules.layers, {
  valid: [
    imp('core/run/history.ts', '../clock'),
    imp('core/run/runRecord.ts', '../../shared/resultsMessages'),
    imp('webview/results/main.ts', '../../shared/resultsMessages'),
    imp('webview/results/main.ts', './treeView'),
    imp('run/index.ts', '../results'),
    imp('run/index.ts', '../schema/index'),
    imp('run/runController.ts', '../core/run/operations'),
    imp('run/index.ts', '../platform/commands'),
    imp('extension.ts', './auth'),
    imp('sandbox/server.ts', './tokens'),
    imp('platform/commands.ts', '../core/errors'),
  ],
  invalid: [
    imp('core/run/history.ts', '../../auth'),
    imp('core/schema/environmentSchema.ts', '../../schema/schemas'),
    imp('shared/resultsMessages.ts', '../results/resultsModel'),
    imp('webview/results/format.ts', '../../core/logger'),
    imp('sandbox/clock.ts', '../core/logger'),
    imp('run/runController.ts', '../results/resultsPanel'),
    imp('language/languageHost.ts', '../schema/schemas'),
    imp('sandboxHost/index.ts', '../sandbox/server'),
    imp('platform/commands.ts', '../auth'),
    imp('auth/index.ts', '../extension'),
  ].map((c) => ({ ...c, errors: [{ messageId: 'layer' }] })),
});
