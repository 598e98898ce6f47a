import { LineIndex } from '../text/lineIndex';
import type { Range } from '../text/position';
import { tokenRangeAt } from './tokens';
import { stringifyJson } from '../../shared/deepJson';

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
 * Maps a GraphQL `errors` array onto the document that was sent as `query`. Each entry of
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

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isLocation(v: unknown): v is { line: number; column: number } {
  return isObject(v) && Number.isFinite(v.line) && Number.isFinite(v.column);
}
