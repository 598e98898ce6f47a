/**
 * Excerpts of a schema's printed SDL (graphql's printSchema, as the read-only SDL view shows it):
 * a whole type, or a type's header with only some of its members, each with its description,
 * arguments and deprecation exactly as printed. Pure.
 */
import type { SchemaSdlView } from '../schema/sdlView';

/** The printed SDL split into lines, with the view's definition lines (made once per view). */
export interface SdlLines {
  readonly view: SchemaSdlView;
  readonly lines: readonly string[];
  /** Each type's member keys (`Type.member`) in printed order. */
  readonly members: ReadonlyMap<string, readonly string[]>;
}

const memo = new WeakMap<SchemaSdlView, SdlLines>();

/** The view's lines and each type's members (memoised per view). */
export function sdlLines(view: SchemaSdlView): SdlLines {
  let known = memo.get(view);
  if (!known) {
    const members = new Map<string, string[]>();
    const ordered = [...view.lines.entries()].filter(([key]) => key.includes('.')).sort((a, b) => a[1] - b[1]);
    for (const [key] of ordered) {
      const type = key.slice(0, key.indexOf('.'));
      let list = members.get(type);
      if (!list) {
        list = [];
        members.set(type, list);
      }
      list.push(key);
    }
    known = { view, lines: view.sdl.split('\n'), members };
    memo.set(view, known);
  }
  return known;
}

/** The first line of the description printed above `line` (or `line` itself when it has none). */
function withDescription(lines: readonly string[], line: number): number {
  const prev = lines[line - 1]?.trim();
  if (prev === undefined || !prev.startsWith('"')) {
    return line;
  }
  if (prev !== '"""') {
    return line - 1; // a one-line description
  }
  for (let i = line - 2; i >= 0; i--) {
    if (lines[i].trim().startsWith('"""')) {
      return i;
    }
  }
  return line;
}

/** The 0-based [start, end) lines of a type's definition, its description included; undefined when the view has no such type. */
export function typeRange(sdl: SdlLines, typeName: string): { start: number; end: number } | undefined {
  const line = sdl.view.lines.get(typeName);
  if (line === undefined) {
    return undefined;
  }
  const start = withDescription(sdl.lines, line);
  if (!sdl.lines[line].trimEnd().endsWith('{')) {
    return { start, end: line + 1 };
  }
  let end = line + 1;
  while (end < sdl.lines.length && sdl.lines[end] !== '}') {
    end++;
  }
  return { start, end: Math.min(end + 1, sdl.lines.length) };
}

/** The printed lines of one member (`Type.member`), its description and arguments included. */
function memberLines(sdl: SdlLines, key: string): string[] {
  const line = sdl.view.lines.get(key)!;
  const type = key.slice(0, key.indexOf('.'));
  const siblings = sdl.members.get(type) ?? [];
  const next = siblings[siblings.indexOf(key) + 1];
  let end: number;
  if (next !== undefined) {
    end = withDescription(sdl.lines, sdl.view.lines.get(next)!);
  } else {
    end = line + 1;
    while (end < sdl.lines.length && sdl.lines[end] !== '}') {
      end++;
    }
  }
  // The blank line printed between members is not part of this one.
  while (end > line + 1 && sdl.lines[end - 1].trim() === '') {
    end--;
  }
  return sdl.lines.slice(withDescription(sdl.lines, line), end);
}

/** A whole type as printed, or undefined when the schema has no such type. */
export function typeExcerpt(sdl: SdlLines, typeName: string): string | undefined {
  const range = typeRange(sdl, typeName);
  return range && sdl.lines.slice(range.start, range.end).join('\n');
}

/**
 * A type's header line (with its description) and only the members named (`Type.member` keys, in
 * printed order), with a comment saying how many other members were left out.
 */
export function membersExcerpt(sdl: SdlLines, typeName: string, memberKeys: readonly string[]): string | undefined {
  const line = sdl.view.lines.get(typeName);
  if (line === undefined) {
    return undefined;
  }
  const all = sdl.members.get(typeName) ?? [];
  const wanted = all.filter((k) => memberKeys.includes(k));
  const out = sdl.lines.slice(withDescription(sdl.lines, line), line + 1);
  for (const key of wanted) {
    out.push(...memberLines(sdl, key));
  }
  const others = all.length - wanted.length;
  if (others > 0) {
    out.push(`  # … ${others} other ${others === 1 ? 'member' : 'members'} not shown`);
  }
  out.push('}');
  return out.join('\n');
}
