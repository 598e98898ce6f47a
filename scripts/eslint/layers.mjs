// @ts-check
// The layer rules of ../shared/DESIGN.md as one ESLint rule, so that every "never" there fails the
// lint: core imports only core (and the plain types of shared); shared imports only shared; the
// webview imports only webview and shared; the sandbox imports nothing of the extension; platform
// (VS Code helpers shared by features) imports only core; a feature or service folder imports
// another one only through its index.ts (its public surface), never its internals; nothing outside
// the composition root reaches into a feature's internals.
import * as path from 'node:path';

/** Folders whose files may import each other freely and be imported by anyone above them. */
const LIBRARIES = new Set(['core', 'shared', 'platform']);

/** What each layer may import besides itself (features: anything's index.ts, plus the libraries). */
const ALLOWED = {
  core: new Set(['shared']),
  shared: new Set(),
  webview: new Set(['shared']),
  sandbox: new Set(),
  platform: new Set(['core']),
};

/**
 * The layer of a file below src/: its first folder, or '' for files directly in src
 * (extension.ts, the composition root).
 * @param {string} rel path relative to src, with '/' separators
 */
function layerOf(rel) {
  const i = rel.indexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layers of DESIGN.md (core, shared, webview, sandbox, platform, features through their index.ts).' },
    schema: [],
    messages: {
      layer: '{{from}} must not import {{to}} (DESIGN.md: layers). {{why}}',
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, 'src');
    const fromRel = path.relative(srcDir, file).split(path.sep).join('/');
    if (fromRel.startsWith('..')) {
      return {};
    }
    const from = layerOf(fromRel);
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const spec = node.source && typeof node.source.value === 'string' ? node.source.value : undefined;
      if (!spec || !spec.startsWith('.')) {
        return;
      }
      const toRel = path
        .relative(srcDir, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join('/');
      if (toRel.startsWith('..')) {
        return; // outside src (package.json, media): not a layer
      }
      const to = layerOf(toRel) || (toRel.includes('/') ? '' : toRel);
      if (to === from) {
        return;
      }
      const report = (why) => context.report({ node, messageId: 'layer', data: { from: `src/${fromRel}`, to: `src/${toRel}`, why } });
      // src/activation.ts is the built extension's entry: it loads the composition root (issue 28).
      if (fromRel === 'activation.ts' && toRel === 'extension') {
        return;
      }
      if (to === '' || toRel === 'extension') {
        report('Only VS Code loads the composition root.');
        return;
      }
      if (from in ALLOWED) {
        if (!ALLOWED[from].has(to)) {
          report(`${from} may import only ${[from, ...ALLOWED[from]].join(' and ')}.`);
        }
        return;
      }
      // A feature, a service folder, or the composition root.
      if (to === 'sandbox' || to === 'webview') {
        report(`src/${to} is a separate bundle; start or load it, never import it.`);
        return;
      }
      if (LIBRARIES.has(to)) {
        return;
      }
      if (toRel !== to && toRel !== `${to}/index`) {
        report(`Import src/${to} through its index.ts (its public surface), not its internals.`);
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { layers: rule } };
