/**
 * What a repository's settings may do to the person's environments: add, never weaken.
 *
 * A workspace's (or folder's) entry of `tenantGraphql.environments` that shares a name or a server
 * identity with one of the person's entries is merged with it: the person's guards win (`readOnly`
 * and `confirmMutations` are the strictest of the entries involved), and everything else the
 * workspace's entry says is listed as a change the person must allow. Approval covers the entry's
 * content ({@link environmentDigest}), so a changed entry (a `git pull`) is asked about again.
 */
import { createHash } from 'node:crypto';
import type { Environment, OverlayChange, WorkspaceOverlay } from './environments';
import { normaliseServerUrl, sameServer } from './serverIdentity';

/** The fields compared one by one beside the server, the guards, the headers and the parameters. */
const OTHER_FIELDS = ['scopes', 'redirectMode', 'loopbackPort', 'clientType', 'issuer', 'offlineAccess', 'resource', 'authHeader'] as const;

/**
 * The environments to work with: the person's (`user`), each replaced by the workspace's entry of
 * the same name when that entry changes anything, then the workspace's other entries. A workspace
 * entry that shares a name or a server with one of the person's gets the strictest guards of them
 * all and an {@link Environment.overlay} naming its changes; one that changes nothing leaves the
 * person's entry in place (nothing to ask). `workspace` entries are the repository's (origin
 * `workspace`), with unique names.
 */
export function mergeEnvironments(user: readonly Environment[], workspace: readonly Environment[]): Environment[] {
  const merged = new Map(workspace.map((w) => [w.name, mergeOne(w, user)]));
  return [...user.map((u) => merged.get(u.name) ?? u), ...[...merged.values()].filter((e) => !user.some((u) => u.name === e.name))];
}

function mergeOne(w: Environment, user: readonly Environment[]): Environment {
  const named = user.find((u) => u.name === w.name);
  const onServer = user.filter((u) => sameServer(u, w));
  const yours = named ?? onServer[0];
  if (!yours) {
    return w;
  }
  // Every entry of the person's that this one stands for: by name (it takes its place) and by server (it uses its sign-in).
  const guards = [w, ...new Set([...(named ? [named] : []), ...onServer])];
  const candidate: Environment = {
    ...w,
    readOnly: guards.some((e) => e.readOnly),
    confirmMutations: guards.some((e) => e.confirmMutations),
  };
  if (named && environmentDigest(candidate) === environmentDigest(named)) {
    return named; // the repository adds nothing: the person's own entry, no question
  }
  const overlay: WorkspaceOverlay = { yours: yours.name, sameName: named !== undefined, sameServer: sameServer(yours, w), changes: changesOf(yours, w, candidate) };
  return Object.freeze({ ...candidate, overlay: Object.freeze(overlay) });
}

/** What `merged` (the workspace's entry `w` with the guards applied) changes in the person's `yours`. */
function changesOf(yours: Environment, w: Environment, merged: Environment): OverlayChange[] {
  const changes: OverlayChange[] = [];
  if (yours.name === w.name && !sameServer(yours, w)) {
    changes.push({ kind: 'server' });
  }
  changes.push(...mapChanges(yours.headers, merged.headers, 'header'));
  const [mine, theirs] = [yours.secretHeaders ?? [], merged.secretHeaders ?? []];
  changes.push(
    ...theirs.filter((h) => !mine.includes(h)).map((name) => ({ kind: 'secretHeaderAdded' as const, name })),
    ...mine.filter((h) => !theirs.includes(h)).map((name) => ({ kind: 'secretHeaderRemoved' as const, name })),
  );
  changes.push(...mapChanges(yours.authorizeParameters, merged.authorizeParameters, 'parameter'));
  for (const [guard, kept, on] of [
    ['readOnly', 'readOnlyKept', 'readOnlyOn'],
    ['confirmMutations', 'confirmMutationsKept', 'confirmMutationsOn'],
  ] as const) {
    if (yours[guard] && !w[guard]) {
      changes.push({ kind: kept });
    } else if (!yours[guard] && merged[guard]) {
      changes.push({ kind: on });
    }
  }
  const a = normalisedContent(yours);
  const b = normalisedContent(merged);
  const fields = OTHER_FIELDS.filter((f) => canonicalJson(a[f]) !== canonicalJson(b[f]));
  if (fields.length > 0) {
    changes.push({ kind: 'fields', fields });
  }
  return changes;
}

