/** Which code-server a run uses (scripts/integration/prerequisites.mjs). */
import * as assert from 'node:assert/strict';
import { BUILD_OUTPUTS, chooseCodeServer } from '../../../scripts/integration/prerequisites.mjs';

describe('integration runner: prerequisites', () => {
  it('runs the code-server given by flags, else the installed one', () => {
    const installed = { codeServerEntry: '/cache/entry.js', node24: '/cache/node24' };
    assert.deepEqual(chooseCodeServer({ entry: undefined, node: undefined }, installed), { entry: '/cache/entry.js', node: '/cache/node24' });
    assert.deepEqual(chooseCodeServer({ entry: '/old/entry.js', node: '/old/node' }, installed), { entry: '/old/entry.js', node: '/old/node' });
    assert.deepEqual(chooseCodeServer({ entry: '/old/entry.js', node: undefined }, installed), { entry: '/old/entry.js', node: '/cache/node24' });
  });

  it('needs the tests’ entry and the extension built', () => {
    assert.deepEqual(BUILD_OUTPUTS, ['out/integration/index.js', 'dist/extension.js']);
  });
});
