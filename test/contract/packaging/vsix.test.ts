/**
 * `npm run package` builds a VSIX that holds what the extension needs and nothing else: no source
 * maps, no sources, tests or screenshots; the README inside links no image it does not ship.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { bundledPackages, packageNotice } from '../../../scripts/thirdPartyNotices.mjs';

const root = resolve(__dirname, '..', '..', '..');
/** The size the package must stay under (1.2 MB with the types worker's bundle, GraphQL Code Generator). */
const MAX_VSIX_BYTES = 1200 * 1024;

interface ZipEntry {
  readonly name: string;
  readonly size: number;
  read(): Buffer;
}

/** Lists a zip's entries from its central directory (enough for a VSIX: stored or deflated, no zip64). */
function zipEntries(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'a zip file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({
      name,
      size,
      read: () => {
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const data = zip.subarray(start, start + compressed);
        return method === 0 ? data : inflateRawSync(data);
      },
    });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('the packaged extension (npm run package)', function () {
  this.timeout(180_000);
  let vsix: Buffer;
  let entries: ZipEntry[];

  before(() => {
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'package.mjs')], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
    vsix = readFileSync(join(root, 'dist-vsix', 'tenant-graphql.vsix'));
    entries = zipEntries(vsix);
  });

  it(`stays under ${MAX_VSIX_BYTES / 1024} KB`, () => {
    assert.ok(vsix.length <= MAX_VSIX_BYTES, `${(vsix.length / 1024).toFixed(0)} KB`);
  });

  it('holds the bundles, the grammar, the webview, the samples and the walkthrough', () => {
    const names = new Set(entries.map((e) => e.name));
    for (const file of [
      'extension/package.json',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/dist/extension.js',
      'extension/dist/graphqlBase.js',
      'extension/dist/graphql.js',
      'extension/dist/languageService.js',
      'extension/dist/core.js',
      'extension/dist/features.js',
      'extension/dist/sandbox.js',
      'extension/dist/undici.js',
      'extension/dist/prettier.js',
      'extension/dist/codegen.js',
      'extension/dist/filter.js',
      'extension/dist/onDemand.js',
      'extension/dist/languageWorker.js',
      'extension/media/dist/results.js',
      'extension/media/results.css',
      'extension/syntaxes/graphql.tmLanguage.json',
      'extension/syntaxes/graphql.template.tmLanguage.json',
      'extension/syntaxes/graphql.injection.tmLanguage.json',
      'extension/syntaxes/graphql.substitution.tmLanguage.json',
      'extension/media/samples/tasks.graphql',
      'extension/media/samples/tasks.variables.json',
      'extension/media/samples/typo.graphql',
      'extension/media/samples/api.ts',
      'extension/media/samples/api.variables.json',
      'extension/media/walkthrough/sandbox.md',
      'extension/media/walkthrough/types.md',
      'extension/package.nls.json',
      'extension/package.nls.de.json',
      'extension/l10n/bundle.l10n.json',
      'extension/l10n/bundle.l10n.de.json',
      'extension/THIRD-PARTY-NOTICES.txt',
    ]) {
      assert.ok(names.has(file), `${file} is in the package`);
    }
  });

  it('holds every bundle the production build wrote, and every bundle a shipped bundle requires', () => {
    const names = new Set(entries.map((e) => e.name));
    const built = readdirSync(join(root, 'dist-vsix', 'stage', 'dist')).filter((f) => f.endsWith('.js'));
    assert.ok(built.length >= 10, `${built.length} bundles built`);
    assert.deepEqual(
      built.filter((f) => !names.has(`extension/dist/${f}`)),
      [],
      'built but not packaged',
    );
    const missing: string[] = [];
    for (const e of entries.filter((x) => /^extension\/dist\/[^/]+\.js$/.test(x.name))) {
      for (const [, file] of e
        .read()
        .toString('utf8')
        .matchAll(/require\(["']\.\/([\w.-]+?)(?:\.js)?["']\)/g)) {
        if (!names.has(`extension/dist/${file}.js`)) {
          missing.push(`${e.name} requires ./${file}.js`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  it('ships no test hooks: the test API and the results panel testHooks are in the development build only', () => {
    const shipped: string[] = [];
    for (const e of entries.filter((x) => /^extension\/dist\/[^/]+\.js$/.test(x.name))) {
      const bundle = e.read().toString('utf8');
      shipped.push(
        ...['testApi', 'testHooks', 'historyRows', 'lastSchemaChangeNotice', '__TEST_API__'].filter((hook) => bundle.includes(hook)).map((hook) => `${hook} in ${e.name}`),
      );
    }
    assert.deepEqual(shipped, []);
  });

  it('ships the licence of every package the bundles hold (THIRD-PARTY-NOTICES.txt)', () => {
    const notices = entries
      .find((e) => e.name === 'extension/THIRD-PARTY-NOTICES.txt')!
      .read()
      .toString('utf8');
    const inputs = JSON.parse(readFileSync(join(root, 'dist-vsix', 'stage', 'dist', 'bundled-inputs.json'), 'utf8')) as string[];
    const packages = bundledPackages(inputs).map((dir) => packageNotice(join(root, dir)));
    assert.ok(packages.length > 20, `${packages.length} bundled packages`);
    for (const name of ['undici', 'graphql', 'prettier', 'jose', 'oauth4webapi', 'jsonc-parser', 'graphql-language-service']) {
      assert.ok(
        packages.some((p) => p.name === name),
        `${name} is bundled`,
      );
    }
    for (const p of packages) {
      assert.ok(notices.includes(`\n${p.name} ${p.version}\nLicense: ${p.license}\n`), `the notice of ${p.name} ${p.version}`);
      for (const t of p.texts) {
        assert.ok(notices.includes(t.text), `the ${t.name} text of ${p.name}`);
      }
    }
  });

  it('ships no source maps, sources, tests, docs, screenshots or caches', () => {
    const unwanted = entries.map((e) => e.name).filter((n) => /\.map$|^extension\/(src|test|docs|scripts|node_modules|\.cache|out|media\/screenshots)\//.test(n));
    assert.deepEqual(unwanted, []);
  });

  it("the sources' README shows the builder, results and history screenshots, between the markers the package leaves out, each a small file of the repository", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/<!-- screenshots -->([\s\S]*?)<!-- \/screenshots -->/g)].map((m) => m[1]).join('\n');
    const images = (text: string) => [...text.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    assert.deepEqual(images(readme), images(blocks), 'every image of the README is between screenshots markers');
    assert.deepEqual(images(blocks).sort(), [
      'docs/images/builder.png',
      'docs/images/compare.png',
      'docs/images/history.png',
      'docs/images/results-filter.png',
      'docs/images/results-table.png',
    ]);
    for (const image of images(blocks)) {
      const bytes = readFileSync(join(root, image));
      assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${image} is a PNG`);
      assert.ok(bytes.length <= 200 * 1024, `${image} is cropped small (${(bytes.length / 1024).toFixed(0)} KB)`);
    }
    const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    for (const image of images(contributing)) {
      assert.ok(statSync(join(root, image)).isFile(), `CONTRIBUTING.md's ${image} exists`);
    }
  });

  it("has the user's README, with no image, and a manifest without the build hook or a placeholder repository", () => {
    const readme = entries
      .find((e) => e.name === 'extension/readme.md')!
      .read()
      .toString('utf8');
    // The user's README: what it does and the first step, install, connect a tenant, troubleshoot; no pictures (no public repository to host them), and it says so.
    assert.match(readme.split('\n## ')[0], /First step.*Try the Sandbox/);
    for (const section of ['## Features', '## Install', '## Connect your tenant in five steps', '## Commands', '## Troubleshooting']) {
      assert.ok(readme.includes(section), section);
    }
    assert.match(readme, /As packaged, this README has no pictures/);
    assert.doesNotMatch(readme, /!\[|<img|docs\/images|media\/screenshots|<!-- \/?screenshots -->/);
    const manifest = JSON.parse(
      entries
        .find((e) => e.name === 'extension/package.json')!
        .read()
        .toString('utf8'),
    ) as {
      main: string;
      l10n: string;
      scripts: Record<string, string>;
      repository?: unknown;
      engines: { vscode: string };
    };
    // The README names the oldest VS Code the manifest accepts (^1.101.0 -> "1.101 or later").
    const oldest = /^\^(\d+\.\d+)\.0$/.exec(manifest.engines.vscode)?.[1];
    assert.ok(oldest && new RegExp(`needs VS Code\\s+${oldest.replace('.', '\\.')} or later`).test(readme), `the README states VS Code ${oldest} as the minimum`);
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.l10n, './l10n');
    assert.equal(manifest.scripts['vscode:prepublish'], undefined);
    assert.equal(manifest.repository, undefined, 'no made-up repository address');
  });
});