/**
 * Added, changed and removed keys of a header or parameter map. Names compare exactly, as the
 * digest does: a header that only changes case is named as removed and added.
 */
function mapChanges<K extends 'header' | 'parameter'>(
  before: Readonly<Record<string, string>> | undefined,
  after: Readonly<Record<string, string>> | undefined,
  kind: K,
): OverlayChange[] {
  const index = (map: Readonly<Record<string, string>> | undefined) => new Map(Object.entries(map ?? {}).map(([name, value]) => [name, { name, value }]));
  const [was, is] = [index(before), index(after)];
  const out: { kind: `${K}${'Added' | 'Changed' | 'Removed'}`; name: string }[] = [];
  for (const [key, { name, value }] of is) {
    const old = was.get(key);
    if (!old) {
      out.push({ kind: `${kind}Added`, name });
    } else if (old.value !== value) {
      out.push({ kind: `${kind}Changed`, name });
    }
  }
  for (const [key, { name }] of was) {
    if (!is.has(key)) {
      out.push({ kind: `${kind}Removed`, name });
    }
  }
  return out as OverlayChange[];
}

/**
 * The content of an entry in one canonical form: everything that decides where requests go and
 * what they carry (addresses, client, scopes, sign-in options, headers, parameters, guards) and its
 * name; not where it was defined. Addresses normalised as for the server identity, lists that are
 * sets sorted. Header names keep their case: two names that differ only in case are two entries
 * (both are sent), and folding them could hide a change of one of them.
 */
function normalisedContent(env: Environment): Record<string, unknown> {
  const url = (text: string) => {
    try {
      return normaliseServerUrl(text);
    } catch {
      return text;
    }
  };
  return {
    name: env.name,
    authUrl: url(env.authUrl),
    baseUrl: url(env.baseUrl),
    clientId: env.clientId,
    scopes: [...env.scopes].sort(),
    redirectMode: env.redirectMode,
    loopbackPort: env.loopbackPort,
    clientType: env.clientType,
    confirmMutations: env.confirmMutations,
    readOnly: env.readOnly,
    issuer: env.issuer ?? null,
    offlineAccess: env.offlineAccess ?? false,
    authorizeParameters: { ...(env.authorizeParameters ?? {}) },
    resource: env.resource ?? null,
    authHeader: env.authHeader ? { name: env.authHeader.name, scheme: env.authHeader.scheme } : null,
    headers: { ...(env.headers ?? {}) },
    secretHeaders: [...(env.secretHeaders ?? [])].sort(),
  };
}

/** JSON with the keys of every object sorted: the same content gives the same text whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A digest of an entry's content (SHA-256 of its canonical form, hex): the same for the same
 * content in any key order, different when any field that decides where requests go or what they
 * carry differs. An approval of a workspace's entry is kept with it.
 */
export function environmentDigest(env: Environment): string {
  return createHash('sha256')
    .update(canonicalJson(normalisedContent(env)))
    .digest('hex');
}

/** How many approved contents are kept per workspace and server (the newest). */
const KEPT_APPROVALS = 8;

/**
 * The contents (digests) approved for one workspace and server, as stored. Earlier versions
 * stored `true` (per workspace and server, whatever the entry said): that covers no content.
 */
export function approvedDigests(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((d): d is string => typeof d === 'string') : [];
}

/** The stored value after the person approved `digest` (an approval of an earlier version is dropped). */
export function withApproval(stored: unknown, digest: string): string[] {
  return [...approvedDigests(stored).filter((d) => d !== digest), digest].slice(-KEPT_APPROVALS);
}
