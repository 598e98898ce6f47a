/**
 * The type declarations laid out without prettier (typeDeclarations.ts), and generated files put
 * together statement by statement (formatTypescript.ts), equal prettier's output: on every file
 * codegen generates for the benchmark's documents on GitHub's schema, and on seeded random
 * declarations in codegen's shapes (object types one line or broken, unions with and without a
 * leading `|`, `Array<…>` and other type arguments, names long and short, nested deep), alone and
 * in files with comments and blank lines. Compared with `prettier` as it formats a `.ts` file
 * (the `typescript` parser).
 */
import * as assert from 'node:assert/strict';
import { buildClientSchema, lexicographicSortSchema, type IntrospectionQuery } from 'graphql';
import { formatTypescript } from '../../../../src/core/codegen/formatTypescript';
import { operationFiles } from '../../../../src/core/codegen/generateTypes';
import { formatTypeAlias } from '../../../../src/core/codegen/typeDeclarations';
import { githubOperationFiles } from '../../../../scripts/bench/codegenInputs';
import { loadInputs } from '../../../../scripts/bench/inputs';
import { prng } from '../../seededRandom';
import { prettierFile } from './codegenCli';

/** The top-level statements of a generated file that declare types (codegen ends each with `;` at the end of a line). */
function typeStatements(text: string): string[] {
  const out: string[] = [];
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (!current && /^(export )?type /.test(line)) {
      current = [];
    }
    if (current) {
      current.push(line);
      if (line.endsWith(';') && balanced(current.join('\n'))) {
        out.push(current.join('\n'));
        current = undefined;
      }
    }
  }
  return out;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text.replace(/'[^'\n]*'/g, '')) {
    depth += c === '{' || c === '(' || c === '[' ? 1 : c === '}' || c === ')' || c === ']' ? -1 : 0;
  }
  return depth === 0;
}

/** A random declaration in the shapes codegen prints: its text as codegen would write it. */
function randomDeclaration(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const name = (): string => {
    const length = pick([1, 3, 6, 10, 16, 24, 36, 50]);
    let out = pick(['A', 'b', '_', 'Z']);
    while (out.length < length) {
      out += pick(['a', 'b', 'C', 'd', '1', '_', 'x', 'Y']);
    }
    return out;
  };
  const type = (depth: number, inUnion = false): string => {
    const r = random();
    if (depth > 5 || r < 0.3) {
      return pick(['string', 'number', 'boolean', 'unknown', 'any', 'null', 'undefined', `'${name()}'`, 'true', name()]);
    }
    if (r < 0.55) {
      return object(depth + 1);
    }
    if (r < 0.7 || inUnion) {
      const args = Array.from({ length: pick([1, 1, 1, 2]) }, () => type(depth + 1));
      return `${pick(['Array', 'Maybe', 'Exact', name()])}<${args.join(', ')}>`;
    }
    const members = Array.from({ length: pick([2, 2, 3, 5]) }, () => (random() < 0.3 ? object(depth + 1) : type(depth + 1, true)));
    if (random() < 0.5) {
      members.push('null');
    }
    if (random() < 0.3) {
      // codegen's multi-line union of a field: a leading `|`, a member a line
      const pad = ' '.repeat(2 + 2 * depth);
      return `\n${pad}  | ${members.join(`\n${pad}  | `)}\n${pad} `;
    }
    return members.join(' | ');
  };
  const object = (depth: number): string => {
    const count = pick([0, 1, 2, 3, 4, 6]);
    const members = Array.from({ length: count }, () => `${name()}${random() < 0.2 ? '?' : ''}: ${type(depth)}`);
    if (count > 0 && random() < 0.2) {
      // Exact<{ … }>'s shape: broken after `{`, `;` after each member
      return `{\n${members.map((m) => `  ${m};`).join('\n')}\n}`;
    }
    return `{ ${members.join(', ')} }`;
  };
  const right = random() < 0.5 ? object(0) : type(0);
  return `${random() < 0.8 ? 'export ' : ''}type ${name()} = ${right};`;
}

