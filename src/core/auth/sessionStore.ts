import { errorMessage } from '../errors';
import type { Logger } from '../logger';
import { CorruptSessionRecordError } from './authErrors';
import { Emitter, type Event } from '../events';
import { parseStoredSession, serializeSessionRecord, type LegacySessionRecord, type SessionRecord } from './sessionRecord';
import { serverDigest, type ServerIdentity } from './serverIdentity';
import type { Disposable } from '../clock';
import type { SecretRegistration, SecretRegistry } from '../secretRegistry';
import { RegisteredSecrets } from './headerSecrets';
import type { SecretStore } from './seams';

/** Secret storage key of the list of session ids. */
export const SESSION_INDEX_KEY = 'tenantGraphql.auth.sessions';
/** Secret storage key prefix of one session record. */
export const SESSION_KEY_PREFIX = 'tenantGraphql.auth.session.';
/** Secret storage key prefix of an environment's client secret. */
const CLIENT_SECRET_KEY_PREFIX = 'tenantGraphql.auth.clientSecret.';

/** A record that could not be read and was removed; `message` is for the user. */
export interface CorruptSessionEvent {
  readonly id: string;
  readonly message: string;
}

/**
 * All sessions of all environments in secret storage: one key per session plus an index key.
 * Nothing is cached: every read goes to the store, because another window may have rotated a
 * token or signed out.
 *
 * Windows share the index, and SecretStorage has no transactions, so two windows writing it at
 * once can lose an entry (both read `[x]`, one writes `[x,a]`, the other `[x,b]`). Two rules make
 * that heal by itself: each window remembers the sessions it wrote and, whenever the index
 * changes (SecretStorage tells every window), puts back any of them that is missing while its
 * record still exists; and {@link list} drops index entries whose record is gone. So the index
 * converges to exactly the stored records as long as the writing window stays open.
 */
export class SessionStore implements Disposable {
  private readonly corruptEmitter = new Emitter<CorruptSessionEvent>();
  private readonly changeEmitter = new Emitter<void>();
  private readonly subscription: Disposable;
  private indexQueue: Promise<unknown> = Promise.resolve();
  /** Registrations of each session's tokens with the log redaction (see {@link SecretRegistry}). */
  private readonly held = new Map<string, SecretRegistration>();
  /** Sessions this window wrote and has not deleted: kept in the index by {@link repairIndex}. */
  private readonly mine = new Set<string>();
  private repairing: Promise<void> | undefined;
  private repairAgain = false;
  private disposed = false;

  /** A corrupt record was found and removed. */
  readonly onDidRemoveCorrupt: Event<CorruptSessionEvent> = this.corruptEmitter.event;
  /** A session key or the index changed in secret storage (this window or another). */
  readonly onDidChange: Event<void> = this.changeEmitter.event;

  /**
   * @param registry when given, the tokens of every record read or written are registered with
   *   it (replacing the session's earlier tokens) until the session is deleted or the store disposed.
   */
  constructor(
    private readonly secrets: SecretStore,
    private readonly logger: Logger,
    private readonly registry?: SecretRegistry,
  ) {
    this.subscription = secrets.onDidChange((key) => {
      if (key === SESSION_INDEX_KEY || key.startsWith(SESSION_KEY_PREFIX)) {
        this.changeEmitter.fire();
      }
      if (key === SESSION_INDEX_KEY && this.mine.size > 0) {
        void this.repairIndex();
      }
    });
  }

  /** Every readable session; corrupt ones are removed on the way (records of an earlier version are left for {@link legacy}). */
  async list(): Promise<SessionRecord[]> {
    const ids = await this.readIndex();
    const records: SessionRecord[] = [];
    for (const id of ids) {
      const record = await this.read(id);
      if (record?.v === 2) {
        records.push(record);
      } else if (!record) {
        await this.updateIndex((list) => list.filter((x) => x !== id));
      }
    }
    return records;
  }

  /** The stored records of an earlier version (see {@link LegacySessionRecord}), to migrate. */
  async legacy(): Promise<LegacySessionRecord[]> {
    const records: LegacySessionRecord[] = [];
    for (const id of await this.readIndex()) {
      const record = await this.read(id);
      if (record?.v === 1) {
        records.push(record);
      }
    }
    return records;
  }

  /** One session, fresh from the store; undefined when absent, of an earlier version, or corrupt (then removed). */
  async get(id: string): Promise<SessionRecord | undefined> {
    const record = await this.read(id);
    return record?.v === 2 ? record : undefined;
  }

  private async read(id: string): Promise<SessionRecord | LegacySessionRecord | undefined> {
    const text = await this.secrets.get(SESSION_KEY_PREFIX + id);
    if (text === undefined) {
      return undefined;
    }
    try {
      const record = parseStoredSession(text);
      if (record.id !== id) {
        throw new CorruptSessionRecordError('The stored session belongs to another key.');
      }
      this.hold(record);
      return record;
    } catch (err) {
      const message = `A stored sign-in could not be read and was removed (${errorMessage(err)}). Sign in again.`;
      this.logger.warn(message);
      await this.delete(id);
      this.corruptEmitter.fire({ id, message });
      return undefined;
    }
  }

