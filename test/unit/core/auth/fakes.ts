import { createHash } from 'node:crypto';
import type { Logger } from '../../../../src/core/logger';
import type { Environment } from '../../../../src/core/auth/environments';
import type { SessionRecord } from '../../../../src/core/auth/sessionRecord';
import type { Clock, Disposable, Timers } from '../../../../src/core/clock';
import type { SecretStore } from '../../../../src/core/auth/seams';

/** In-memory SecretStorage; `onStore` lets a test hold a write. */
export class MemorySecretStore implements SecretStore {
  readonly data = new Map<string, string>();
  private listeners = new Set<(key: string) => void>();
  writes: string[] = [];
  onStore?: (key: string, value: string) => Promise<void>;
  afterStore?: (key: string) => void;

  async get(key: string): Promise<string | undefined> {
    return this.data.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    await this.onStore?.(key, value);
    this.writes.push(key);
    this.data.set(key, value);
    this.afterStore?.(key);
    this.fire(key);
  }
  async delete(key: string): Promise<void> {
    this.data.delete(key);
    this.fire(key);
  }
  onDidChange(listener: (key: string) => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
  private fire(key: string): void {
    for (const l of this.listeners) {
      l(key);
    }
  }
}

/** A clock that moves only when told. */
export class FakeClock implements Clock {
  constructor(public time = Date.UTC(2025, 0, 1)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Timers fired by hand. */
export class ManualTimers implements Timers {
  readonly scheduled: { callback: () => void; ms: number; disposed: boolean }[] = [];
  setTimeout(callback: () => void, ms: number): Disposable {
    const entry = { callback, ms, disposed: false };
    this.scheduled.push(entry);
    return { dispose: () => (entry.disposed = true) };
  }
  fireAll(): void {
    for (const e of this.scheduled) {
      if (!e.disposed) {
        e.disposed = true;
        e.callback();
      }
    }
  }
  get active(): number {
    return this.scheduled.filter((e) => !e.disposed).length;
  }
}

/** Logger that keeps every line. */
export class CapturingLogger implements Logger {
  readonly lines: string[] = [];
  trace(m: string): void {
    this.lines.push(`trace ${m}`);
  }
  debug(m: string): void {
    this.lines.push(`debug ${m}`);
  }
  info(m: string): void {
    this.lines.push(`info ${m}`);
  }
  warn(m: string): void {
    this.lines.push(`warn ${m}`);
  }
  error(m: string | Error): void {
    this.lines.push(`error ${typeof m === 'string' ? m : (m.stack ?? m.message)}`);
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/** An unsigned JWT-shaped token with the Service's claims (the client never verifies it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(claims)}.c2lnbmF0dXJl`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A token response like the Service's. */
export function tokenBody(overrides: Record<string, unknown> = {}, claims: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token_type: 'bearer',
    expires_in: 3600,
    access_token: fakeJwt({ sub: 'alice', scope: 'tasks:read,files:read', groups: ['g1'], ...claims }),
    refresh_token: `rt-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

/** An environment pointing both addresses at a loopback server. */
export function testEnv(baseUrl: string, overrides: Partial<Environment> = {}): Environment {
  return {
    name: 'test',
    origin: 'user',
    authUrl: 'https://auth.example.test',
    baseUrl,
    clientId: 'client-1',
    scopes: ['tasks:read', 'files:read'],
    redirectMode: 'uriHandler',
    loopbackPort: 0,
    clientType: 'public',
    confirmMutations: true,
    readOnly: false,
    ...overrides,
  };
}

/** A stored session record for tests. */
export function record(id: string, overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    v: 2,
    id,
    environment: 'test',
    server: { authUrl: 'https://auth.example.test', baseUrl: 'https://api.example.test', clientId: 'client-1' },
    kind: 'user',
    accessToken: `at-${id}`,
    refreshToken: `rt-${id}`,
    expiresAt: 1_000_000,
    refreshExpiresAt: 2_000_000,
    scopes: ['a'],
    account: { id: 'alice', label: 'alice' },
    createdAt: 1,
    ...overrides,
  };
}
