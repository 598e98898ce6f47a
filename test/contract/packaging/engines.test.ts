/**
 * `engines.vscode` promises only what VS Code's extension host can run: the Node.js of the oldest
 * VS Code it admits satisfies the `engines.node` of every package bundled into the extension (undici 7
 * wants Node >= 20.18.1; @whatwg-node/promise-helpers 2, inside the types worker, Node >= 22.15.0).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { minVersion, satisfies } from 'semver';
import { bundledPackages, packageNotice } from '../../../scripts/thirdPartyNotices.mjs';

const root = resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { vscode: string }; devDependencies: Record<string, string> };

/**
 * The Node.js of a VS Code release's extension host (Electron's Node), for the releases an engine
 * floor has been or may be set to. Sources: VS Code's release notes and its remote/.npmrc `target`.
 */
const NODE_OF_VSCODE: Record<string, string> = {
  '1.90.0': '20.9.0', // Electron 29
  '1.96.0': '20.18.1', // Electron 32.2.6
  '1.100.0': '20.19.0', // Electron 34
  '1.101.0': '22.15.1', // Electron 35
};

describe('engines.vscode and the bundled packages', function () {
  this.timeout(180_000);
  let out = '';

  // A production build of its own (what `npm run package` ships), for esbuild's record of its inputs.
  before(() => {
    out = mkdtempSync(join(tmpdir(), 'tgq-engines-'));
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production', '--quiet', '--out', out], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  after(() => rmSync(out, { recursive: true, force: true }));

  const floor = minVersion(manifest.engines.vscode)?.version ?? '';
  const node = NODE_OF_VSCODE[floor];

  it('names a VS Code release whose Node.js is known', () => {
    assert.ok(node, `add the Node.js of VS Code ${floor} to NODE_OF_VSCODE`);
  });

  it('admits no VS Code whose Node.js a bundled package does not support', () => {
    const inputs = JSON.parse(readFileSync(join(out, 'dist', 'bundled-inputs.json'), 'utf8')) as string[];
    const packages = bundledPackages(inputs).map((dir) => packageNotice(join(root, dir)));
    assert.ok(packages.some((p) => p.name === 'undici'));
    const unmet = packages.filter((p) => p.engines && !satisfies(node, p.engines)).map((p) => `${p.name}@${p.version} wants Node ${p.engines}`);
    assert.deepEqual(unmet, [], `VS Code ${floor} runs extensions on Node ${node}`);
  });

  it('loads graphql from its two bundles as the host does (graphqlBase.js, then graphql.js), the routed modules included', () => {
    const dist = join(out, 'dist');
    const script = [
      `require(${JSON.stringify(join(dist, 'graphqlBase.js'))});`,
      `const bundle = require(${JSON.stringify(join(dist, 'graphql.js'))});`,
      'const g = bundle.graphql;',
      "const schema = g.buildSchema('type Query { a: Int }');",
      "process.stdout.write(g.validate(schema, g.parse('{ b }')).map((e) => e.message).join('\\n'));",
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, 'Cannot query field "b" on type "Query". Did you mean "a"?');
  });

  it('keeps @types/vscode at the engine floor (newer types would offer API the floor lacks)', () => {
    assert.equal(minVersion(manifest.devDependencies['@types/vscode'])?.version, floor);
  });

  it('would have refused the old floor: VS Code 1.90 ran extensions on Node 20.9.0, below undici 7', () => {
    const undici = packageNotice(join(root, 'node_modules', 'undici'));
    assert.equal(satisfies(NODE_OF_VSCODE['1.90.0'], undici.engines ?? '*'), false);
  });
});
