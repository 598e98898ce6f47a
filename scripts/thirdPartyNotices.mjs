// THIRD-PARTY-NOTICES.txt: the licence of every package of node_modules that esbuild put into the
// shipped bundles. The list of bundled files comes from esbuild's metafile (scripts/build.mjs writes
// it to <out>/dist/bundled-inputs.json); each package's licence text from its own LICENSE/COPYING/
// NOTICE files, else the `license` field of its package.json (said so in the notice).
// Usage: node scripts/thirdPartyNotices.mjs [<build root>] (default: the repository, after `npm run build`)
//        writes <build root>/THIRD-PARTY-NOTICES.txt. `npm run package` calls it on its stage.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The package folders (relative to the repository, e.g. `node_modules/undici`,
 * `node_modules/a/node_modules/b`) that the bundled input files belong to, sorted.
 * @param {string[]} inputs esbuild metafile input paths
 */
export function bundledPackages(inputs) {
  const dirs = new Set();
  for (const file of inputs) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file.replace(/\\/g, '/'));
    if (match) {
      dirs.add(match[1].slice(match[1].indexOf('node_modules/')));
    }
  }
  return [...dirs].sort();
}

/**
 * What the notice says about one package: name, version, licence, where it comes from, and the
 * texts of its licence files.
 * @param {string} dir absolute package folder
 */
export function packageNotice(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir)
    .filter((name) => /^(licen[cs]e|copying|notice)([.-].*)?$/i.test(name))
    .sort();
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return {
    name: manifest.name,
    version: manifest.version,
    license: typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'UNKNOWN'),
    source: repository ?? manifest.homepage,
    engines: manifest.engines?.node,
    texts: files.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8').trim() })),
  };
}

/**
 * The whole notices file for the packages bundled under `buildRoot`.
 * @param {string} buildRoot where dist/bundled-inputs.json is
 */
export function noticesText(buildRoot) {
  const inputs = JSON.parse(readFileSync(join(buildRoot, 'dist', 'bundled-inputs.json'), 'utf8'));
  const seen = new Map();
  for (const dir of bundledPackages(inputs)) {
    const notice = packageNotice(join(root, dir));
    // The same version installed twice (nested copies) is listed once.
    seen.set(`${notice.name}@${notice.version}`, notice);
  }
  const notices = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  const rule = '-'.repeat(78);
  const parts = [
    'Tenant GraphQL: third-party notices',
    '',
    "The extension bundles the following open-source packages (listed from esbuild's record of the",
    'files it bundled). Each is distributed under the licence shown, whose text follows.',
    '',
    ...notices.map((n) => `- ${n.name} ${n.version} (${n.license})`),
  ];
  for (const n of notices) {
    parts.push('', rule, `${n.name} ${n.version}`, `License: ${n.license}`);
    if (n.source) {
      parts.push(`Source: ${n.source}`);
    }
    parts.push('');
    if (n.texts.length === 0) {
      parts.push(`(The package ships no licence file; its package.json declares the ${n.license} licence.)`);
    }
    for (const t of n.texts) {
      parts.push(t.text, '');
    }
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildRoot = resolve(process.argv[2] ?? root);
  if (!existsSync(join(buildRoot, 'dist', 'bundled-inputs.json'))) {
    console.error(`[notices] ${join(buildRoot, 'dist', 'bundled-inputs.json')} is missing: build first (npm run build)`);
    process.exit(1);
  }
  const text = noticesText(buildRoot);
  writeFileSync(join(buildRoot, 'THIRD-PARTY-NOTICES.txt'), text);
  console.log(`[notices] ${join(buildRoot, 'THIRD-PARTY-NOTICES.txt')}: ${(text.length / 1024).toFixed(0)} KB`);
}
