/**
 * The heads the builder writes (a field's name, arguments and directives; an operation's name and
 * variable declarations) laid out as our formatter (prettier's GraphQL printer) lays them out: a
 * head too long for the line breaks one argument or declaration a line. Only heads an edit touched
 * are formatted, each at its own indentation, so the person's layout elsewhere is kept.
 */
import { parse, TokenKind, visit, type ASTNode, type DocumentNode, type Token } from 'graphql';
import { formatText, minimalEdit } from '../format/formatGraphql';
import type { BuilderChange } from './builderEdits';
import { eolOf, indentAt, indentUnitOf, startsLine, type BuilderEdit } from './builderLayout';

/** A text with non-overlapping edits applied. */
export function applyEdits(text: string, edits: readonly BuilderEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}

/**
 * The edits of `text` that do what `first` and then `second` (edits of the text `first` gives) do,
 * non-overlapping: each edit of `second` is joined with the edits of `first` it touches.
 */
export function composeEdits(text: string, first: readonly BuilderEdit[], second: readonly BuilderEdit[]): BuilderEdit[] {
  if (second.length === 0) {
    return [...first];
  }
  const mid = applyEdits(text, first);
  let delta = 0;
  const moved = [...first]
    .sort((a, b) => a.start - b.start)
    .map((e) => {
      const start = e.start + delta;
      delta += e.text.length - (e.end - e.start);
      return { start, end: start + e.text.length, delta: e.text.length - (e.end - e.start), first: true };
    });
  const spans = [...moved, ...second.map((e) => ({ start: e.start, end: e.end, delta: 0, first: false }))].sort((a, b) => a.start - b.start || a.end - b.end);
  const groups: { start: number; end: number; delta: number; before: number }[] = [];
  let before = 0;
  for (const s of spans) {
    const last = groups[groups.length - 1];
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      last.delta += s.delta;
    } else {
      groups.push({ start: s.start, end: s.end, delta: s.delta, before });
    }
    before += s.delta;
  }
  return groups.map((g) => {
    const oldStart = g.start - g.before;
    const inside = second.filter((e) => e.start >= g.start && e.end <= g.end).map((e) => ({ ...e, start: e.start - g.start, end: e.end - g.start }));
    return { start: oldStart, end: oldStart + (g.end - g.start) - g.delta, text: applyEdits(mid.slice(g.start, g.end), inside) };
  });
}

/** A head: where it starts and ends in the text, and whether a selection set follows it. */
interface Head {
  readonly start: number;
  readonly end: number;
  readonly selections: boolean;
  readonly operation: boolean;
  readonly startToken: Token;
}

function headsOf(document: DocumentNode): Head[] {
  const heads: Head[] = [];
  const add = (node: ASTNode & { selectionSet?: { loc?: { start: number; startToken: Token } } }, operation: boolean) => {
    const loc = node.loc!;
    // The head ends at the last token before the selection set.
    const end = node.selectionSet?.loc ? node.selectionSet.loc.startToken.prev!.end : loc.end;
    heads.push({ start: loc.start, end, selections: node.selectionSet !== undefined, operation, startToken: loc.startToken });
  };
  visit(document, {
    OperationDefinition: (node) => {
      if (node.loc && node.loc.start !== node.selectionSet.loc?.start) {
        add(node, true);
      }
    },
    Field: (node) => {
      add(node, false);
    },
  });
  return heads;
}

/** Whether a comment or a block string lies in a head (its layout is the person's: it is kept). */
function hasCommentOrBlock(head: Head): boolean {
  for (let t: Token | null = head.startToken; t && t.start < head.end; t = t.next) {
    if (t.kind === TokenKind.COMMENT || t.kind === TokenKind.BLOCK_STRING) {
      return true;
    }
  }
  return false;
}

/** Whether an edit of the text (in its coordinates after the edit) touches the inside of a head. */
function touches(head: Head, edit: { start: number; end: number }): boolean {
  return edit.start < edit.end ? edit.start < head.end && edit.end > head.start : head.start < edit.start && edit.start < head.end;
}

/**
 * A head formatted where it stands, `depth` units deep, or undefined when the formatter does not
 * give the shape expected. The head is printed inside as many enclosing selections as its depth
 * (and before a selection set when it has one), so the formatter measures its line as it would in
 * the whole document.
 */
async function formattedHead(written: string, head: Head, depth: number, unit: string, tabSize: number, eol: string): Promise<string | undefined> {
  const pad = (n: number) => unit.repeat(n);
  let prefix = '';
  let suffix = '\n';
  if (!head.operation) {
    prefix = 'query {\n';
    for (let i = 1; i < depth; i++) {
      prefix += `${pad(i)}a {\n`;
    }
    prefix += pad(depth);
    for (let i = depth - 1; i >= 0; i--) {
      suffix += `${pad(i)}}\n`;
    }
  }
  if (head.selections) {
    suffix = ` {\n${pad(depth + 1)}__typename\n${pad(depth)}}` + suffix;
  }
  const out = await formatText(`${prefix}${written}${suffix}`.replace(/\r\n/g, '\n'), { tabSize, insertSpaces: unit !== '\t' });
  if (!out?.startsWith(prefix) || !out.endsWith(suffix)) {
    return undefined;
  }
  return out.slice(prefix.length, out.length - suffix.length).replace(/\n/g, eol);
}

/**
 * The change with every head it touches laid out as our formatter lays it out (the rest of the
 * text as it was). `tabSize` counts a tab's width when the text is indented with tabs.
 */
export async function formatBuilderChange(text: string, change: BuilderChange, tabSize = 4): Promise<BuilderChange> {
  if (change.edits.length === 0) {
    return change;
  }
  const mid = applyEdits(text, change.edits);
  let document: DocumentNode;
  try {
    document = parse(mid);
  } catch {
    return change;
  }
  let delta = 0;
  const moved = [...change.edits]
    .sort((a, b) => a.start - b.start)
    .map((e) => {
      const start = e.start + delta;
      delta += e.text.length - (e.end - e.start);
      return { start, end: start + e.text.length };
    });
  const unit = indentUnitOf(mid);
  const eol = eolOf(mid);
  const size = unit === '\t' ? tabSize : unit.length;
  const second: BuilderEdit[] = [];
  for (const head of headsOf(document)) {
    if (!moved.some((m) => touches(head, m)) || !startsLine(mid, head.start) || hasCommentOrBlock(head)) {
      continue;
    }
    // The depth in units of the indentation: a head indented otherwise keeps its layout.
    const indent = indentAt(mid, head.start);
    const depth = indent.length / unit.length;
    if (!Number.isInteger(depth) || indent !== unit.repeat(depth) || (head.operation ? depth !== 0 : depth === 0)) {
      continue;
    }
    const written = mid.slice(head.start, head.end);
    const formatted = await formattedHead(written, head, depth, unit, size, eol);
    if (formatted !== undefined && formatted !== written) {
      second.push(minimalEdit(mid, formatted, head.start, head.end));
    }
  }
  return second.length === 0 ? change : { ...change, edits: composeEdits(text, change.edits, second) };
}