describe('type declarations laid out as prettier lays them out', function () {
  this.timeout(300_000);

  it("equals prettier on every file generated for the benchmark's documents on GitHub's schema, laying out the declarations itself", async () => {
    const introspection = JSON.parse(loadInputs().introspectionText) as { data?: IntrospectionQuery } & IntrospectionQuery;
    const schema = lexicographicSortSchema(buildClientSchema(introspection.data ?? introspection));
    const documents = githubOperationFiles(10).map((f) => ({ id: `/w/docs/${f.path}`, location: `/w/docs/${f.path}`, text: f.text }));
    const result = await operationFiles(schema, documents, { root: '/w' });
    assert.deepEqual(result.problems, []);
    let laidOut = 0;
    let declarations = 0;
    for (const file of result.files) {
      for (const statement of typeStatements(file.text)) {
        declarations++;
        const ours = formatTypeAlias(statement);
        if (ours !== undefined) {
          laidOut++;
          const theirs = await prettierFile('x.ts', `${statement}\n`);
          assert.equal(`${ours}\n`, theirs, `${file.path}: ${statement.slice(0, 60)}`);
        }
      }
      assert.equal(await formatTypescript(file.text), await prettierFile('x.generated.ts', file.text), file.path);
    }
    // All but codegen's two helper types (a mapped and a conditional type) in each file.
    assert.ok(laidOut >= declarations - 2 * result.files.length, `${laidOut} of ${declarations} laid out here`);
    assert.ok(laidOut > result.files.length, `${laidOut} laid out here`);
  });

  it('equals prettier on 400 seeded random declarations', async () => {
    const random = prng(2026);
    let laidOut = 0;
    for (let i = 0; i < 400; i++) {
      const statement = randomDeclaration(random);
      const ours = formatTypeAlias(statement);
      const theirs = await prettierFile('x.ts', `${statement}\n`);
      if (ours !== undefined) {
        laidOut++;
        assert.equal(`${ours}\n`, theirs, `seed 2026, declaration ${i}:\n${statement}`);
      }
    }
    assert.ok(laidOut > 350, `most are laid out here (${laidOut})`);
  });

  it('equals prettier on 60 seeded random files of declarations, comments and blank lines', async () => {
    const random = prng(2027);
    for (let i = 0; i < 60; i++) {
      const parts: string[] = [];
      const count = 1 + Math.floor(random() * 8);
      for (let j = 0; j < count; j++) {
        const r = random();
        if (r < 0.15) {
          parts.push('/** A description. */');
        } else if (r < 0.25) {
          parts.push('');
        } else if (r < 0.3) {
          parts.push('\n\n');
        } else if (r < 0.35) {
          parts.push("import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';");
        } else {
          parts.push(randomDeclaration(random));
        }
      }
      const file = `${random() < 0.2 ? '\n' : ''}${parts.join('\n')}\n`;
      assert.equal(await formatTypescript(file), await prettierFile('x.ts', file), `seed 2027, file ${i}:\n${file}`);
    }
  });

  it('lays out codegen’s enums with descriptions, and gives undefined for what it does not know', async () => {
    const enumType = "export type IssueState =\n  /** An issue that has been closed */\n  | 'CLOSED'\n  /** An issue that is still open */\n  | 'OPEN';";
    assert.equal(`${formatTypeAlias(enumType)}\n`, await prettierFile('x.ts', `${enumType}\n`));
    for (const unknown of [
      'export type A = B & C;',
      'export type A = B[];',
      'export type A = (B | C)[];',
      'export type A<T> = T;',
      'export type A = { [key: string]: B };',
      "export type A = { a: 'it''s' };",
      'export type A = { a: B } // note',
      'export type A = { /* note */ a: B };',
      'export type A = { a: B,\n\n b: C };',
      "export type A = 'café';",
      'export type A = typeof b;',
      'export type A = 1;',
      "export type IssueState =\n  | 'CLOSED'\n  /** An issue that is still open */\n  | 'OPEN';",
    ]) {
      assert.equal(formatTypeAlias(unknown), undefined, unknown);
    }
  });
});
