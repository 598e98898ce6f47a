import { strict as assert } from 'node:assert';
import { CorruptSessionRecordError } from '../../../../src/core/auth/authErrors';
import { parseStoredSession, serializeSessionRecord, type SessionRecord } from '../../../../src/core/auth/sessionRecord';
import { ClientSecrets, SESSION_INDEX_KEY, SESSION_KEY_PREFIX, SessionStore, type CorruptSessionEvent } from '../../../../src/core/auth/sessionStore';
import { CapturingLogger, MemorySecretStore, record } from './fakes';

/** A stored record as the store reads it: one of an earlier version is for the migration only. */
function parseSessionRecord(text: string): SessionRecord {
  const record = parseStoredSession(text);
  if (record.v !== 2) {
    throw new CorruptSessionRecordError('The stored session is of an earlier version.');
  }
  return record;
}

describe('core/auth/sessionRecord and sessionStore', () => {
  it('round-trips a record through JSON', () => {
    const r = record('s1');
    assert.deepEqual(parseSessionRecord(serializeSessionRecord(r)), r);
    const team = record('s2', { kind: 'team', refreshToken: undefined, refreshExpiresAt: undefined, account: { id: 'team:c', label: 'Team' } });
    assert.deepEqual(parseSessionRecord(serializeSessionRecord(team)), team);
  });

  const corrupt: [string, string][] = [
    ['not JSON', '{"v":1,'],
    ['an array', '[]'],
    ['version 3', JSON.stringify({ ...record('s'), v: 3 })],
    ['version 1 (read by the migration only)', JSON.stringify({ ...record('s'), v: 1, server: undefined })],
    ['no server', JSON.stringify({ ...record('s'), server: undefined })],
    ['a server without a valid address', JSON.stringify({ ...record('s'), server: { authUrl: 'nope', baseUrl: 'https://a.test', clientId: 'c' } })],
    ['no access token', JSON.stringify({ ...record('s'), accessToken: undefined })],
    ['an unknown kind', JSON.stringify({ ...record('s'), kind: 'robot' })],
    ['a string expiry', JSON.stringify({ ...record('s'), expiresAt: 'later' })],
    ['no account', JSON.stringify({ ...record('s'), account: null })],
  ];
  for (const [what, text] of corrupt) {
    it(`calls a record with ${what} corrupt`, () => {
      assert.throws(() => parseSessionRecord(text), CorruptSessionRecordError);
    });
  }

  it('keeps one key per session plus an index, and lists them', async () => {
    const secrets = new MemorySecretStore();
    const store = new SessionStore(secrets, new CapturingLogger());
    await store.put(record('a'));
    await store.put(record('b'));
    await store.put(record('a', { accessToken: 'rotated' }));
    assert.deepEqual(JSON.parse(secrets.data.get(SESSION_INDEX_KEY)!), ['a', 'b']);
    assert.deepEqual(
      (await store.list()).map((r) => [r.id, r.accessToken]),
      [
        ['a', 'rotated'],
        ['b', 'at-b'],
      ],
    );
    await store.delete('a');
    assert.deepEqual(JSON.parse(secrets.data.get(SESSION_INDEX_KEY)!), ['b']);
    assert.equal(secrets.data.has(`${SESSION_KEY_PREFIX}a`), false);
  });

  it('removes a corrupt record with a message instead of crashing', async () => {
    const secrets = new MemorySecretStore();
    const logger = new CapturingLogger();
    const store = new SessionStore(secrets, logger);
    await store.put(record('good'));
    await store.put(record('bad'));
    secrets.data.set(`${SESSION_KEY_PREFIX}bad`, '{"v":1, "accessToken": "eyJhbGciOiJIUzI1NiJ9.e30.x"');
    const events: CorruptSessionEvent[] = [];
    store.onDidRemoveCorrupt((e) => events.push(e));
    assert.deepEqual(
      (await store.list()).map((r) => r.id),
      ['good'],
    );
    assert.equal(events.length, 1);
    assert.equal(events[0].id, 'bad');
    assert.match(events[0].message, /could not be read and was removed.*Sign in again/);
    assert.equal(secrets.data.has(`${SESSION_KEY_PREFIX}bad`), false);
    assert.deepEqual(JSON.parse(secrets.data.get(SESSION_INDEX_KEY)!), ['good']);
    assert.ok(!logger.text.includes('eyJ'));
  });

  it('resets an unreadable index', async () => {
    const secrets = new MemorySecretStore();
    secrets.data.set(SESSION_INDEX_KEY, 'nonsense');
    const store = new SessionStore(secrets, new CapturingLogger());
    assert.deepEqual(await store.list(), []);
    await store.put(record('x'));
    assert.deepEqual(JSON.parse(secrets.data.get(SESSION_INDEX_KEY)!), ['x']);
  });

  it('sees a session written by another window (no cache)', async () => {
    const secrets = new MemorySecretStore();
    const mine = new SessionStore(secrets, new CapturingLogger());
    const theirs = new SessionStore(secrets, new CapturingLogger());
    let changes = 0;
    mine.onDidChange(() => changes++);
    await theirs.put(record('t'));
    assert.equal((await mine.get('t'))?.accessToken, 'at-t');
    assert.ok(changes > 0);
  });

  it('re-adds its id when another window overwrote the index in between', async () => {
    const secrets = new MemorySecretStore();
    const store = new SessionStore(secrets, new CapturingLogger());
    let interfered = false;
    secrets.afterStore = (key) => {
      if (key === SESSION_INDEX_KEY && !interfered) {
        interfered = true;
        // Another window writes its own stale view right after ours.
        secrets.data.set(SESSION_INDEX_KEY, '["other"]');
      }
    };
    await store.put(record('mine'));
    assert.ok(interfered);
    assert.deepEqual(JSON.parse(secrets.data.get(SESSION_INDEX_KEY)!), ['other', 'mine']);
  });

  it('keeps client secrets only in secret storage', async () => {
    const secrets = new MemorySecretStore();
    const clientSecrets = new ClientSecrets(secrets);
    const prod = { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test', clientId: 'c1' };
    await clientSecrets.set(prod, '  s3cr3t ');
    assert.equal(await clientSecrets.get(prod), 's3cr3t');
    assert.equal(await clientSecrets.get({ ...prod, baseUrl: 'https://other.example.test' }), undefined, 'another server does not get it');
    assert.equal(await clientSecrets.get({ ...prod, clientId: 'c2' }), undefined, 'another client does not get it');
    assert.ok(![...secrets.data.values()].some((v) => v.includes('example.test')), 'the key is a digest, not the address');
    await clientSecrets.delete(prod);
    assert.equal(await clientSecrets.get(prod), undefined);
    await assert.rejects(clientSecrets.set(prod, ' '), RangeError);
  });
});
