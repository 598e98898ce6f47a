import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(__dirname, '../../..');

/** The messages of the upstream rule (eslint.config.mjs's upstreamPlugin) on `code`. */
async function lint(code: string): Promise<string[]> {
  const { upstreamPlugin } = (await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href)) as { upstreamPlugin: object };
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as never },
        plugins: { upstream: upstreamPlugin as never },
        rules: { 'upstream/no-private-members': 'error' },
      },
    ],
    'src/core/example.ts',
  );
  return messages.map((m) => m.message.replace(/:.*$/, '').replace(/ \(`.*`\)$/, ''));
}

describe('lint: stand on upstream (upstream/no-private-members)', () => {
  it("refuses underscore-private members of any object, read or written, probes on graphql's prototypes and imports of its internal helpers", async () => {
    // What the language engine did before it stood on graphql's public API.
    const refused = [
      'const own = context as unknown as { _typeInfo?: unknown }; export const t = own._typeInfo;',
      'declare const context: object; (context as { _variableUsages?: unknown })._variableUsages = new Map();',
      "declare const context: Record<string, number>; export const spent = context['_remainingFragmentWork'];",
      "import { GraphQLSchema } from 'graphql'; const proto = GraphQLSchema.prototype as unknown as Record<string, unknown>; proto.getType = () => null;",
      "import { GraphQLObjectType as O } from 'graphql'; Object.defineProperty(O.prototype, 'getFields', { value: () => ({}) });",
      'declare const socket: { _parent?: unknown }; export const p = socket._parent;',
      "import { suggestionList } from 'graphql/jsutils/suggestionList'; export const s = suggestionList('a', ['b']);",
    ];
    for (const code of refused) {
      assert.equal((await lint(code)).length, 1, code);
    }
  });

  it("lets public data and our own prototypes be: GraphQL's double-underscore names, Object.prototype, a class of ours", async () => {
    const allowed = [
      'declare const intro: { __schema: { types: unknown[] } }; export const types = intro.__schema.types;',
      "declare const value: { __typename?: string }; export const name = value['__typename'];",
      'export const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);',
      'class Mine { run() { return 1; } } export const run = Mine.prototype.run;',
      "import { GraphQLSchema } from 'graphql'; export const isSchema = (x: unknown) => x instanceof GraphQLSchema;",
      "import { Kind } from 'graphql/language'; export const k = Kind.NAME;",
    ];
    for (const code of allowed) {
      assert.deepEqual(await lint(code), [], code);
    }
  });
});
