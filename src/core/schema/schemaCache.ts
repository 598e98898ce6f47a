/**
 * The on-disk schema cache: one file per environment holding the last good introspection, so the
 * language features work offline from the start and a failed refresh keeps the last good schema.
 *
 * File layout (JSON, members in this order, `introspection` last):
 * `{ "v": 1, "environment": "...", "fetchedAt": "<ISO time>", "sha256": "<hex>", ["validatedWith": "<graphql version>",] "introspection": {"__schema": ...} }`
 * `sha256` is the hash of the exact `introspection` JSON text in the file, so corruption is
 * detected without re-serialising 5 MB, and callers can tell whether a refresh changed anything.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { version as graphqlVersion, type IntrospectionQuery } from 'graphql';
import { writeFileAtomically } from '../atomicFile';
import { introspectionPayload, schemaFromIntrospection, type LoadedSchema } from './loadSchema';
import { yieldToEventLoop, type Yield } from '../timeSlicer';
import { parseIntrospectionInSlices, stringifyIntrospectionInSlices } from './introspectionInSlices';

/** Version of the cache record format. */
const SCHEMA_CACHE_VERSION = 1;

/** One cache record, as stored. */
export interface SchemaCacheRecord {
  readonly v: 1;
  /** The environment (tenant / Sandbox) the schema belongs to. */
  readonly environment: string;
  /** When the introspection was fetched, ISO 8601. */
  readonly fetchedAt: string;
  /** SHA-256 (hex) of the introspection JSON text. */
  readonly sha256: string;
  /** The introspection payload, `{ __schema }`. */
  readonly introspection: IntrospectionQuery;
  /**
   * The graphql version whose validateSchema found no error in this introspection, when one did
   * (written after a refresh; a load with the same graphql skips validating again).
   */
  readonly validatedWith?: string;
}

/** Outcome of reading the cache: a record, nothing there, or something unusable and why. */
export type SchemaCacheRead =
  | { readonly status: 'hit'; readonly record: SchemaCacheRecord; readonly file: string }
  | { readonly status: 'missing'; readonly file: string }
  | { readonly status: 'corrupt'; readonly reason: string; readonly file: string };

/** The cache file of an environment inside `dir` (the name is safe for any environment id). */
export function schemaCacheFile(dir: string, environment: string): string {
  const slug =
    environment
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'env';
  const hash = createHash('sha256').update(environment).digest('hex').slice(0, 12);
  return path.join(dir, `schema-${slug}-${hash}.json`);
}

/** Bytes read for a cache record's header alone: it is a few hundred, the introspection follows. */
const HEADER_BYTES = 64 * 1024;

/**
 * The version (sha256) a cache record's header names, from the record's first bytes; undefined
 * when they do not start a record of this format. Not a check of the record (its payload is not read).
 */
export function schemaCacheHeaderVersion(bytes: Buffer): string | undefined {
  const at = bytes.indexOf(INTROSPECTION_KEY);
  if (at < 0) {
    return undefined;
  }
  try {
    const head: unknown = JSON.parse(`${bytes.toString('utf8', 0, at)}}`);
    return isRecord(head) && head.v === SCHEMA_CACHE_VERSION && typeof head.sha256 === 'string' ? head.sha256 : undefined;
  } catch {
    return undefined;
  }
}

