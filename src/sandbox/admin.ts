import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseFaultSpec } from './faults';
import { isLoopback, readBody, remoteAddress, sendJson } from './http';
import { IpAllowlist } from './ipAllowlist';
import { isSandboxSchemaVersion, SANDBOX_SCHEMA_VERSIONS } from './schemaVersions';
import type { SandboxState } from './state';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req, 64 * 1024);
  const json: unknown = text.trim() === '' ? {} : JSON.parse(text);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('The body must be a JSON object.');
  }
  return json as Record<string, unknown>;
}

function positiveInt(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new Error(`"${name}" must be a positive integer.`);
  }
  return v;
}

type Route = (state: SandboxState, req: IncomingMessage) => Promise<[status: number, body: unknown]>;

const routes: Record<string, Route> = {
  'GET /admin/info': async (state) => [200, { authUrl: state.authUrl, baseUrl: state.baseUrl, now: state.clock.now() }],
  'GET /admin/faults': async (state) => [200, { faults: state.faults.list() }],
  'POST /admin/faults': async (state, req) => {
    state.faults.inject(parseFaultSpec(await readJson(req)));
    return [201, { faults: state.faults.list() }];
  },
  'DELETE /admin/faults': async (state) => {
    state.faults.clear();
    return [200, { faults: [] }];
  },
  'GET /admin/request-headers': async (state) => [200, { requests: state.recentHeaders, total: state.headersReceived }],
  'GET /admin/clock': async (state) => [200, { now: state.clock.now() }],
  'POST /admin/clock': async (state, req) => {
    const body = await readJson(req);
    if (typeof body.advanceMs !== 'number' || !Number.isFinite(body.advanceMs) || body.advanceMs < 0) {
      throw new Error('"advanceMs" must be a non-negative number.');
    }
    state.clock.advance(body.advanceMs);
    return [200, { now: state.clock.now() }];
  },
  'POST /admin/redirect-uris': async (state, req) => {
    const body = await readJson(req);
    if (typeof body.clientId !== 'string' || typeof body.uri !== 'string') {
      throw new Error('Send { "clientId": string, "uri": string }.');
    }
    state.registerRedirectUri(body.clientId, body.uri);
    return [201, { clientId: body.clientId, redirectUris: state.client(body.clientId)?.redirectUris ?? [] }];
  },
  'POST /admin/ip-allowlist': async (state, req) => {
    const body = await readJson(req);
    if (!Array.isArray(body.cidrs) || !body.cidrs.every((c) => typeof c === 'string')) {
      throw new Error('Send { "cidrs": ["127.0.0.0/8", ...] }.');
    }
    state.allowlist = new IpAllowlist(body.cidrs as string[]);
    return [200, { cidrs: state.allowlist.cidrs }];
  },
  'POST /admin/rate-limit': async (state, req) => {
    const body = await readJson(req);
    state.rateLimiter.configure(positiveInt(body.limit, 'limit'), positiveInt(body.windowMs, 'windowMs'));
    return [200, state.rateLimiter.settings];
  },
  'GET /admin/consents': async (state) => [200, { consents: state.listConsents(), signedInBrowsers: state.sessions.size }],
  'DELETE /admin/consents': async (state, req) => {
    const body = await readJson(req);
    const filter: { userId?: string; clientId?: string } = {};
    for (const key of ['userId', 'clientId'] as const) {
      const v = body[key];
      if (v !== undefined && typeof v !== 'string') {
        throw new Error(`"${key}" must be a string.`);
      }
      if (typeof v === 'string') {
        filter[key] = v;
      }
    }
    const forgotten = state.forgetConsents(filter);
    return [200, { forgotten, consents: state.listConsents(), signedInBrowsers: state.sessions.size }];
  },
  // Test support (the whole-run secret scan): every secret value this Sandbox issued or received,
  // and the secrets of its confidential clients. Loopback and the admin key only, like every admin route.
  'GET /admin/issued-secrets': async (state) => [
    200,
    {
      secrets: [...state.tenant.clients.flatMap((c) => (c.clientSecret === undefined ? [] : [{ kind: 'client_secret', value: c.clientSecret }])), ...state.tokens.issued.list()],
    },
  ],
  // Schema changes: serve another version of the schema (1 is the default; see schemaVersions.ts).
  'GET /admin/schema': async (state) => [200, { version: state.schemaVersion, versions: SANDBOX_SCHEMA_VERSIONS }],
  'POST /admin/schema': async (state, req) => {
    const body = await readJson(req);
    if (!isSandboxSchemaVersion(body.version)) {
      throw new Error(`"version" must be one of ${SANDBOX_SCHEMA_VERSIONS.join(', ')}.`);
    }
    state.setSchemaVersion(body.version);
    return [200, { version: state.schemaVersion, versions: SANDBOX_SCHEMA_VERSIONS }];
  },
  'GET /admin/stats': async (state) => [200, state.snapshotStats()],
  'POST /admin/reset': async (state) => {
    state.reset();
    return [200, { reset: true }];
  },
};

/** The request header that carries the admin key. */
export const ADMIN_KEY_HEADER = 'x-sandbox-admin-key';

/** The environment variable the CLI reads the admin key from (with `--admin`); never argv, which `ps` shows. */
export const ADMIN_KEY_ENV = 'TENANT_GRAPHQL_SANDBOX_ADMIN_KEY';

/** The shortest admin key accepted: a per-run random value, not a password somebody picks. */
export const ADMIN_KEY_MIN_LENGTH = 32;

/** Compares two keys in time that does not depend on where they differ (digests of equal length). */
function sameKey(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The admin endpoint under `{base_url}/admin/`: test machinery, so it exists only when the Sandbox
 * was started with an admin key (the server answers 404 otherwise, as for any unknown path). JSON
 * in and out, loopback peers only, the key in the `X-Sandbox-Admin-Key` header on every request;
 * never subject to faults, rate limits or the allowlist.
 */
export async function handleAdmin(state: SandboxState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (!isLoopback(remoteAddress(req))) {
    sendJson(res, 403, { error: 'The admin endpoint only answers loopback peers.' });
    return;
  }
  const expected = state.adminKey;
  const given = req.headers[ADMIN_KEY_HEADER];
  if (expected === undefined || typeof given !== 'string' || given === '') {
    sendJson(res, 401, { error: `The admin endpoint needs the key of this run in the ${ADMIN_KEY_HEADER} header.` }, { 'WWW-Authenticate': 'SandboxAdminKey' });
    return;
  }
  if (!sameKey(given, expected)) {
    sendJson(res, 403, { error: 'Wrong admin key.' });
    return;
  }
  const route = routes[`${req.method ?? ''} ${path.replace(/\/+$/, '')}`];
  if (!route) {
    const known = Object.keys(routes).some((k) => k.endsWith(` ${path.replace(/\/+$/, '')}`));
    sendJson(res, known ? 405 : 404, { error: known ? 'Method not allowed here.' : 'Unknown admin route.', routes: Object.keys(routes) });
    return;
  }
  try {
    const [status, body] = await route(state, req);
    sendJson(res, status, body);
  } catch (err) {
    sendJson(res, 400, { error: (err as Error).message });
  }
}
