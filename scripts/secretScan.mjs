// The whole-run secret scan: after the integration suite, every file the run produced
// (logs, settings, workspace files, VS Code's storage databases) and the browser-side storage of the
// workbench (where VS Code in a browser keeps globalState, workspaceState and webview state) are
// searched for every secret the Sandbox issued or received during the run. Reports where (file and
// kind), never the value.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Secrets issued or received by the Sandbox at `adminUrl` (its admin key in `adminKey`): [{ kind, value }]. */
export async function fetchIssuedSecrets(adminUrl, adminKey) {
  const res = await fetch(`${adminUrl}/issued-secrets`, { headers: { 'x-sandbox-admin-key': adminKey } });
  if (!res.ok) {
    throw new Error(`GET ${adminUrl}/issued-secrets answered ${res.status}`);
  }
  return (await res.json()).secrets;
}

/** Base64 of `value` as it appears inside a longer encoded text, at each of the 3 alignments. */
function base64Needles(value, alphabet) {
  const out = [];
  for (let pad = 0; pad < 3; pad += 1) {
    const encoded = Buffer.concat([Buffer.alloc(pad), Buffer.from(value, 'utf8')])
      .toString(alphabet)
      .replace(/=+$/, '');
    // Drop the characters that also carry bits of what comes before or after.
    const start = pad === 0 ? 0 : 4;
    const end = encoded.length - (encoded.length % 4 === 0 ? 0 : 4);
    if (end - start >= 16) {
      out.push(encoded.slice(start, end));
    }
  }
  return out;
}

/** The byte strings that mean `value` is present: raw, URL-encoded, JSON-escaped, base64, base64url, UTF-16. */
export function needlesFor(value) {
  const texts = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), ...base64Needles(value, 'base64'), ...base64Needles(value, 'base64url')]);
  const needles = [...texts].map((t) => Buffer.from(t, 'utf8'));
  needles.push(Buffer.from(value, 'utf16le')); // browser storage and some SQLite pages
  return needles;
}

/** Every regular file under `dir` (symbolic links are not followed). */
export function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        walk(p);
      } else if (e.isFile()) {
        out.push(p);
      }
    }
  };
  walk(dir);
  return out;
}

/**
 * Searches `sources` ([{ where, bytes }]) for every needle of every secret.
 * @returns {{ where: string, kind: string }[]} one finding per source and secret kind found
 */
export function searchSources(sources, secrets) {
  const prepared = secrets.map((s) => ({ kind: s.kind, needles: needlesFor(s.value) }));
  const findings = [];
  for (const { where, bytes } of sources) {
    const kinds = new Map();
    for (const s of prepared) {
      if (s.needles.some((n) => bytes.indexOf(n) >= 0)) {
        kinds.set(s.kind, (kinds.get(s.kind) ?? 0) + 1);
      }
    }
    for (const [kind, count] of kinds) {
      findings.push({ where, kind, count });
    }
  }
  return findings;
}

/** The files under `root` as scan sources, minus those `exclude(relativePath)` says to skip. */
export function fileSources(root, exclude = () => false) {
  const sources = [];
  for (const file of listFiles(root)) {
    const rel = relative(root, file);
    if (exclude(rel)) {
      continue;
    }
    try {
      if (lstatSync(file).isFile()) {
        sources.push({ where: rel, bytes: readFileSync(file) });
      }
    } catch {
      // gone meanwhile (a lock file): nothing to search
    }
  }
  return sources;
}

/**
 * Runs in the workbench page: every localStorage entry and every IndexedDB record of the page's
 * origin, as [{ where, key, value }] with values as text.
 */
/* global indexedDB -- runs in the page */
export async function dumpBrowserStorage() {
  const text = (v) => {
    if (typeof v === 'string') {
      return v;
    }
    if (v instanceof Uint8Array || v instanceof ArrayBuffer) {
      return new TextDecoder().decode(v);
    }
    try {
      return JSON.stringify(v, (_k, x) => (x instanceof Uint8Array ? new TextDecoder().decode(x) : x));
    } catch {
      return String(v);
    }
  };
  const done = (request) =>
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const out = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    out.push({ where: 'localStorage', key, value: localStorage.getItem(key) ?? '' });
  }
  for (const { name } of await indexedDB.databases()) {
    const db = await done(indexedDB.open(name));
    for (const store of db.objectStoreNames) {
      const objects = db.transaction(store, 'readonly').objectStore(store);
      const [keys, values] = await Promise.all([done(objects.getAllKeys()), done(objects.getAll())]);
      keys.forEach((key, i) => out.push({ where: `indexedDB ${name}/${store}`, key: text(key), value: text(values[i]) }));
    }
    db.close();
  }
  return out;
}

/** "3 access, 2 refresh, ..." counts by kind. */
export function countKinds(secrets) {
  const n = (kind) => secrets.filter((s) => s.kind === kind).length;
  const known = ['access_token', 'refresh_token', 'authorization_code', 'code_verifier', 'state', 'client_secret'];
  // Any other kind (a header secret, the independent pair's tokens) by its own name.
  const others = [...new Set(secrets.map((s) => s.kind).filter((k) => !known.includes(k)))].map((k) => `, ${n(k)} ${k}`).join('');
  return `${n('access_token')} access, ${n('refresh_token')} refresh, ${n('authorization_code')} codes, ${n('code_verifier')} verifiers, ${n('state')} states, ${n('client_secret')} client secrets${others}`;
}
