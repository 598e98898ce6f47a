/**
 * Inputs of the types benchmark and of the comparison tests with the codegen CLI: the realistic
 * GitHub document (scripts/bench/github.graphql) copied with its operations and fragments renamed
 * per copy, each copy laid out as a project would: one `.graphql` file per operation and one for
 * the copy's fragments, in a folder of its own (four operations and one fragments file per copy).
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Kind, parse, print } from 'graphql';
import { grow } from './inputs';
import { GENERATED_HEADER } from '../../src/core/codegen/generateTypes';

/** A `.graphql` file of the generated workspace: its path relative to the workspace, and its text. */
export interface BenchFile {
  readonly path: string;
  readonly text: string;
}

/** Operations per copy of the document. */
export const OPERATIONS_PER_COPY = 4;

/** `copies` copies of the document as `.graphql` files (`copies * 4` operations). */
export function githubOperationFiles(copies: number): BenchFile[] {
  const document = readFileSync(path.join(__dirname, 'github.graphql'), 'utf8');
  const lines = document.split('\n').length;
  const texts = grow(document, lines * copies)
    .split(document.slice(0, 40))
    .filter((t) => t.trim() !== '')
    .slice(0, copies);
  const files: BenchFile[] = [];
  texts.forEach((text, copy) => {
    const definitions = parse(document.slice(0, 40) + text).definitions;
    definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).forEach((op, i) => files.push({ path: `copy${copy}/operation${i}.graphql`, text: `${print(op)}\n` }));
    const fragments = definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    files.push({ path: `copy${copy}/fragments.graphql`, text: `${fragments.map((f) => print(f)).join('\n\n')}\n` });
  });
  return files;
}

/**
 * The codegen CLI config equivalent to what the extension does for `.graphql` files (documents
 * under `docs/`): the near-operation-file preset with the same plugins and header.
 */
export function operationFilesCliConfig(schema: string): unknown {
  return {
    schema,
    documents: ['docs/**/*.graphql'],
    generates: {
      'docs/': {
        preset: 'near-operation-file',
        presetConfig: { extension: '.generated.ts' },
        plugins: [{ add: { content: GENERATED_HEADER } }, 'typescript-operations', 'typed-document-node'],
      },
    },
  };
}