  /** Writes a record (the record first, then the index, so the index never names a missing key). */
  async put(record: SessionRecord): Promise<void> {
    this.hold(record);
    this.mine.add(record.id);
    await this.secrets.store(SESSION_KEY_PREFIX + record.id, serializeSessionRecord(record));
    await this.updateIndex(
      (list) => (list.includes(record.id) ? list : [...list, record.id]),
      (list) => list.includes(record.id),
    );
  }

  /** Removes a record and its index entry. */
  async delete(id: string): Promise<void> {
    this.mine.delete(id);
    this.held.get(id)?.dispose();
    this.held.delete(id);
    await this.secrets.delete(SESSION_KEY_PREFIX + id);
    await this.updateIndex(
      (list) => list.filter((x) => x !== id),
      (list) => !list.includes(id),
    );
  }

  /**
   * Puts back into the index the sessions this window wrote that another window's write dropped
   * (their record still exists); forgets those whose record was deleted elsewhere. Runs after
   * every index change; calls that arrive while it runs make it run once more.
   */
  repairIndex(): Promise<void> {
    if (this.repairing) {
      this.repairAgain = true;
      return this.repairing;
    }
    const run = async (): Promise<void> => {
      do {
        this.repairAgain = false;
        if (this.disposed) {
          return;
        }
        const index = new Set(await this.readIndex());
        const missing: string[] = [];
        for (const id of [...this.mine].filter((x) => !index.has(x))) {
          if ((await this.secrets.get(SESSION_KEY_PREFIX + id)) === undefined) {
            this.mine.delete(id); // deleted in another window
          } else {
            missing.push(id);
          }
        }
        if (missing.length > 0) {
          this.logger.debug(`Restoring ${missing.length} sign-in(s) another window dropped from the list of stored sign-ins.`);
          await this.updateIndex((list) => [...list, ...missing.filter((id) => !list.includes(id))]);
        }
      } while (this.repairAgain);
    };
    this.repairing = run()
      .catch((err: unknown) => this.logger.warn(`Could not check the list of stored sign-ins: ${errorMessage(err)}`))
      .finally(() => (this.repairing = undefined));
    return this.repairing;
  }

  dispose(): void {
    this.disposed = true;
    this.mine.clear();
    this.held.forEach((h) => h.dispose());
    this.held.clear();
    this.subscription.dispose();
    this.corruptEmitter.dispose();
    this.changeEmitter.dispose();
  }

  private hold(record: SessionRecord | LegacySessionRecord): void {
    if (this.registry) {
      const next = this.registry.registerAll([record.accessToken, record.refreshToken]);
      this.held.get(record.id)?.dispose();
      this.held.set(record.id, next);
    }
  }

  private async readIndex(): Promise<string[]> {
    const text = await this.secrets.get(SESSION_INDEX_KEY);
    if (text === undefined) {
      return [];
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) {
        return parsed;
      }
    } catch {
      // fall through: a broken index is replaced below
    }
    this.logger.warn('The list of stored sign-ins was unreadable and has been reset.');
    await this.secrets.store(SESSION_INDEX_KEY, '[]');
    return [];
  }

  /**
   * Read-modify-write of the index, serialized within this window. Another window can write in
   * between; reading back and retrying a few times makes a lost update unlikely.
   */
  private updateIndex(change: (list: string[]) => string[], holds?: (list: string[]) => boolean): Promise<void> {
    const run = async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const current = await this.readIndex();
        const next = change(current);
        if (next.length !== current.length || next.some((x, i) => x !== current[i])) {
          await this.secrets.store(SESSION_INDEX_KEY, JSON.stringify(next));
        }
        if (!holds || holds(await this.readIndex())) {
          return;
        }
      }
    };
    const result = this.indexQueue.then(run, run);
    this.indexQueue = result.catch(() => undefined);
    return result;
  }
}

/**
 * Client secrets of confidential clients, entered through a command and kept only in secret
 * storage (never in settings), under the server's identity (its addresses and client id), so a
 * secret is only ever read for, and sent to, the token endpoint of the server it was set for.
 */
export class ClientSecrets extends RegisteredSecrets {
  get(server: ServerIdentity): Promise<string | undefined> {
    return this.read(clientSecretKey(server));
  }

  async set(server: ServerIdentity, secret: string): Promise<void> {
    if (secret.trim() === '') {
      throw new RangeError('A client secret must not be empty.');
    }
    await this.write(clientSecretKey(server), secret.trim());
  }

  delete(server: ServerIdentity): Promise<void> {
    return this.remove(clientSecretKey(server));
  }

  /**
   * Moves a secret stored by an earlier version under an environment's name to the server the
   * person's own (user-level) environment of that name points at, or deletes it when there is none.
   * Returns what was done.
   */
  async migrateNamed(name: string, server: ServerIdentity | undefined): Promise<'moved' | 'deleted' | 'none'> {
    const legacyKey = CLIENT_SECRET_KEY_PREFIX + name;
    const secret = await this.secrets.get(legacyKey);
    if (secret === undefined) {
      return 'none';
    }
    if (server && (await this.get(server)) === undefined) {
      await this.set(server, secret);
    }
    await this.secrets.delete(legacyKey);
    return server ? 'moved' : 'deleted';
  }
}

/** The secret storage key of a server's client secret (a digest of its identity). */
function clientSecretKey(server: ServerIdentity): string {
  return `${CLIENT_SECRET_KEY_PREFIX}server.${serverDigest(server)}`;
}
