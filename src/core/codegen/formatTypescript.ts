/**
 * Generated TypeScript formatted with prettier (its defaults, as `prettier --write` formats a
 * `.ts` file with no configuration), so that the files read well and stay the same for the same
 * input. Runs in the types worker, which bundles prettier's printer. The parser is `babel-ts`, a
 * third of the size of prettier's `typescript` parser and faster, with the same output on the
 * declarations codegen writes (the tests compare with `prettier` on `.ts` files, which uses
 * `typescript`).
 *
 * The typed documents (`export const XDocument = {…} as unknown as DocumentNode<…>;`, one line
 * each in codegen's output and most of its text) are laid out by documentLiteral.ts, which
 * follows prettier's rules for them at a small part of prettier's cost; prettier formats the rest
 * with a one-line stand-in in each document's place, and the laid-out documents replace the
 * stand-ins (a statement on a line of its own keeps its place and the blank lines around it).
 */
import * as prettier from 'prettier/standalone';
import * as estree from 'prettier/plugins/estree';
import * as babel from 'prettier/plugins/babel';
import { formatDocumentStatement } from './documentLiteral';

/** Changes when formatting may give other output for the same input (the format index keys on it; a unit test checks the version of prettier installed). */
export const FORMAT_VERSION = 'prettier-3.10.1+documents-1';

/** The stand-in of the n-th document: an expression statement no generated text contains. */
const STAND_IN = /^__tenantGraphqlTypedDocument(\d+)__;$/gm;

/** `text` formatted as prettier formats a `.ts` file. */
export async function formatTypescript(text: string): Promise<string> {
  const documents: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('export const ') && !lines[i].includes('__tenantGraphqlTypedDocument')) {
      const formatted = formatDocumentStatement(lines[i]);
      if (formatted !== undefined) {
        lines[i] = `__tenantGraphqlTypedDocument${documents.length}__;`;
        documents.push(formatted);
      }
    }
  }
  const rest = await formatWithPrettier(documents.length > 0 ? lines.join('\n') : text);
  return documents.length > 0 ? rest.replace(STAND_IN, (_, n: string) => documents[Number(n)]) : rest;
}

/** `text` formatted by prettier itself. */
function formatWithPrettier(text: string): Promise<string> {
  return prettier.format(text, { parser: 'babel-ts', plugins: [babel, estree] });
}
