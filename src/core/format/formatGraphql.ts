/**
 * Formatting of GraphQL documents with prettier's GraphQL printer (it keeps comments, which
 * graphql-js `print` drops). Prettier is loaded on the first format, not at activation: in the
 * built extension it is a bundle of its own (dist/prettier.js, see scripts/build.mjs).
 */
import { lazy } from '../lazy';
import { splitDefinitions } from '../language/definitionSplitter';

/** What formatting takes from the editor. */
export interface FormatOptions {
  readonly tabSize: number;
  readonly insertSpaces: boolean;
}

/** A replacement of `[start, end)` of the text (offsets) by `text`. */
export interface FormatEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

interface Prettier {
  format(source: string, options: Record<string, unknown>): Promise<string>;
}

/** Set by the extension's build: prettier's own bundle beside dist/extension.js. */
declare const __PRETTIER_MODULE__: string | undefined;

const loadPrettier = lazy(async (): Promise<{ prettier: Prettier; plugins: unknown[] }> => {
  if (typeof __PRETTIER_MODULE__ === 'string') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundle = require(__PRETTIER_MODULE__) as { prettier: Prettier; graphql: unknown };
    return { prettier: bundle.prettier, plugins: [bundle.graphql] };
  }
  const [standalone, graphql] = await Promise.all([import('prettier/standalone'), import('prettier/plugins/graphql')]);
  return { prettier: standalone as unknown as Prettier, plugins: [graphql] };
});

/**
 * The whole document formatted, as one edit (none when it is already formatted, or when it does
 * not parse: a syntax error is a diagnostic already, and nothing is changed).
 */
export async function formatDocument(text: string, options: FormatOptions): Promise<FormatEdit[]> {
  const formatted = await formatText(text, options);
  if (formatted === undefined || formatted === text) {
    return [];
  }
  return [minimalEdit(text, formatted, 0, text.length)];
}

/**
 * The definitions that `[start, end)` touches, formatted (a definition is the unit prettier
 * formats; the rest of the document is left as it is).
 */
export async function formatRange(text: string, start: number, end: number, options: FormatOptions): Promise<FormatEdit[]> {
  const { spans } = splitDefinitions(text);
  const touched = spans.filter((s) => s.end > start && s.start < Math.max(end, start + 1));
  if (touched.length === 0) {
    return [];
  }
  const from = touched[0].start;
  const to = touched[touched.length - 1].end;
  const slice = text.slice(from, to);
  const formatted = await formatText(slice, options);
  if (formatted === undefined) {
    return [];
  }
  // The definitions keep what separated them from what follows (a line break, blank lines).
  const trailing = /\s*$/.exec(slice)?.[0] ?? '';
  const replacement = to < text.length ? formatted.replace(/\n$/, '') + (trailing.includes('\n') ? trailing : '\n') : formatted;
  if (replacement === slice) {
    return [];
  }
  return [minimalEdit(text, replacement, from, to)];
}

/** `text` formatted as one GraphQL document, or undefined when it is blank or does not parse. */
export async function formatText(text: string, options: FormatOptions): Promise<string | undefined> {
  if (text.trim() === '') {
    return undefined;
  }
  const { prettier: p, plugins } = await loadPrettier();
  try {
    return await p.format(text, { parser: 'graphql', plugins, tabWidth: options.tabSize, useTabs: !options.insertSpaces, printWidth: 80 });
  } catch {
    return undefined;
  }
}

/** The edit that replaces `[from, to)` of `text` by `replacement`, trimmed to where they differ. */
export function minimalEdit(text: string, replacement: string, from: number, to: number): FormatEdit {
  let head = 0;
  const max = Math.min(to - from, replacement.length);
  while (head < max && text.charCodeAt(from + head) === replacement.charCodeAt(head)) {
    head++;
  }
  let tail = 0;
  while (tail < max - head && text.charCodeAt(to - 1 - tail) === replacement.charCodeAt(replacement.length - 1 - tail)) {
    tail++;
  }
  return { start: from + head, end: to - tail, text: replacement.slice(head, replacement.length - tail) };
}