/** The version the cache file of `environment` names, read from its header only; undefined when there is none. */
export async function schemaCacheVersion(dir: string, environment: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(schemaCacheFile(dir, environment), 'r');
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    return schemaCacheHeaderVersion(buffer.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** SHA-256 (hex) of bytes, a megabyte at a time with the thread yielded in between. */
async function sha256InSlices(bytes: Uint8Array, yieldThread: Yield): Promise<string> {
  const hash = createHash('sha256');
  for (let i = 0; i < bytes.length; i += HASH_CHUNK) {
    hash.update(bytes.subarray(i, Math.min(bytes.length, i + HASH_CHUNK)));
    await yieldThread();
  }
  return hash.digest('hex');
}

const INTROSPECTION_KEY = ',"introspection":';
/** Bytes hashed between two yields (a few ms). */
const HASH_CHUNK = 1024 * 1024;

/**
 * Writes the cache record of `environment` atomically (temporary file, then rename) and returns
 * it. `introspection` may be the response (`{ data: { __schema } }`), the payload or JSON text.
 */
export async function writeSchemaCache(
  dir: string,
  environment: string,
  introspection: unknown,
  fetchedAt: Date = new Date(),
  options: { readonly valid?: boolean; readonly yieldThread?: Yield } = {},
): Promise<SchemaCacheRecord> {
  const yieldThread = options.yieldThread ?? yieldToEventLoop;
  const payload = introspectionPayload(introspection);
  // Stringified and hashed in slices, so no step holds the thread long: the same text as JSON.stringify(payload).
  const payloadText = await stringifyIntrospectionInSlices(payload, yieldThread);
  const sha256 = await sha256InSlices(Buffer.from(payloadText), yieldThread);
  const validated = options.valid === true ? { validatedWith: graphqlVersion } : {};
  const head = JSON.stringify({ v: SCHEMA_CACHE_VERSION, environment, fetchedAt: fetchedAt.toISOString(), sha256, ...validated });
  const text = `${head.slice(0, -1)}${INTROSPECTION_KEY}${payloadText}}`;
  await writeFileAtomically(schemaCacheFile(dir, environment), text);
  return { v: SCHEMA_CACHE_VERSION, environment, fetchedAt: fetchedAt.toISOString(), sha256, introspection: payload, ...validated };
}

/**
 * Reads the cache record of `environment`. A file that is unreadable, not in this format, for
 * another environment or whose hash does not match is reported as `corrupt` with the reason,
 * never thrown: the caller falls back to introspection.
 */
export async function readSchemaCache(
  dir: string,
  environment: string,
  yieldThread: Yield = yieldToEventLoop,
  options: { readonly inOneGo?: boolean } = {},
): Promise<SchemaCacheRead> {
  const file = schemaCacheFile(dir, environment);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { status: 'missing', file };
    }
    return { status: 'corrupt', reason: `cannot read the cache file: ${(err as Error).message}`, file };
  }
  return schemaCacheRecordOf(bytes, environment, file, yieldThread, options);
}

/**
 * The cache record in the bytes of a cache file (`file`: for the answer): what
 * {@link readSchemaCache} answers once the file is read (the language worker keeps a version's
 * bytes, compressed, to build it again after the file holds the next one).
 */
