// Lint (run by `npm run lint`): every `tenantGraphql.*` context key a `when` of the manifest reads
// (menus, keybindings, views' welcome content, walkthrough completion events) is declared in
// src/platform/contextKeys.ts, every declared key is set somewhere in src (setContextKey with its
// name, or a constant of it) and read by some `when`. Prints each problem and exits 1 on any.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contextKeysFile = join(root, 'src', 'platform', 'contextKeys.ts');

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const { contributes } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const whens = [
  ...Object.values(contributes.menus).flatMap((entries) => entries.map((e) => e.when ?? '')),
  ...contributes.keybindings.map((k) => k.when ?? ''),
  ...contributes.viewsWelcome.map((v) => v.when ?? ''),
  ...contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => s.completionEvents ?? [])),
].join('\n');
// Names compared with `==` (view and webview ids) and settings are not context keys.
const read = [...new Set([...whens.matchAll(/(==\s*'?|onSettingChanged:|onCommand:)?\b(tenantGraphql\.[A-Za-z]+)\b(?!\.)/g)].filter((m) => !m[1]).map((m) => m[2]))];
const declared = readFileSync(contextKeysFile, 'utf8');
const declaredKeys = [...declared.matchAll(/'(tenantGraphql\.[A-Za-z]+)'/g)].map((m) => m[1]);
const code = sourceFiles(join(root, 'src'))
  .filter((f) => f !== contextKeysFile)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const escaped = (key) => key.replace('.', '\\.');

const problems = [
  ...read.filter((k) => !declared.includes(`'${k}'`)).map((k) => `${k}: read in a \`when\` of package.json, not declared in ${relative(root, contextKeysFile)}`),
  ...(declaredKeys.length < 10 ? [`${relative(root, contextKeysFile)}: ${declaredKeys.length} keys found, expected at least 10 (has its form changed?)`] : []),
  ...declaredKeys
    .filter((k) => !new RegExp(`setContextKey\\('${escaped(k)}'`).test(code) && !new RegExp(`= '${escaped(k)}'`).test(code))
    .map((k) => `${k}: declared, never set by the code`),
  ...declaredKeys.filter((k) => !read.includes(k)).map((k) => `${k}: declared, read by no \`when\``),
];
if (problems.length > 0) {
  console.error(`context keys (scripts/checkContextKeys.mjs):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
