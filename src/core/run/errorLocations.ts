/**
 * Where a server error becomes a diagnostic: the one place that maps a GraphQL answer's
 * `errors[].locations` (1-based line and column in the text that was sent as `query`) onto the
 * document the person edits, for a `.graphql` file (its whole text was sent) and for a code file's
 * GraphQL template (the template was sent, followed by fragments from elsewhere) alike. Pure and
 * unit-tested in plain Node (test/unit/core/run/errorLocations.test.ts, embeddedRun.test.ts).
 *
 * The path of a server error: the run controller (src/run/runController.ts) hands the answer's
 * `errors` and the {@link SentPlace} of the run to the glue (src/run/serverDiagnostics.ts), which
 * calls {@link placeErrors} here and shows the result as `vscode.Diagnostic`s; the results panel's
 * links use {@link revealTargets} (kept with the run) and {@link rangeForLocation}.
 */
import { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';
import { tokenRangeAt, tokenSpanAt } from './tokens';
import { stringifyJson } from '../../shared/deepJson';
import { errorPositions } from '../../shared/resultsMessages';
import type { AppendedFragment, EmbeddedDocument, SentDocument } from './embeddedRun';
import { isRecord as isObject } from '../../shared/resultView';

/** An execution error placed in the document, ready to become an editor diagnostic. */
export interface ErrorDiagnostic {
  range: Range;
  message: string;
  /** `path` and `extensions` of the error, as text, when it had them. */
  detail?: string;
  /** `extensions.code` when it is a short identifier (e.g. GRAPHQL_VALIDATION_FAILED). */
  code?: string;
}

/**
 * Maps a GraphQL `errors` array onto the text that was sent as `query` (positions in that text). Each entry of
 * `locations` (1-based line and column) becomes one diagnostic on the token that starts there;
 * an error without usable locations goes on `fallbackRange` (the operation's name). Locations
 * outside the text are clamped to the nearest line and its end.
 */
export function mapErrorLocations(text: string | LineIndex, errors: unknown, fallbackRange: Range): ErrorDiagnostic[] {
  const lines = typeof text === 'string' ? new LineIndex(text) : text;
  if (!Array.isArray(errors)) {
    return [];
  }
  const out: ErrorDiagnostic[] = [];
  for (const error of errors) {
    const e = isObject(error) ? error : { message: String(error) };
    const base = {
      message: typeof e.message === 'string' && e.message.trim() !== '' ? e.message : 'The Service reported an error without a message.',
      ...describe(e),
    };
    const locations = Array.isArray(e.locations) ? e.locations.filter(isLocation) : [];
    if (locations.length === 0) {
      out.push({ range: fallbackRange, ...base });
      continue;
    }
    for (const loc of locations) {
      out.push({ range: rangeForLocation(lines, loc.line, loc.column), ...base });
    }
  }
  return out;
}

/** The token range at a 1-based GraphQL line/column, clamped into the text. */
export function rangeForLocation(lines: LineIndex, line: number, column: number): Range {
  const l = Math.floor(line) - 1;
  if (l >= lines.lineCount) {
    const end = lines.positionAt(lines.text.length);
    return { start: end, end };
  }
  const offset = lines.offsetAt({ line: Math.max(0, l), character: Math.max(0, Math.floor(column) - 1) });
  return tokenRangeAt(lines, offset);
}

function describe(e: Record<string, unknown>): { detail?: string; code?: string } {
  const parts: string[] = [];
  if (Array.isArray(e.path) && e.path.length > 0) {
    parts.push(`path: ${e.path.map(String).join('.')}`);
  }
  let code: string | undefined;
  if (isObject(e.extensions) && Object.keys(e.extensions).length > 0) {
    parts.push(`extensions: ${stringifyJson(e.extensions)}`);
    // The code shows beside the message in Problems: only a short identifier-like one is used
    // there (a server's code can be any text); the whole of it stays in the detail above.
    if (typeof e.extensions.code === 'string' && /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/.test(e.extensions.code)) {
      code = e.extensions.code;
    }
  }
  const result: { detail?: string; code?: string } = {};
  if (parts.length > 0) {
    result.detail = parts.join('\n');
  }
  if (code !== undefined) {
    result.code = code;
  }
  return result;
}

function isLocation(v: unknown): v is { line: number; column: number } {
  return isObject(v) && Number.isFinite(v.line) && Number.isFinite(v.column);
}

/** Where a server error location lands in the host file. */
export interface RevealTarget {
  /** The location as the server gave it (1-based, in the sent document). */
  readonly line: number;
  readonly column: number;
  /** The token there, in host coordinates. */
  readonly range: Range;
}

/**
 * The host offsets `[start, end)` of the token at a sent offset, or undefined when that offset is
 * in a part of the sent document that is not text of the host file (a fragment from another file).
 */
function hostSpan(sent: SentDocument, doc: EmbeddedDocument, offset: number): [number, number] | undefined {
  if (offset <= sent.templateLength) {
    const [s, e] = tokenSpanAt(doc.template.text, offset);
    return [doc.template.start + s, doc.template.start + e];
  }
  const part = sent.appended.find((a) => a.sentStart <= offset && offset <= a.sentStart + a.text.length);
  if (part?.hostStart === undefined) {
    return undefined;
  }
  const [s, e] = tokenSpanAt(part.text, offset - part.sentStart);
  return [part.hostStart + s, part.hostStart + e];
}

/** The appended fragment a sent offset is in, if any. */
function appendedAt(sent: SentDocument, offset: number): AppendedFragment | undefined {
  return sent.appended.find((a) => a.sentStart <= offset && offset <= a.sentStart + a.text.length);
}

/** What a run sent and where it came from: what {@link placeErrors} and {@link revealTargets} map back through. */
export interface SentPlace {
  /** The document sent as `query`. */
  readonly sent: SentDocument;
  /** The template (for a `.graphql` file: the whole file) the sent document starts with. */
  readonly doc: EmbeddedDocument;
  /** The text of the file the template is in. */
  readonly host: LineIndex;
  /** Where an error without a place in the file goes: the operation's name. */
  readonly fallback: Range;
}

/**
 * The server's errors as diagnostics of the host file: each location on its token inside the
 * template (or inside a fragment of another template of the same file); an error without
 * locations, or located in a fragment from another file, on `fallback` (the operation's name in
 * the host), saying which fragment it is about.
 */
export function placeErrors({ sent, doc, host, fallback }: SentPlace, errors: unknown): ErrorDiagnostic[] {
  const sentLines = new LineIndex(sent.text);
  const marker: Range = { start: { line: -1, character: 0 }, end: { line: -1, character: 0 } };
  return mapErrorLocations(sentLines, errors, marker).map((d) => {
    if (d.range === marker) {
      return { ...d, range: fallback };
    }
    const offset = sentLines.offsetAt(d.range.start);
    const span = hostSpan(sent, doc, offset);
    if (span) {
      return { ...d, range: host.rangeOf(span[0], span[1]) };
    }
    const part = appendedAt(sent, offset);
    const note = part ? `in fragment ${part.name} (${part.where})` : undefined;
    return { ...d, range: fallback, ...(note ? { detail: d.detail ? `${note}\n${d.detail}` : note } : {}) };
  });
}

/**
 * For the results panel: each error location of the answer and the host range it reveals (as
 * {@link placeErrors} places it: a location in a fragment from another file reveals `fallback`).
 */
export function revealTargets({ sent, doc, host, fallback }: SentPlace, errors: unknown): RevealTarget[] {
  if (!Array.isArray(errors)) {
    return [];
  }
  const sentLines = new LineIndex(sent.text);
  const out: RevealTarget[] = [];
  for (const error of errors) {
    // The places the results panel links (diagnostics clamp odd locations instead: mapErrorLocations).
    for (const { line, column } of error !== null && typeof error === 'object' ? errorPositions(error) : []) {
      const span = hostSpan(sent, doc, sentLines.offsetAt(rangeForLocation(sentLines, line, column).start));
      if (!out.some((t) => t.line === line && t.column === column)) {
        out.push({ line, column, range: span ? host.rangeOf(span[0], span[1]) : fallback });
      }
    }
  }
  return out;
}
