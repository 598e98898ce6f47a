/**
 * Stand on upstream: the bundles hold the dependencies as published. scripts/build.mjs may make
 * modules of its own (the shared bundles' re-exports) but may not load a dependency's file to
 * rewrite it, stand a module of ours in for a package, or alias a package to a copy of ours; and
 * no code imports the local copies of GraphQL Code Generator's plugins or of prettier's printer
 * that the types worker once had.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The namespaces of the modules scripts/build.mjs makes itself: each holds only a re-export of
 * another bundle's modules, never a dependency's text. A new one is added here with its reason.
 */
const OWN_NAMESPACES = new Set(['shared-bundle', 'other-bundle']);

/** The forks that were removed: importing one again (or a file of that name) is a fork again. */
const REMOVED_FORKS = [
  'typedDocumentNodePlugin',
  'operationsPlugin',
  'scalarsAndEnums',
  'leaveDefinitions',
  'memoScalars',
  'enumValues',
  'memoCase',
  'autoBind',
  'usedSchemaTypes',
  'sortedIntrospection',
  'formatIndex',
  'prettierDoc',
  'typeParser',
  'typeDeclarations',
  'documentLiteral',
  'formatTypescript',
];

/** What in a build script patches a dependency, one line each (empty: nothing). */
export function buildPatches(source: string, file = 'build.mjs'): string[] {
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const stringProperty = (object: ts.Expression | undefined, name: string): string | undefined => {
    if (!object || !ts.isObjectLiteralExpression(object)) {
      return undefined;
    }
    for (const property of object.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === name) {
        return ts.isStringLiteralLike(property.initializer) ? property.initializer.text : property.initializer.getText(sourceFile);
      }
    }
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'onLoad') {
      const namespace = stringProperty(node.arguments[0], 'namespace');
      if (namespace === undefined) {
        found.push(`${where(node)}: onLoad of files on disk (a dependency's source rewritten)`);
      } else if (!OWN_NAMESPACES.has(namespace)) {
        found.push(`${where(node)}: onLoad of the namespace '${namespace}' (a module of ours standing in for a package)`);
      }
    }
    if (ts.isPropertyAssignment(node) && node.name.getText(sourceFile) === 'alias' && ts.isObjectLiteralExpression(node.initializer)) {
      for (const entry of node.initializer.properties) {
        if (ts.isPropertyAssignment(entry) && ts.isStringLiteralLike(entry.initializer) && !/^(\.\/)?node_modules\//.test(entry.initializer.text)) {
          found.push(`${where(entry)}: alias of ${entry.name.getText(sourceFile)} to ${entry.initializer.text} (not the package's own file)`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The imports of removed forks in a source text. */
export function forkImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.filter((s) => REMOVED_FORKS.includes(path.basename(s).replace(/\.(ts|js|mjs)$/, '')));
}

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'fixtures' && name !== 'node_modules') {
        out.push(...sourcesUnder(p));
      }
    } else if (/\.(ts|mts|mjs|cjs)$/.test(name)) {
      out.push(p);
    }
  }
  return out;
}

describe('no fork of a dependency and no build-time patch', () => {
  it('scripts/build.mjs rewrites no dependency and aliases none to a copy of ours', () => {
    assert.deepEqual(buildPatches(readFileSync(path.join(ROOT, 'scripts', 'build.mjs'), 'utf8')), []);
  });

  it('nothing in src/, test/ or scripts/ imports a removed fork, and no file of that name is back', () => {
    const offending: string[] = [];
    for (const file of ['src', 'test', 'scripts'].flatMap((d) => sourcesUnder(path.join(ROOT, d))).filter((f) => f !== __filename)) {
      const base = path.basename(file).replace(/\.(test\.)?(ts|mts|mjs|cjs)$/, '');
      if (REMOVED_FORKS.includes(base)) {
        offending.push(path.relative(ROOT, file));
      }
      offending.push(...forkImports(readFileSync(file, 'utf8')).map((s) => `${path.relative(ROOT, file)} imports ${s}`));
    }
    assert.deepEqual(offending, []);
  });

  it('finds the patches it is there to find', () => {
    const patched = [
      "build.onLoad({ filter: /near-operation-file-preset[\\\\/]esm[\\\\/]resolve-document-imports\\.js$/ }, async (args) => ({ contents: (await readFile(args.path, 'utf8')).replace(a, b) }));",
      "build.onResolve({ filter: /^change-case-all$/ }, () => ({ path: 'change-case-all', namespace: 'memoized-case' }));",
      "build.onLoad({ filter: /.*/, namespace: 'memoized-case' }, () => ({ contents: 'export const pascalCase = memo(real)' }));",
      "const options = { alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js', 'auto-bind': './src/core/codegen/autoBind.ts' } };",
      "build.onLoad({ filter: /.*/, namespace: 'shared-bundle' }, () => ({ contents: 'module.exports = require(\"./graphql.js\")' }));",
    ].join('\n');
    const found = buildPatches(patched);
    assert.equal(found.length, 3, found.join('\n'));
    assert.match(found[0], /build\.mjs:1: onLoad of files on disk/);
    assert.match(found[1], /build\.mjs:3: onLoad of the namespace 'memoized-case'/);
    assert.match(found[2], /build\.mjs:4: alias of 'auto-bind' to \.\/src\/core\/codegen\/autoBind\.ts/);
    assert.deepEqual(forkImports("import autoBind from './autoBind';\nimport { x } from '../codegen/formatTypescript';\nimport { y } from './usedSchema';"), [
      './autoBind',
      '../codegen/formatTypescript',
    ]);
  });
});
