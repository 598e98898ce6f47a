// `npm run package`: writes dist-vsix/tenant-graphql.vsix. It stages the package in dist-vsix/stage
// (a production build there, and the files .vscodeignore allows), so that the development build in
// dist/ is left as it is. Source maps are not shipped (they were three quarters of the package); they
// stay in the stage for debugging. The packaged README is the user's and has no pictures (there is no
// public repository to host them, and VS Code's extension page shows no image of the package itself):
// the README's screenshots (docs/images, taken by the main-job test) sit between `screenshots`
// markers, which are left out here, and .vscodeignore's `media/*.png` does not reach them; a packaged
// README still linking a repository image fails the packaging. CONTRIBUTING.md's screenshots live in
// docs/, not shipped either. No repository is named in package.json (none is public).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-vsix');
const stage = join(out, 'stage');

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    console.error(`[package] ${cmd} ${args.join(' ')} failed (exit ${r.status})`);
    process.exit(1);
  }
}

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production', '--quiet', '--out', stage], root);
// The licences of what the bundles hold (from the production build's esbuild metafile).
run(process.execPath, [join(root, 'scripts', 'thirdPartyNotices.mjs'), stage], root);
const nlsFiles = readdirSync(root).filter((name) => /^package\.nls(\.[\w-]+)?\.json$/.test(name));
for (const path of ['CHANGELOG.md', 'LICENSE', 'language-configuration.json', '.vscodeignore', 'syntaxes', 'media', 'l10n', ...nlsFiles]) {
  cpSync(join(root, path), join(stage, path), {
    recursive: true,
    filter: (src) => !src.startsWith(join(root, 'media', 'dist')), // the stage has its own production build
  });
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
delete manifest.scripts['vscode:prepublish']; // built above, in the stage
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/<!-- screenshots -->[\s\S]*?<!-- \/screenshots -->\n?/g, '');
if (/\]\((?!https?:|#)[^)]*\.(png|jpe?g|gif|svg)\)/i.test(readme)) {
  console.error('[package] the packaged README still links an image of the repository: put it between the screenshots markers');
  process.exit(1);
}
writeFileSync(join(stage, 'README.md'), readme);
const vsix = join(out, 'tenant-graphql.vsix');
run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--allow-missing-repository', '-o', vsix], stage);
console.log(`[package] ${vsix}: ${(statSync(vsix).size / 1024).toFixed(0)} KB`);
