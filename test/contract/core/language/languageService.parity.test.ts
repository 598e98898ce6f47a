/**
 * Property-based parity: thousands of random edits of real documents (see parity.ts), and at random
 * positions the service answers exactly as graphql-language-service / graphql on the whole text.
 * Seeded and bounded so it runs in `npm test`; on failure it prints the seed, the path and the
 * shrunk counterexample, and how to replay it. The differences it allows (ALLOWED_DIFFERENCES) are each shown
 * on a case of their own in test/unit/core/language/parityDifferences.test.ts.
 *
 *   TENANT_GRAPHQL_PBT_SEED=<n>   another seed (default below)
 *   TENANT_GRAPHQL_PBT_RUNS=<n>   cases per schema instead of the bounded default
 *   TENANT_GRAPHQL_PBT_PATH=<p>   replay the counterexample at this path (with its seed)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { schemaFromIntrospection } from '../../../unit/core/schema/introspectionSchema';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { applyEdits, assertParity, casePositions, definitionsOf, parityCaseArbitrary, type ParityCounts } from '../../../unit/core/language/parity';

const root = path.join(__dirname, '../../../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');

const SEED = Number(process.env.TENANT_GRAPHQL_PBT_SEED ?? 20261123);
const RUNS = process.env.TENANT_GRAPHQL_PBT_RUNS ? Number(process.env.TENANT_GRAPHQL_PBT_RUNS) : undefined;
const PATH = process.env.TENANT_GRAPHQL_PBT_PATH;

interface Subject {
  readonly name: string;
  readonly schema: () => GraphQLSchema;
  readonly document: string;
  readonly runs: number;
  readonly externalFiles?: Record<string, string>;
}

const subjects: Subject[] = [
  {
    name: 'the Sandbox schema',
    schema: () => schemaFromSdl(SANDBOX_SDL).schema,
    document: read('test/fixtures/parity/sandbox.graphql'),
    runs: 200,
    externalFiles: { 'file:///ws/shared.graphql': 'fragment SharedTask on Task { id name }\nfragment SharedUser on User { id }\n' },
  },
  {
    name: "GitHub's schema",
    schema: () => schemaFromIntrospection(read('node_modules/@octokit/graphql-schema/schema.json')).schema,
    document: read('test/fixtures/parity/github.graphql'),
    runs: 120,
  },
  {
    name: "Shopify's Storefront schema",
    schema: () => schemaFromIntrospection(read('test/fixtures/schemas/shopify-storefront/storefront.schema.json')).schema,
    document: read('test/fixtures/parity/storefront.graphql'),
    runs: 90,
  },
];

describe('parity with graphql-language-service on randomly edited documents', function () {
  this.timeout(120_000);
  for (const subject of subjects) {
    it(`on ${subject.name}`, () => {
      const schema = subject.schema();
      const index = new FragmentIndex();
      for (const [uri, text] of Object.entries(subject.externalFiles ?? {})) {
        index.update(uri, text);
      }
      const external = index.all().map((f) => f.node);
      const service = GraphqlLanguageService.create(schema, { index });
      const definitions = definitionsOf(subject.document);
      const uri = 'file:///ws/edited.graphql';
      let version = 0;
      const counts: ParityCounts = { positions: 0, definitions: 0, diagnostics: 0, outlines: 0 };
      let edits = 0;
      const started = Date.now();
      const runs = RUNS ?? subject.runs;
      const details = fc.check(
        fc.property(parityCaseArbitrary(), (c) => {
          const { text, focus } = applyEdits(subject.document, c.edits, definitions);
          edits += c.edits.length;
          assertParity(service, schema, uri, ++version, text, casePositions(text, focus, c.positions), external, counts);
        }),
        PATH ? { seed: SEED, path: PATH, numRuns: 1 } : { seed: SEED, numRuns: runs },
      );
      if (details.failed) {
        const example = details.counterexample?.[0];
        const edited = example ? applyEdits(subject.document, example.edits, definitions) : undefined;
        throw new Error(
          [
            `parity broken on ${subject.name}: seed ${details.seed}, path ${details.counterexamplePath}, after ${details.numRuns} cases (shrunk ${details.numShrinks} times)`,
            `counterexample: ${fc.stringify(example)}`,
            edited ? `edited text near the last edit: ${JSON.stringify(edited.text.slice(Math.max(0, edited.focus - 120), edited.focus + 120))}` : '',
            `replay: TENANT_GRAPHQL_PBT_SEED=${details.seed} TENANT_GRAPHQL_PBT_PATH=${details.counterexamplePath} npm run test:contract -- ${path.relative(root, __filename)} -g ${JSON.stringify(subject.name)}`,
            `cause: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
          ].join('\n'),
        );
      }
      console.log(
        `      seed ${SEED}: ${runs} cases, ${edits} edits; completion and hover at ${counts.positions} positions, ` +
          `definition at ${counts.definitions} input field names, diagnostics ${counts.diagnostics}x, outline ${counts.outlines}x; ${Date.now() - started} ms`,
      );
    });
  }
});