export async function schemaCacheRecordOf(
  bytes: Buffer,
  environment: string,
  file: string,
  yieldThread: Yield = yieldToEventLoop,
  options: { readonly inOneGo?: boolean } = {},
): Promise<SchemaCacheRead> {
  const corrupt = (reason: string): SchemaCacheRead => ({ status: 'corrupt', reason, file });
  // Work on bytes: the 5 MB payload is hashed where it lies and decoded once, for JSON.parse.
  const at = bytes.indexOf(INTROSPECTION_KEY);
  let last = bytes.length - 1;
  while (last >= 0 && (bytes[last] === 0x20 || bytes[last] === 0x0a || bytes[last] === 0x0d || bytes[last] === 0x09)) {
    last--;
  }
  if (at < 0 || bytes[last] !== 0x7d) {
    return corrupt('the cache file is not a schema cache record (truncated or edited)');
  }
  let head: unknown;
  try {
    head = JSON.parse(`${bytes.toString('utf8', 0, at)}}`);
  } catch {
    return corrupt('the cache record header is not valid JSON');
  }
  if (!isRecord(head) || head.v !== SCHEMA_CACHE_VERSION) {
    return corrupt(`unsupported cache record version ${isRecord(head) ? String(head.v) : '?'}`);
  }
  if (head.environment !== environment) {
    return corrupt(`the cache file belongs to another environment (${String(head.environment)})`);
  }
  if (typeof head.fetchedAt !== 'string' || Number.isNaN(Date.parse(head.fetchedAt)) || typeof head.sha256 !== 'string') {
    return corrupt('the cache record has no valid fetchedAt or sha256');
  }
  const payload = bytes.subarray(at + Buffer.byteLength(INTROSPECTION_KEY), last);
  // Hashed and parsed in slices, the thread yielded in between (one JSON.parse of 5 MB
  // is a 40-90 ms block). `inOneGo` (a worker thread, which holds nothing else up): in one go, the
  // same value with no scan of the bytes for the slices (5 MB: about 20 ms instead of 50).
  const sha256 = options.inOneGo ? createHash('sha256').update(payload).digest('hex') : await sha256InSlices(payload, yieldThread);
  if (sha256 !== head.sha256) {
    return corrupt('the cached introspection does not match its sha256 (the file is damaged)');
  }
  let introspection: unknown;
  try {
    introspection = options.inOneGo ? (JSON.parse(payload.toString('utf8')) as unknown) : await parseIntrospectionInSlices(payload, yieldThread);
  } catch {
    return corrupt('the cached introspection is not valid JSON');
  }
  if (!isRecord(introspection) || !isRecord(introspection.__schema)) {
    return corrupt('the cached introspection has no __schema');
  }
  return {
    status: 'hit',
    file,
    record: {
      v: SCHEMA_CACHE_VERSION,
      environment,
      fetchedAt: head.fetchedAt,
      sha256: head.sha256,
      introspection: introspection as unknown as IntrospectionQuery,
      ...(typeof head.validatedWith === 'string' ? { validatedWith: head.validatedWith } : {}),
    },
  };
}

/** What to do with a cached schema: none cached, use it, or use it and refresh in the background. */
export type SchemaCacheFreshness = 'missing' | 'fresh' | 'stale';

/**
 * Decides whether a cached schema is still fresh. A record older than `ttlMs`, or dated more than
 * five minutes in the future (a clock that jumped), is `stale`: use it now, refresh in background.
 */
export function schemaCacheFreshness(record: Pick<SchemaCacheRecord, 'fetchedAt'> | undefined, nowMs: number, ttlMs: number): SchemaCacheFreshness {
  if (!record) {
    return 'missing';
  }
  const fetched = Date.parse(record.fetchedAt);
  if (Number.isNaN(fetched)) {
    return 'stale';
  }
  const age = nowMs - fetched;
  return age < -5 * 60_000 || age >= ttlMs ? 'stale' : 'fresh';
}

/** A schema loaded from the cache, with its record. */
export interface CachedSchema extends LoadedSchema {
  readonly record: SchemaCacheRecord;
}

/**
 * Reads the cache and builds the schema: the start-up path that makes the language features work
 * offline. Returns the reason instead of throwing when there is no usable cache.
 */
export async function loadSchemaFromCache(
  dir: string,
  environment: string,
): Promise<{ readonly ok: true; readonly value: CachedSchema } | { readonly ok: false; readonly reason: string }> {
  return schemaFromCacheRead(await readSchemaCache(dir, environment));
}

/** The schema of a cache record read by {@link readSchemaCache} or {@link schemaCacheRecordOf}, as {@link loadSchemaFromCache} builds it. */
export async function schemaFromCacheRead(read: SchemaCacheRead): Promise<{ readonly ok: true; readonly value: CachedSchema } | { readonly ok: false; readonly reason: string }> {
  if (read.status === 'missing') {
    return { ok: false, reason: 'no cached schema for this environment' };
  }
  if (read.status === 'corrupt') {
    return { ok: false, reason: `cached schema ignored: ${read.reason}` };
  }
  try {
    // Validated when it was written, by this graphql: not again (validateSchema is a block of its own).
    const loaded = await schemaFromIntrospection(read.record.introspection, undefined, { assumeValid: read.record.validatedWith === graphqlVersion });
    return { ok: true, value: { ...loaded, record: read.record } };
  } catch (err) {
    return { ok: false, reason: `cached schema ignored: ${(err as Error).message}` };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
