/** Atomic file writes: folders made when missing, files replaced whole, no temporary file left. */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeFileAtomically } from '../../../src/core/atomicFile';

describe('writeFileAtomically', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the missing folders, then replaces the file whole, leaving no temporary file', async () => {
    const file = path.join(dir, 'a', 'b', 'c.txt');
    await writeFileAtomically(file, 'first');
    assert.equal(readFileSync(file, 'utf8'), 'first');
    await writeFileAtomically(file, new TextEncoder().encode('second'));
    assert.equal(readFileSync(file, 'utf8'), 'second');
    assert.deepEqual(readdirSync(path.dirname(file)), ['c.txt']);
  });

  it('fails for a folder it cannot make, leaving nothing behind', async () => {
    const blocker = path.join(dir, 'file');
    await writeFileAtomically(blocker, 'x');
    await assert.rejects(writeFileAtomically(path.join(blocker, 'inside.txt'), 'y'));
    assert.deepEqual(readdirSync(dir), ['file']);
  });
});
