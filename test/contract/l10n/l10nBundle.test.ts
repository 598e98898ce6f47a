/**
 * l10n/bundle.l10n.json holds exactly the `vscode.l10n.t` messages of src, as @vscode/l10n-dev's extractor
 * (the tool `npm run l10n` runs) finds them in every source file.
 */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, extractBundle, readJson } from '../../../scripts/l10n';

const bundle = readJson<Record<string, string>>(join(ROOT, 'l10n', 'bundle.l10n.json'), {});
const FIX = 'run `npm run l10n`';

describe('localisation', () => {
  it('has every vscode.l10n.t message of src in l10n/bundle.l10n.json', async () => {
    const extracted = await extractBundle();
    const missing = Object.keys(extracted).filter((k) => bundle[k] === undefined);
    const stale = Object.keys(bundle).filter((k) => extracted[k] === undefined);
    assert.deepEqual(missing, [], `messages missing from the bundle (${FIX})`);
    assert.deepEqual(stale, [], `messages in the bundle that src no longer has (${FIX})`);
    assert.ok(Object.keys(extracted).length > 300);
  });
});
