/** What the whole-run secret scan searches (scripts/integration/runSecretScan.mjs). */
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { LISTENER_RECORD, isSecretStorage, scanSources, withoutLastQuery } from '../../../scripts/integration/runSecretScan.mjs';

const source = (where: string, text: string) => ({ where, bytes: Buffer.from(text, 'utf8') });

describe('integration runner: the secret scan’s sources', () => {
  it('leaves only SecretStorage out of the browser’s storage', () => {
    assert.ok(isSecretStorage({ where: 'main localStorage', key: 'secrets.provider', value: '' }));
    assert.ok(!isSecretStorage({ where: 'main localStorage', key: 'other', value: '' }));
    assert.ok(!isSecretStorage({ where: 'main indexedDB vscode-web-state-db', key: 'secrets.provider', value: '' }));
  });

  it('drops the query (the runner’s own payload) from code-server’s coder.json, and leaves a file it cannot read as it is', () => {
    const file = withoutLastQuery(source('user-data/coder.json', JSON.stringify({ query: { payload: 'secret' }, lastVisited: 'x' })));
    assert.deepEqual(JSON.parse(file.bytes.toString('utf8')), { lastVisited: 'x' });
    const broken = source('user-data/coder.json', '{');
    assert.equal(withoutLastQuery(broken), broken);
  });

  it('searches every file (coder.json without its query) and every browser entry but SecretStorage', () => {
    const files = [
      source(join('user-data', 'coder.json'), '{"query":"q","a":1}'),
      source(join('german', 'user-data', 'coder.json'), '{"query":"q"}'),
      source('logs/x.log', 'text'),
    ];
    const entries = [
      { where: 'main localStorage', key: 'secrets.provider', value: 'sealed' },
      { where: 'main localStorage', key: 'memento', value: 'v' },
    ];
    const { files: searched, searchedEntries, sources } = scanSources(files, entries);
    assert.equal(searched[0].bytes.toString('utf8'), '{"a":1}');
    assert.equal(searched[1].bytes.toString('utf8'), '{}');
    assert.equal(searched[2], files[2]);
    assert.deepEqual(searchedEntries, [entries[1]]);
    assert.equal(sources.length, 4);
    assert.equal(sources[3].where, 'browser main localStorage key "memento"');
    assert.equal(sources[3].bytes.toString('utf8'), 'memento\nv');
  });

  it('names the other server’s record as the run folder lists it', () => {
    assert.equal(LISTENER_RECORD, join('listener', 'requests.jsonl'));
  });
});
