// Installs the benchmark's peer, graphql-language-service-server (the GraphQL Foundation's language
// server), into .cache/peer on first use. It is not a devDependency: its dependency tree
// (graphql-config -> @graphql-tools/url-loader -> @whatwg-node/*, sync-fetch) declares Node >= 22.15,
// so keeping it in package.json made every `npm install` on Node 20 print EBADENGINE warnings. It
// runs fine on Node 20 for what the benchmark asks of it (a schema file, completion, hover).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const PEER_VERSION = '2.14.10';
const root = resolve(__dirname, '..');
export const peerDir = join(root, '.cache', 'peer');

/** Installs the pinned peer unless it is there; returns the folder to resolve it from. */
export function ensurePeer(): string {
  const marker = join(peerDir, 'node_modules', 'graphql-language-service-server', 'package.json');
  if (existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { version: string }).version === PEER_VERSION) {
    return peerDir;
  }
  const graphqlVersion = (JSON.parse(readFileSync(join(root, 'node_modules', 'graphql', 'package.json'), 'utf8')) as { version: string }).version;
  console.log(`[bench] installing the peer (graphql-language-service-server ${PEER_VERSION}) into .cache/peer, once (about 20 s)...`);
  mkdirSync(peerDir, { recursive: true });
  writeFileSync(join(peerDir, 'package.json'), JSON.stringify({ name: 'tenant-graphql-bench-peer', private: true }, null, 2));
  const r = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false', `graphql-language-service-server@${PEER_VERSION}`, `graphql@${graphqlVersion}`],
    { cwd: peerDir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status !== 0) {
    throw new Error(`could not install graphql-language-service-server ${PEER_VERSION} into .cache/peer (npm exit ${String(r.status)})`);
  }
  return peerDir;
}
