/**
 * The few document commands of prettier 3 that the generated files' type declarations need
 * (`group`, `indent`, `align`, `line`, `softline`, `ifBreak`, `indentIfBreak`), and a copy of
 * prettier's printer for them: `propagateBreaks`, then `printDocToString` with its line fitting
 * (`fits`), spaces and width 80. typeDeclarations.ts prints type trees into these commands.
 *
 * Follows prettier 3.10 (MIT): src/document/builders.js, src/document/utils.js and
 * src/document/printer/printer.js.
 */

const WIDTH = 80;

export type Doc = string | readonly Doc[] | Group | Indent | Align | Line | IfBreak | IndentIfBreak;

interface Group {
  readonly kind: 'group';
  readonly contents: Doc;
  /** prettier's `shouldBreak`, or a break propagated from a group inside. */
  brk: boolean;
  readonly id?: number;
}
interface Indent {
  readonly kind: 'indent';
  readonly contents: Doc;
}
interface Align {
  readonly kind: 'align';
  readonly n: number;
  readonly contents: Doc;
}
interface Line {
  readonly kind: 'line';
  readonly soft: boolean;
}
interface IfBreak {
  readonly kind: 'ifBreak';
  readonly breakContents: Doc;
  readonly flatContents: Doc;
}
interface IndentIfBreak {
  readonly kind: 'indentIfBreak';
  readonly contents: Doc;
  readonly groupId: number;
}

export const line: Line = { kind: 'line', soft: false };
export const softline: Line = { kind: 'line', soft: true };
export const group = (contents: Doc, brk = false, id?: number): Group => ({ kind: 'group', contents, brk, id });
export const indent = (contents: Doc): Indent => ({ kind: 'indent', contents });
export const align = (n: number, contents: Doc): Align => ({ kind: 'align', n, contents });
export const ifBreak = (breakContents: Doc, flatContents: Doc = ''): IfBreak => ({ kind: 'ifBreak', breakContents, flatContents });

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) {
      out.push(separator);
    }
    out.push(d);
  });
  return out;
}

/** prettier's `propagateBreaks`: a group that breaks breaks every group around it. Returns whether `doc` holds a breaking group. */
function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === 'string') {
    return false;
  }
  if (Array.isArray(doc)) {
    let any = false;
    for (const d of doc as readonly Doc[]) {
      any = propagateBreaks(d) || any;
    }
    return any;
  }
  const node = doc as Exclude<Doc, string | readonly Doc[]>;
  switch (node.kind) {
    case 'group': {
      const inner = propagateBreaks(node.contents);
      node.brk = node.brk || inner;
      return node.brk;
    }
    case 'indent':
    case 'align':
    case 'indentIfBreak':
      return propagateBreaks(node.contents);
    case 'ifBreak': {
      const a = propagateBreaks(node.breakContents);
      const b = propagateBreaks(node.flatContents);
      return a || b;
    }
    default:
      return false;
  }
}

interface Command {
  readonly ind: number;
  readonly flat: boolean;
  readonly doc: Doc;
}

/** prettier's `fits`: whether `next` (and what follows it up to the next possible line break) fits in `width`. */
function fits(next: Command, rest: readonly Command[], width: number): boolean {
  let restIndex = rest.length;
  const stack: Command[] = [next];
  let pendingSpace = false;
  while (width >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) {
        return true;
      }
      stack.push(rest[--restIndex]);
      continue;
    }
    const { flat, doc, ind } = stack.pop() as Command;
    if (typeof doc === 'string') {
      if (doc) {
        if (pendingSpace) {
          width -= 1;
          pendingSpace = false;
        }
        width -= doc.length;
      }
      continue;
    }
    if (Array.isArray(doc)) {
      const parts = doc as readonly Doc[];
      for (let i = parts.length - 1; i >= 0; i--) {
        stack.push({ ind, flat, doc: parts[i] });
      }
      continue;
    }
    const node = doc as Exclude<Doc, string | readonly Doc[]>;
    switch (node.kind) {
      case 'indent':
      case 'align':
      case 'indentIfBreak':
        stack.push({ ind, flat, doc: node.contents });
        break;
      case 'group':
        stack.push({ ind, flat: node.brk ? false : flat, doc: node.contents });
        break;
      case 'ifBreak':
        stack.push({ ind, flat, doc: flat ? node.flatContents : node.breakContents });
        break;
      case 'line':
        if (!flat) {
          return true;
        }
        if (!node.soft) {
          pendingSpace = true;
        }
        break;
    }
  }
  return false;
}

/** prettier's `printDocToString` for these commands (spaces, width 80). */
export function printDoc(doc: Doc): string {
  propagateBreaks(doc);
  const modes = new Map<number, boolean>();
  const out: string[] = [];
  let position = 0;
  const commands: Command[] = [{ ind: 0, flat: false, doc }];
  while (commands.length > 0) {
    const { ind, flat, doc: d } = commands.pop() as Command;
    if (typeof d === 'string') {
      out.push(d);
      position += d.length;
      continue;
    }
    if (Array.isArray(d)) {
      const parts = d as readonly Doc[];
      for (let i = parts.length - 1; i >= 0; i--) {
        commands.push({ ind, flat, doc: parts[i] });
      }
      continue;
    }
    const node = d as Exclude<Doc, string | readonly Doc[]>;
    switch (node.kind) {
      case 'indent':
        commands.push({ ind: ind + 2, flat, doc: node.contents });
        break;
      case 'align':
        commands.push({ ind: ind + node.n, flat, doc: node.contents });
        break;
      case 'group': {
        let groupFlat: boolean;
        if (flat) {
          groupFlat = !node.brk;
        } else {
          const next: Command = { ind, flat: true, doc: node.contents };
          groupFlat = !node.brk && fits(next, commands, WIDTH - position);
        }
        commands.push({ ind, flat: groupFlat, doc: node.contents });
        if (node.id !== undefined) {
          modes.set(node.id, groupFlat);
        }
        break;
      }
      case 'ifBreak': {
        const contents = flat ? node.flatContents : node.breakContents;
        if (contents) {
          commands.push({ ind, flat, doc: contents });
        }
        break;
      }
      case 'indentIfBreak': {
        const groupFlat = modes.get(node.groupId);
        if (groupFlat === false) {
          commands.push({ ind, flat, doc: indent(node.contents) });
        } else if (groupFlat === true) {
          commands.push({ ind, flat, doc: node.contents });
        }
        break;
      }
      case 'line':
        if (flat) {
          if (!node.soft) {
            out.push(' ');
            position += 1;
          }
        } else {
          trimEnd(out);
          out.push(`\n${' '.repeat(ind)}`);
          position = ind;
        }
        break;
    }
  }
  return out.join('');
}

/** prettier's `trim` before a line break: the spaces at the end of the output so far. */
function trimEnd(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1];
    const trimmed = last.replace(/[ \t]+$/, '');
    if (trimmed.length > 0 || last.length === 0) {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}
