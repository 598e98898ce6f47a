/**
 * Generated TypeScript formatted as prettier formats it (its defaults, as `prettier --write` formats
 * a `.ts` file with no configuration), so that the files read well and stay the same for the same
 * input. Runs in the types worker, which bundles prettier's printer.
 *
 * codegen's output is a sequence of top-level statements and one-line comments, and almost every
 * statement is in one of two narrow shapes that are laid out here without prettier, exactly as
 * prettier lays them out: the typed documents (`export const XDocument = {…} as unknown as
 * DocumentNode<…>;`, documentLiteral.ts) and the type declarations (`export type XQuery = {…};`,
 * typeDeclarations.ts). Each other statement (imports, codegen's helper types) is formatted by
 * prettier on its own, and remembered: they are the same in every file. The file is put together
 * as prettier does: one line break between statements, one blank line where there were blank
 * lines, comments on their own lines as they are, one line break at the end. A file whose
 * top-level shape is not that (a comment after code on a line, a comment over several lines, a
 * template string) is formatted by prettier whole, with its typed documents laid out here.
 *
 * The parser is `babel-ts`, a third of the size of prettier's `typescript` parser and faster, with
 * the same output on the declarations codegen writes (the tests compare with `prettier` on `.ts`
 * files, which uses `typescript`).
 */
import * as prettier from 'prettier/standalone';
import * as estree from 'prettier/plugins/estree';
import * as babel from 'prettier/plugins/babel';
import { formatDocumentStatement } from './documentLiteral';
import { formatTypeAlias } from './typeDeclarations';

/** Changes when formatting may give other output for the same input (the format index keys on it; a unit test checks the version of prettier installed). */
export const FORMAT_VERSION = 'prettier-3.10.1+documents-1+declarations-1';

/** The stand-in of the n-th document: an expression statement no generated text contains. */
const STAND_IN = /^__tenantGraphqlTypedDocument(\d+)__;$/gm;

/** `text` formatted as prettier formats a `.ts` file. */
export async function formatTypescript(text: string): Promise<string> {
  const items = topLevelItems(text);
  if (items !== undefined) {
    const out: string[] = [];
    for (const item of items) {
      if (item.blankBefore && out.length > 0) {
        out.push('');
      }
      out.push(item.comment ? item.text : (formatStatement(item.text) ?? (await formatAlone(item.text))));
    }
    return out.length > 0 ? `${out.join('\n')}\n` : '';
  }
  return formatWhole(text);
}

/** One statement laid out here, or undefined when it is not in a shape this module knows. */
function formatStatement(statement: string): string | undefined {
  if (statement.startsWith('export const ')) {
    return statement.includes('\n') ? undefined : formatDocumentStatement(statement);
  }
  return statement.startsWith('export type ') || statement.startsWith('type ') ? formatTypeAlias(statement) : undefined;
}

/** A top-level comment (one line, as it is) or statement (its text, up to its `;`). */
interface Item {
  readonly text: string;
  readonly comment: boolean;
  /** Whether a blank line separates it from the item before. */
  readonly blankBefore: boolean;
}

/**
 * The file's top-level items, or undefined when its shape is not one of statements ending with
 * `;` at the end of their line and comments of one line each.
 */
function topLevelItems(text: string): Item[] | undefined {
  const items: Item[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    // Between items: spaces and line breaks; two line breaks or more make a blank line.
    let breaks = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        breaks++;
      } else if (c !== 32 && c !== 9 && c !== 13) {
        break;
      }
      i++;
    }
    if (i >= n) {
      break;
    }
    const blankBefore = breaks >= 2;
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const lineEnd = text.indexOf('\n', i);
      if (end < 0 || (lineEnd >= 0 && lineEnd < end) || !restOfLineBlank(text, end + 2)) {
        return undefined;
      }
      items.push({ text: text.slice(i, end + 2), comment: true, blankBefore });
      i = end + 2;
      continue;
    }
    if (text.startsWith('//', i)) {
      return undefined;
    }
    const end = statementEnd(text, i);
    if (end < 0 || !restOfLineBlank(text, end)) {
      return undefined;
    }
    items.push({ text: text.slice(i, end), comment: false, blankBefore });
    i = end;
  }
  return items;
}

/** Whether only spaces are left on the line from `i`. */
function restOfLineBlank(text: string, i: number): boolean {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      return true;
    }
    if (c !== 32 && c !== 9 && c !== 13) {
      return false;
    }
  }
  return true;
}

/** The index after the `;` that ends the statement starting at `start` (outside brackets, strings and comments), or -1. */
function statementEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    switch (c) {
      case '{':
      case '(':
      case '[':
        depth++;
        break;
      case '}':
      case ')':
      case ']':
        depth--;
        break;
      case ';':
        if (depth === 0) {
          return i + 1;
        }
        break;
      case '"':
      case "'": {
        let j = i + 1;
        while (j < text.length && text[j] !== c && text[j] !== '\n') {
          j += text[j] === '\\' ? 2 : 1;
        }
        if (j >= text.length || text[j] !== c) {
          return -1;
        }
        i = j;
        break;
      }
      case '`':
        return -1;
      case '/':
        if (text[i + 1] === '*') {
          const end = text.indexOf('*/', i + 2);
          if (end < 0) {
            return -1;
          }
          i = end + 1;
        } else if (text[i + 1] === '/') {
          return -1;
        }
        break;
      default:
        break;
    }
  }
  return -1;
}

/** Statements prettier formatted on their own, by text (the same helpers and imports recur in every file). */
const alone = new Map<string, string>();

/** One statement formatted by prettier, without its final line break. */
async function formatAlone(statement: string): Promise<string> {
  let formatted = alone.get(statement);
  if (formatted === undefined) {
    formatted = (await formatWithPrettier(`${statement}\n`)).replace(/\n$/, '');
    if (alone.size >= 2000) {
      alone.delete(alone.keys().next().value as string);
    }
    alone.set(statement, formatted);
  }
  return formatted;
}

/**
 * The whole file formatted by prettier, the typed documents laid out here: prettier formats the
 * rest with a one-line stand-in in each document's place, and the laid-out documents replace the
 * stand-ins (a statement on a line of its own keeps its place and the blank lines around it).
 */
async function formatWhole(text: string): Promise<string> {
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
