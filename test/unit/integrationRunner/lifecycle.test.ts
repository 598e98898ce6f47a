/** The run's cleanups (scripts/integration/lifecycle.mjs). */
import * as assert from 'node:assert/strict';
import { createCleanups } from '../../../scripts/integration/lifecycle.mjs';

describe('integration runner: lifecycle', () => {
  it('undoes the last thing first, goes on past a failing one, and undoes each once', async () => {
    const cleanups = createCleanups();
    const done: string[] = [];
    cleanups.add(() => done.push('sandbox'));
    cleanups.add(() => {
      throw new Error('already gone');
    });
    cleanups.add(async () => done.push('browser'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      await cleanups.run();
    } finally {
      console.error = original;
    }
    assert.deepEqual(done, ['browser', 'sandbox']);
    assert.deepEqual(errors, ['[integration] cleanup: already gone']);
    await cleanups.run();
    assert.deepEqual(done, ['browser', 'sandbox']);
  });
});
