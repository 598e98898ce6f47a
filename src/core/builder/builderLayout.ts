/**
 * Text layout for the builder's edits, as prettier's GraphQL printer lays selections out (one
 * selection a line, nested selections one indentation unit deeper), measured from the text
 * around the edit so the person's layout elsewhere is kept.
 */

/** A replacement of `[start, end)` of the GraphQL text by `text`. */
export interface BuilderEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The indentation unit of a text: a tab if lines start with tabs, else the smallest indentation (2 when none). */
export function indentUnitOf(text: string): string {
  if (/^\t/m.test(text)) {
    return '\t';
  }
  const indents = [...text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
  return ' '.repeat(indents.length > 0 ? Math.min(...indents) : 2);
}

/** The start of the line `offset` is on. */
export function lineStart(text: string, offset: number): number {
  const nl = Math.max(text.lastIndexOf('\n', offset - 1), -1);
  return nl + 1;
}

/** The indentation of the line `offset` is on. */
export function indentAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** Whether only spaces and tabs lie between the line's start and `offset`. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}

/**
 * Where a selection's line ends: past spaces and a trailing `#` comment (it belongs to the
 * selection), at the line break; undefined when something else follows on that line.
 */
export function lineEndAfter(text: string, offset: number): number | undefined {
  const m = /^[ \t,]*(#[^\n\r]*)?(?=\r?\n|$)/.exec(text.slice(offset));
  return m ? offset + m[0].length : undefined;
}

/**
 * The range that removes `[start, end)` and the line it stood on when it was alone there (with
 * its trailing comment); otherwise the node and the blanks after it.
 */
export function removalRange(text: string, start: number, end: number): { start: number; end: number } {
  const lineEnd = lineEndAfter(text, end);
  if (startsLine(text, start) && lineEnd !== undefined) {
    const from = lineStart(text, start);
    const nl = text.startsWith('\r\n', lineEnd) ? 2 : text.startsWith('\n', lineEnd) ? 1 : 0;
    if (nl === 0 && from > 0) {
      // The last line of the text: the line break before it goes instead.
      const before = text[from - 2] === '\r' ? 2 : 1;
      return { start: from - before, end: lineEnd };
    }
    return { start: from, end: lineEnd + nl };
  }
  const blanks = /^[ \t,]*/.exec(text.slice(end))?.[0].length ?? 0;
  return { start, end: end + blanks };
}

/** The line break a text uses. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/**
 * Removals from a list whose items have no separators to keep (arguments, variable declarations):
 * everything when every item goes, else each gone item with the blank before the next kept one
 * (or after the previous item), so the kept ones keep their layout.
 */
export function listRemovals(items: readonly { start: number; end: number }[], gone: readonly boolean[], whole: { start: number; end: number }): BuilderEdit[] {
  if (items.length === 0 || !gone.some(Boolean)) {
    return [];
  }
  if (gone.every(Boolean)) {
    return [{ ...whole, text: '' }];
  }
  const keptIndex = gone.findIndex((g) => !g);
  const edits: BuilderEdit[] = [];
  items.forEach((item, i) => {
    if (gone[i]) {
      edits.push(i < keptIndex ? { start: item.start, end: items[i + 1].start, text: '' } : { start: items[i - 1].end, end: item.end, text: '' });
    }
  });
  return mergeTouching(edits);
}

/** Joins removals that touch or overlap. */
export function mergeTouching(edits: readonly BuilderEdit[]): BuilderEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const out: BuilderEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && last.text === '' && e.text === '' && last.end >= e.start) {
      out[out.length - 1] = { start: last.start, end: Math.max(last.end, e.end), text: '' };
    } else {
      out.push(e);
    }
  }
  return out;
}
