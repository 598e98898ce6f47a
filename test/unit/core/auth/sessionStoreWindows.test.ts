import { strict as assert } from 'node:assert';
import { SESSION_INDEX_KEY, SESSION_KEY_PREFIX, SessionStore } from '../../../../src/core/auth/sessionStore';
import type { SecretStore } from '../../../../src/core/auth/seams';
import type { Disposable } from '../../../../src/core/clock';
import { CapturingLogger, MemorySecretStore, record } from './fakes';
import { prng } from '../../seededRandom';

/** Lets every pending promise and timer of the stores run until nothing moves. */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setImmediate(r));
  }
}

/** One window's view of a shared secret store: every call waits a seeded random number of turns. */
class SlowWindowStore implements SecretStore {
  constructor(
    private readonly shared: MemorySecretStore,
    private readonly rnd: () => number,
  ) {}
  private async pause(): Promise<void> {
    for (let i = Math.floor(this.rnd() * 4); i > 0; i--) {
      await new Promise((r) => setImmediate(r));
    }
  }
  async get(key: string): Promise<string | undefined> {
    await this.pause();
    const value = await this.shared.get(key);
    await this.pause();
    return value;
  }
  async store(key: string, value: string): Promise<void> {
    await this.pause();
    await this.shared.store(key, value);
  }
  async delete(key: string): Promise<void> {
    await this.pause();
    await this.shared.delete(key);
  }
  onDidChange(listener: (key: string) => void): Disposable {
    return this.shared.onDidChange(listener);
  }
}

describe('core/auth/sessionStore with several windows', () => {
  it('does not lose a session when another window writes a stale index after this one checked', async () => {
    const shared = new MemorySecretStore();
    const windowA = new SessionStore(shared, new CapturingLogger());
    const windowB = new SessionStore(shared, new CapturingLogger());
    let releaseB!: () => void;
    const bHeld = new Promise<void>((r) => (releaseB = r));
    let holding = true;
    shared.onStore = async (key, value) => {
      // B read the empty index; its write of ["b"] lands only after A wrote and re-checked ["a"].
      if (holding && key === SESSION_INDEX_KEY && value === '["b"]') {
        holding = false;
        await bHeld;
      }
    };
    const putB = windowB.put(record('b'));
    await settle();
    await windowA.put(record('a'));
    assert.deepEqual(JSON.parse(shared.data.get(SESSION_INDEX_KEY)!), ['a']);
    releaseB();
    await putB;
    await settle();
    for (const w of [windowA, windowB]) {
      assert.deepEqual((await w.list()).map((r) => r.id).sort(), ['a', 'b']);
    }
    windowA.dispose();
    windowB.dispose();
  });

  it('forgets a session signed out in another window instead of putting it back', async () => {
    const shared = new MemorySecretStore();
    const windowA = new SessionStore(shared, new CapturingLogger());
    const windowB = new SessionStore(shared, new CapturingLogger());
    await windowA.put(record('a'));
    await windowB.delete('a');
    await settle();
    assert.deepEqual(JSON.parse(shared.data.get(SESSION_INDEX_KEY)!), []);
    assert.deepEqual(await windowA.list(), []);
  });

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`three windows putting and deleting at once converge on the stored records (seed ${seed})`, async () => {
      const rnd = prng(seed);
      const shared = new MemorySecretStore();
      const windows = [0, 1, 2].map(() => new SessionStore(new SlowWindowStore(shared, rnd), new CapturingLogger()));
      const ops: Promise<void>[] = [];
      const expected = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const w = windows[Math.floor(rnd() * windows.length)];
        const id = `s${i}`;
        expected.add(id);
        ops.push(w.put(record(id)));
        if (rnd() < 0.3) {
          // The same window signs it out again later (deletes are always of sessions that exist).
          const put = ops[ops.length - 1];
          expected.delete(id);
          ops.push(put.then(() => w.delete(id)));
        }
      }
      await Promise.all(ops);
      await settle();
      const stored = [...shared.data.keys()].filter((k) => k.startsWith(SESSION_KEY_PREFIX)).map((k) => k.slice(SESSION_KEY_PREFIX.length));
      assert.deepEqual(stored.sort(), [...expected].sort());
      for (const w of windows) {
        assert.deepEqual((await w.list()).map((r) => r.id).sort(), [...expected].sort());
      }
      windows.forEach((w) => w.dispose());
    });
  }
});
