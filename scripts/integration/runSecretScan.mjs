// The whole-run secret scan, after every part of the suite: every secret the runner's Sandbox issued
// or received is searched for in everything the run produced, the other server's record of what it
// received included (a credential of the person there is a leak); the other server's own secrets are
// searched everywhere but in its record. The search itself is scripts/secretScan.mjs's.
// Sandboxes that the extension starts itself ("Start Sandbox") are separate processes whose secrets are not collected here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countKinds, fetchIssuedSecrets, fileSources, searchSources } from '../secretScan.mjs';
import { log } from './lifecycle.mjs';

/** The other server's record of the requests it received (relative to the run folder): its own secrets are expected there. */
export const LISTENER_RECORD = join('listener', 'requests.jsonl');

/**
 * Excluded from the search, and only this: VS Code's SecretStorage, the one place tokens must be. In
 * code-server it is the workbench's localStorage entry "secrets.provider" (AES-GCM sealed with a key
 * made of user-data/serve-web-key-half and a browser part); everything else in the browser and on disk is searched.
 */
export const isSecretStorage = (entry) => /(^| )localStorage$/.test(entry.where) && entry.key === 'secrets.provider';

/**
 * code-server's coder.json with its `query` left out: that is the address this runner opened,
 * whose test payload carries the runner Sandbox's info the tests need (with the demo confidential
 * client's secret for the Client Credentials test). The runner put it there, not the extension.
 */
export function withoutLastQuery(file) {
  try {
    const json = JSON.parse(file.bytes.toString('utf8'));
    delete json.query;
    return { ...file, bytes: Buffer.from(JSON.stringify(json), 'utf8') };
  } catch {
    return file;
  }
}

/** The places to search: the run folder's files (coder.json without its query) and the browser's storage but SecretStorage. */
export function scanSources(files, browserEntries) {
  const coderJson = [join('user-data', 'coder.json'), join('german', 'user-data', 'coder.json'), join('chat', 'user-data', 'coder.json')];
  const searchedFiles = files.map((f) => (coderJson.includes(f.where) ? withoutLastQuery(f) : f));
  const searchedEntries = browserEntries.filter((e) => !isSecretStorage(e));
  return {
    files: searchedFiles,
    searchedEntries,
    sources: [
      ...searchedFiles,
      ...searchedEntries.map((e) => ({ where: `browser ${e.where} key ${JSON.stringify(e.key.slice(0, 120))}`, bytes: Buffer.from(`${e.key}\n${e.value}`, 'utf8') })),
    ],
  };
}

/**
 * Runs the scan and reports it. `headerSecret` is the value the headers tests stored with Set Header Secret.
 * Returns how many (place, kind) pairs were found.
 */
export async function secretScan({ tmp, sandbox, other, listenerLog, browserEntries, interop, headerSecret }) {
  // The independent pair: the access tokens its API received, the codes and refresh tokens (rotated ones too) its
  // provider issued (the provider's own events, see test/contract/interop/servers.ts) and the verifiers its token endpoint got.
  const interopTokens = [
    ...(await interop.tokens()).map(({ kind, value }) => ({ kind: `interop_${kind}`, value })),
    // The confidential client's secret: the runner hands it to the Client Credentials test, which keeps it in SecretStorage.
    { kind: 'interop_client_secret', value: interop.teamSecret },
  ];
  const secrets = [...(await fetchIssuedSecrets(sandbox.info.adminUrl, sandbox.info.adminKey)), { kind: 'header_secret', value: headerSecret }, ...interopTokens];
  const otherSecrets = await fetchIssuedSecrets(other.info.adminUrl, other.info.adminKey);
  const { files, searchedEntries, sources } = scanSources(fileSources(tmp), browserEntries);
  const findings = [
    ...searchSources(sources, secrets),
    ...searchSources(
      sources.filter((s) => s.where !== LISTENER_RECORD),
      otherSecrets,
    ),
  ];
  for (const f of findings) {
    console.error(`[integration] secret scan: ${f.count} ${f.kind} value(s) found in ${f.where}`);
  }
  const received = readFileSync(listenerLog, 'utf8').split('\n').filter(Boolean).length;
  log(
    `secret scan: ${secrets.length} secrets issued (${countKinds(secrets)}) and ${otherSecrets.length} by the other server, ${files.length} files (the other server's record of ${received} requests among them) and ${searchedEntries.length} browser storage entries searched (SecretStorage ${browserEntries.some(isSecretStorage) ? 'excluded' : 'empty'}), ${findings.length} found`,
  );
  return findings.length;
}
