/** The independent pair's first line (scripts/integration/servers.mjs). */
import * as assert from 'node:assert/strict';
import { parseInteropLine } from '../../../scripts/integration/servers.mjs';

describe('integration runner: servers', () => {
  it('reads the independent pair’s INTEROP line once it has come', () => {
    assert.equal(parseInteropLine('starting\n'), undefined);
    assert.deepEqual(parseInteropLine('starting\nINTEROP {"url":"http://127.0.0.1:1"}\nmore'), { url: 'http://127.0.0.1:1' });
  });
});
