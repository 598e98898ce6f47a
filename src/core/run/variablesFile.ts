/**
 * The variables file next to a GraphQL document (`tasks.graphql` -> `tasks.variables.json`):
 * one object of variables per operation name. Read and edited with jsonc-parser, so comments
 * and formatting survive every edit and problem locations are exact.
 */
import { applyEdits, modify } from 'jsonc-parser';
import { TenantGraphqlError } from '../errors';
import { LineIndex } from '../text/lineIndex';
import { findMemberKey, jsonMemberSpans } from './jsonLocation';
import { parseJsonText } from './jsonText';
import type { VariableValues } from './variables';
import { isRecord as isObject } from '../../shared/resultView';

/** A sidecar file: one object of variables per operation name. */
export type Sidecar = Record<string, VariableValues>;

/** The sidecar key of an anonymous operation (not a valid GraphQL name, so it cannot clash). */
export const ANONYMOUS_OPERATION_KEY = '(anonymous)';

/** The sidecar key for an operation name. */
export function sidecarKey(operationName: string | undefined): string {
  return operationName ?? ANONYMOUS_OPERATION_KEY;
}

/** A sidecar file that is not valid: `line` and `column` are 1-based, as editors show them. */
export class SidecarError extends TenantGraphqlError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Extensions of the code files whose GraphQL templates can run (they share the sidecar scheme). */
export const CODE_FILE_EXTENSIONS: readonly string[] = ['ts', 'tsx', 'mts', 'cts', 'js', 'jsx', 'mjs', 'cjs', 'vue', 'svelte'];

/** Extensions of the files that can have a sidecar, GraphQL documents first. */
export const SIDECAR_OWNER_EXTENSIONS: readonly string[] = ['graphql', 'gql', ...CODE_FILE_EXTENSIONS];

const OWNER = new RegExp(`^(.*?)\\.(${SIDECAR_OWNER_EXTENSIONS.join('|')})((?:[?#].*)?)$`, 'i');

/**
 * The sidecar next to a document: `tasks.graphql` -> `tasks.variables.json` (also `.gql`), and
 * for GraphQL templates in code `api.ts` -> `api.variables.json` (any of CODE_FILE_EXTENSIONS).
 * Works on file paths and URI strings; undefined for other extensions.
 */
export function sidecarPathFor(documentPath: string): string | undefined {
  const m = OWNER.exec(documentPath);
  if (!m || m[1] === '' || /[/\\]$/.test(m[1])) {
    return undefined;
  }
  return `${m[1]}.variables.json${m[3]}`;
}

/**
 * Parses sidecar text. An empty file is an empty sidecar. Bad JSON, a top level that is not an
 * object, or an entry that is not an object gives a SidecarError with line and column.
 */
export function parseSidecar(text: string): { ok: true; sidecar: Sidecar } | { ok: false; error: SidecarError } {
  if (text.trim() === '') {
    return { ok: true, sidecar: {} };
  }
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const p = lines.positionAt(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column } = at(parsed.problem.offset);
    return {
      ok: false,
      error: new SidecarError(`The variables file is not valid JSON at line ${line}, column ${column}: ${parsed.problem.message}.`, line, column),
    };
  }
  const { value, topLevelKeys } = parsed.json;
  if (!isObject(value)) {
    return {
      ok: false,
      error: new SidecarError('The variables file must hold one JSON object, with one object of variables per operation name (for example {"Tasks": {"priority": "HIGH"}}).', 1, 1),
    };
  }
  for (const [key, entry] of Object.entries(value)) {
    if (!isObject(entry)) {
      const { line, column } = at(topLevelKeys.get(key) ?? 0);
      return {
        ok: false,
        error: new SidecarError(`The entry "${key}" of the variables file (line ${line}) must be an object of variables, for example {"name": "value"}.`, line, column),
      };
    }
  }
  return { ok: true, sidecar: value as Sidecar };
}

/** The variables the sidecar holds for an operation (an empty object when it has none). */
export function variablesFromSidecar(sidecar: Sidecar | undefined, operationName: string | undefined): VariableValues {
  const entry = sidecar?.[sidecarKey(operationName)];
  return isObject(entry) ? { ...entry } : {};
}

/**
 * Returns the new sidecar text with `values` merged into the operation's entry; other
 * operations, other variables, comments and formatting are kept (jsonc-parser edits, indented
 * like the file). A new file is 2-space JSON with a final newline.
 * Throws SidecarError when the existing text is not a valid sidecar (nothing to merge into).
 */
export function saveAnswers(sidecarText: string | undefined, operationName: string | undefined, values: VariableValues): string {
  const key = sidecarKey(operationName);
  if (sidecarText === undefined || sidecarText.trim() === '') {
    const fresh: Sidecar = {};
    Object.defineProperty(fresh, key, { value: { ...values }, enumerable: true, writable: true, configurable: true });
    return JSON.stringify(fresh, null, 2) + '\n';
  }
  const parsed = parseSidecar(sidecarText);
  if (!parsed.ok) {
    throw parsed.error;
  }
  const formattingOptions = formattingOf(sidecarText);
  const edit = (text: string, path: string[], value: unknown) => applyEdits(text, modify(text, path, value, { formattingOptions }));
  if (!Object.prototype.hasOwnProperty.call(parsed.sidecar, key)) {
    return edit(sidecarText, [key], { ...values });
  }
  let text = sidecarText;
  for (const [name, value] of Object.entries(values)) {
    text = edit(text, [key, name], value);
  }
  return text;
}

/** Indentation and line breaks of a file, so that edits look like the rest of it. */
function formattingOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (/^\t/m.test(text)) {
    return { insertSpaces: false, tabSize: 1, eol };
  }
  const indents = [...text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
  return { insertSpaces: true, tabSize: indents.length > 0 ? Math.min(...indents) : 2, eol };
}

/** The variable a message of graphql's (the Service's or ours) names (`Variable "$name" ...`, in the words of graphql 16 and 17 alike). */
export function variableNamedIn(message: string): string | undefined {
  return /Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(message)?.[1];
}

/**
 * Where in the variables file a variables error is best shown: the variable's name in the
 * operation's entry when the message names one, else the entry, else the start.
 */
export function variablesErrorOffset(sidecarText: string, operationName: string | undefined, error: string): number {
  const name = variableNamedIn(error);
  const key = sidecarKey(operationName);
  const spans = jsonMemberSpans(sidecarText);
  const span = (name && findMemberKey(spans, [key, name])) || findMemberKey(spans, [key]);
  return span?.[0] ?? 0;
}
