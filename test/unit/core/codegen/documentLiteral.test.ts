/**
 * The typed documents laid out without prettier (documentLiteral.ts) equal prettier's layout: on
 * every file codegen generates for the benchmark's documents on GitHub's schema, and on seeded
 * random documents in the same shape with names long and short, nested deep (where prettier breaks
 * after a key, or breaks type arguments), and strings prettier quotes otherwise (those fall back to
 * prettier). Compared with `prettier` as it formats a `.ts` file (the `typescript` parser).
 */
import * as assert from 'node:assert/strict';
import { buildClientSchema, lexicographicSortSchema, type IntrospectionQuery } from 'graphql';
import { formatDocumentStatement } from '../../../../src/core/codegen/documentLiteral';
import { formatTypescript } from '../../../../src/core/codegen/formatTypescript';
import { operationFiles } from '../../../../src/core/codegen/generateTypes';
import { githubOperationFiles } from '../../../../scripts/bench/codegenInputs';
import { loadInputs } from '../../../../scripts/bench/inputs';
import { prng } from '../../seededRandom';
import { prettierFile } from './codegenCli';

type Json = string | boolean | null | Json[] | { [key: string]: Json };

const IMPORT = "import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';\n";

/** A random document literal in the shape `typed-document-node` prints (GraphQL AST as JSON). */
function randomDocument(random: () => number): Json {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const name = (): string => {
    const length = pick([1, 2, 4, 8, 12, 20, 30, 45]);
    let out = pick(['a', 'B', '_', 'z']);
    while (out.length < length) {
      out += pick(['a', 'b', 'C', 'd', '1', '_', 'x', 'Y']);
    }
    return out;
  };
  const nameNode = (): Json => ({ kind: 'Name', value: name() });
  const value = (): Json =>
    pick<() => Json>([
      () => ({ kind: 'Variable', name: nameNode() }),
      () => ({ kind: 'StringValue', value: pick(['plain', 'with "quotes"', "it's", 'a\\b', 'tab\there', name()]), block: random() < 0.5 }),
      () => ({ kind: 'BooleanValue', value: random() < 0.5 }),
      () => ({ kind: 'EnumValue', value: name() }),
      () => ({ kind: 'ListValue', values: [] }),
      () => ({ kind: 'NullValue' }),
    ])();
  const selections = (depth: number): Json[] => {
    const count = pick([1, 1, 2, 3]);
    const out: Json[] = [];
    for (let i = 0; i < count; i++) {
      const field: { [key: string]: Json } = { kind: 'Field' };
      if (random() < 0.2) {
        field.alias = nameNode();
      }
      field.name = nameNode();
      if (random() < 0.3) {
        field.arguments = Array.from({ length: pick([1, 2]) }, () => ({ kind: 'Argument', name: nameNode(), value: value() }));
      }
      if (random() < 0.1) {
        field.directives = [];
      }
      if (depth < 9 && random() < 0.6) {
        field.selectionSet = { kind: 'SelectionSet', selections: selections(depth + 1) };
      }
      out.push(random() < 0.1 ? { kind: 'FragmentSpread', name: nameNode() } : field);
    }
    return out;
  };
  const definition = (): Json =>
    random() < 0.3
      ? { kind: 'FragmentDefinition', name: nameNode(), typeCondition: { kind: 'NamedType', name: nameNode() }, selectionSet: { kind: 'SelectionSet', selections: selections(0) } }
      : {
          kind: 'OperationDefinition',
          operation: pick(['query', 'mutation']),
          name: nameNode(),
          variableDefinitions:
            random() < 0.5 ? [] : [{ kind: 'VariableDefinition', variable: { kind: 'Variable', name: nameNode() }, type: { kind: 'NamedType', name: nameNode() } }],
          selectionSet: { kind: 'SelectionSet', selections: selections(0) },
        };
  return { kind: 'Document', definitions: Array.from({ length: pick([1, 1, 2, 3]) }, definition) };
}

describe('typed documents laid out as prettier lays them out', function () {
  this.timeout(300_000);

  it("equals prettier on every file generated for the benchmark's documents on GitHub's schema", async () => {
    const introspection = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = lexicographicSortSchema(buildClientSchema(introspection.data ?? introspection));
    const documents = githubOperationFiles(10).map((f) => ({ id: `/w/docs/${f.path}`, location: `/w/docs/${f.path}`, text: f.text }));
    const result = await operationFiles(schema, documents, { root: '/w' });
    assert.deepEqual(result.problems, []);
    assert.equal(result.files.length, documents.length);
    let laidOut = 0;
    for (const file of result.files) {
      laidOut += file.text.split('\n').filter((line) => formatDocumentStatement(line) !== undefined).length;
      assert.equal(await formatTypescript(file.text), await prettierFile('x.generated.ts', file.text), file.path);
    }
    assert.ok(laidOut >= documents.length, `every file has a typed document laid out here (${laidOut})`);
  });

  it('equals prettier on 300 seeded random documents, falling back to prettier where it must', async () => {
    const random = prng(26);
    let laidOut = 0;
    let fellBack = 0;
    for (let i = 0; i < 300; i++) {
      const name = `${'Q'.repeat(1 + Math.floor(random() * 40))}Document`;
      const line = `export const ${name} = ${JSON.stringify(randomDocument(random))} as unknown as DocumentNode<${name}Query, ${name}QueryVariables>;`;
      const ours = formatDocumentStatement(line);
      const file = `${IMPORT}${line}\n`;
      const formatted = await prettierFile('x.ts', file);
      const theirs = formatted.slice(formatted.indexOf('\n') + 1);
      if (ours === undefined) {
        fellBack++;
      } else {
        laidOut++;
        assert.equal(`${ours}\n`, theirs, `seed 26, document ${i}`);
      }
      assert.equal(await formatTypescript(file), formatted, `seed 26, document ${i} in a file`);
    }
    assert.ok(laidOut > 200, `most are laid out here (${laidOut})`);
    assert.ok(fellBack > 0, `strings with quotes fall back (${fellBack})`);
  });

  it('gives undefined for what it does not know, so that prettier formats it', () => {
    assert.equal(formatDocumentStatement('export const A = 1;'), undefined);
    assert.equal(formatDocumentStatement('export const ADocument = {"kind":"Document","n":1} as unknown as DocumentNode<A, B>;'), undefined);
    assert.equal(formatDocumentStatement('export const ADocument = {"kind":"Document","value":"say \\"hi\\""} as unknown as DocumentNode<A, B>;'), undefined);
    assert.equal(formatDocumentStatement('export const ADocument = {"kind":"Document","value":"café"} as unknown as DocumentNode<A, B>;'), undefined);
  });
});
