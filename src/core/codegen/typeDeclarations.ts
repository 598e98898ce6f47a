/**
 * The type declarations of generated files (`export type XQuery = { … };`, codegen's one-line
 * object types, unions and `Array<…>`) laid out exactly as prettier 3 lays them out with its
 * defaults, without prettier: the statement is parsed into a small type tree, the tree is printed
 * into prettier's document commands with prettier's rules for these nodes (its `printTypeAlias`
 * and assignment layouts, `printUnionType`, `printClassBody` for type literals,
 * `printTypeParameters`), and the commands are laid out by a copy of prettier's line-fitting
 * algorithm (`printDocToString`'s `fits`), for the few commands these rules use.
 *
 * The shapes followed: `type X = T;` (exported or not, without type parameters) where T is made
 * of keywords (`string`, `null`, …), `true`/`false`, single-quoted strings, type names with
 * type arguments (`Array<T>`, `Maybe<T>`, `Exact<{…}>`), object type literals with identifier keys
 * (`?` allowed) and unions (a leading `|` allowed); and enums as codegen prints them (each member
 * on its line after its description comment). Anything else (comments elsewhere, intersections,
 * `T[]`, parentheses, mapped or conditional types, blank lines inside, a string with a quote or a
 * backslash, a non-ASCII character) gives `undefined`: the caller lets prettier format that
 * statement. Tests compare the result with prettier's on every generated file and on seeded
 * random declarations.
 *
 * Follows prettier 3.10 (MIT): src/language-js/print/{type-alias,assignment,union-type,
 * class-body,type-parameters,type-annotation}.js and src/document/printer/printer.js.
 */

const WIDTH = 80;

// ---------------------------------------------------------------------------------------------
// prettier's document commands (the ones these rules use) and its printer

type Doc = string | readonly Doc[] | Group | Indent | Align | Line | IfBreak | IndentIfBreak;

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

const line: Line = { kind: 'line', soft: false };
const softline: Line = { kind: 'line', soft: true };
const group = (contents: Doc, brk = false, id?: number): Group => ({ kind: 'group', contents, brk, id });
const indent = (contents: Doc): Indent => ({ kind: 'indent', contents });
const align = (n: number, contents: Doc): Align => ({ kind: 'align', n, contents });
const ifBreak = (breakContents: Doc, flatContents: Doc = ''): IfBreak => ({ kind: 'ifBreak', breakContents, flatContents });

function join(separator: Doc, docs: readonly Doc[]): Doc[] {
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
function printDoc(doc: Doc): string {
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

// ---------------------------------------------------------------------------------------------
// the type tree and its parser

type TypeNode =
  /** A keyword type, `true`/`false` or a string literal (prettier's simple types). */
  | { readonly t: 'simple'; readonly text: string; readonly isVoid: boolean }
  | { readonly t: 'ref'; readonly name: string; readonly args?: readonly TypeNode[] }
  | { readonly t: 'object'; readonly members: readonly Member[]; readonly brk: boolean }
  | { readonly t: 'union'; readonly types: readonly TypeNode[] };

interface Member {
  readonly key: string;
  readonly optional: boolean;
  readonly type: TypeNode;
}

/** A statement outside the shapes followed here. */
class Unsupported extends Error {}

const KEYWORDS = new Set(['string', 'number', 'boolean', 'unknown', 'any', 'never', 'null', 'undefined', 'void', 'object', 'symbol', 'bigint', 'true', 'false']);
/** Words that start types this parser does not know (or that prettier prints otherwise). */
const REJECTED = new Set(['this', 'typeof', 'keyof', 'infer', 'readonly', 'unique', 'asserts', 'is', 'extends', 'new', 'import', 'abstract', 'declare']);

/** Whether a character code is an ASCII letter, `_` or `$` (or a digit, after the first). */
function isIdentifierChar(c: number, first: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || (!first && c >= 48 && c <= 57);
}

class Parser {
  private pos: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  /** Skips spaces and line breaks; a comment is not followed. */
  private skip(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        this.pos++;
      } else {
        return;
      }
    }
  }

  peek(): string {
    this.skip();
    return this.text.charAt(this.pos);
  }

  expect(c: string): void {
    if (this.peek() !== c) {
      throw new Unsupported(`expected ${c}`);
    }
    this.pos++;
  }

  /** Whether only spaces and line breaks are left. */
  atEnd(): boolean {
    this.skip();
    return this.pos >= this.text.length;
  }

  identifier(): string {
    this.skip();
    const text = this.text;
    const start = this.pos;
    if (!isIdentifierChar(text.charCodeAt(start), true)) {
      throw new Unsupported('expected a name');
    }
    let end = start + 1;
    while (end < text.length && isIdentifierChar(text.charCodeAt(end), false)) {
      end++;
    }
    this.pos = end;
    return text.slice(start, end);
  }

  type(): TypeNode {
    if (this.peek() === '|') {
      this.pos++;
    }
    const types = [this.primary()];
    while (this.peek() === '|') {
      this.pos++;
      types.push(this.primary());
    }
    return types.length === 1 ? types[0] : { t: 'union', types };
  }

  private primary(): TypeNode {
    const c = this.peek();
    if (c === '{') {
      return this.object();
    }
    if (c === "'") {
      return this.string();
    }
    const name = this.identifier();
    if (REJECTED.has(name)) {
      throw new Unsupported(name);
    }
    if (KEYWORDS.has(name)) {
      return { t: 'simple', text: name, isVoid: name === 'null' || name === 'void' };
    }
    if (this.peek() !== '<') {
      return { t: 'ref', name };
    }
    this.pos++;
    const args = [this.type()];
    while (this.peek() === ',') {
      this.pos++;
      args.push(this.type());
    }
    this.expect('>');
    return { t: 'ref', name, args };
  }

  /** `'text'` of printable ASCII without quotes or backslashes: prettier prints `"text"`. */
  private string(): TypeNode {
    const text = this.text;
    const end = text.indexOf("'", this.pos + 1);
    if (end < 0) {
      throw new Unsupported('an unterminated string');
    }
    const content = text.slice(this.pos + 1, end);
    if (!/^[ !#-&(-[\]-~]*$/.test(content)) {
      throw new Unsupported('a string prettier may quote otherwise');
    }
    this.pos = end + 1;
    return { t: 'simple', text: `"${content}"`, isVoid: false };
  }

  private object(): TypeNode {
    const open = this.pos;
    this.pos++;
    const members: Member[] = [];
    let brk = false;
    while (this.peek() !== '}') {
      if (members.length === 0) {
        // prettier's objectWrap "preserve": a line break between `{` and the first key keeps the object broken.
        brk = this.text.slice(open, this.pos).includes('\n');
      }
      const key = this.identifier();
      let optional = false;
      if (this.peek() === '?') {
        optional = true;
        this.pos++;
      }
      this.expect(':');
      members.push({ key, optional, type: this.type() });
      const next = this.peek();
      if (next === ',' || next === ';') {
        this.pos++;
      } else if (next !== '}') {
        throw new Unsupported('expected a separator');
      }
    }
    this.pos++;
    return { t: 'object', members, brk };
  }
}

// ---------------------------------------------------------------------------------------------
// prettier's rules for these nodes

const isObjectLike = (n: TypeNode): boolean => n.t === 'object' || n.t === 'ref';
const isVoid = (n: TypeNode): boolean => n.t === 'simple' && n.isVoid;
const isSimple = (n: TypeNode): boolean => n.t === 'simple' || (n.t === 'ref' && n.args === undefined);

/** prettier's `shouldHugUnionType`: one object-like type, the others `null` or `void`. */
function shouldHugUnion(types: readonly TypeNode[]): boolean {
  const objectType = types.find(isObjectLike);
  return objectType !== undefined && types.every((n) => n === objectType || isVoid(n));
}

/** prettier's `shouldHugType`. */
function shouldHugType(n: TypeNode): boolean {
  return isSimple(n) || n.t === 'object' || (n.t === 'union' && shouldHugUnion(n.types));
}

/** Where a type is printed: it decides whether a union indents itself. */
type Place = 'assignment' | 'annotation' | 'typeArgument' | 'member';

function printType(n: TypeNode, place: Place): Doc {
  switch (n.t) {
    case 'simple':
      return n.text;
    case 'ref':
      return n.args ? [n.name, printTypeArguments(n.args)] : n.name;
    case 'object':
      return printObject(n.members, n.brk);
    case 'union':
      return printUnion(n.types, place);
  }
}

/** prettier's `printTypeParameters` for a type's arguments (no trailing comma: TypeScript's rule). */
function printTypeArguments(args: readonly TypeNode[]): Doc {
  const printed = args.map((a) => printType(a, 'typeArgument'));
  if (args.length === 1 && shouldHugType(args[0])) {
    return ['<', printed[0], '>'];
  }
  return group(['<', indent([softline, join([',', line], printed)]), softline, '>']);
}

/** prettier's `printClassBody` for a type literal, members `key: T;` a line each when broken. */
function printObject(members: readonly Member[], brk: boolean): Doc {
  if (members.length === 0) {
    return '{}';
  }
  const parts: Doc[] = [];
  members.forEach((m, i) => {
    const last = i === members.length - 1;
    parts.push([group([m.key, m.optional ? '?' : '', ': ', printType(m.type, 'annotation')]), last ? ifBreak(';') : ';']);
    if (!last) {
      parts.push(line);
    }
  });
  return group(['{', indent([line, ...parts]), line, '}'], brk);
}

/** prettier's `printUnionType` (without comments). */
function printUnion(types: readonly TypeNode[], place: Place): Doc {
  if (shouldHugUnion(types)) {
    return join(
      ' | ',
      types.map((t) => printType(t, 'member')),
    );
  }
  const printed = group(types.map((t, i) => [i === 0 ? ifBreak('| ') : [line, '| '], align(2, printType(t, 'member'))]));
  if (place === 'assignment' || place === 'typeArgument') {
    return printed; // the assignment's layout indents it; type arguments do not
  }
  return group(indent([softline, printed]));
}

/** `[export ]type Name = ` at the start of a statement. */
const TYPE_ALIAS = /^(export )?type ([A-Za-z_$][\w$]*) =/;

/** A statement `export type X = T;` formatted as prettier formats it, or undefined when it is not one this module knows. */
export function formatTypeAlias(statement: string): string | undefined {
  const m = TYPE_ALIAS.exec(statement);
  if (!m || /[^\n\r\t -~]/.test(statement) || /\n[ \t\r]*\n/.test(statement)) {
    return undefined;
  }
  const enumText = formatEnum(statement);
  if (enumText !== undefined) {
    return enumText;
  }
  let right: TypeNode;
  try {
    const parser = new Parser(statement, m[0].length);
    right = parser.type();
    parser.expect(';');
    if (!parser.atEnd()) {
      return undefined;
    }
  } catch (err) {
    if (err instanceof Unsupported) {
      return undefined;
    }
    throw err;
  }
  const left = group(['type ', m[2]]);
  let assignment: Doc;
  if (right.t === 'union' && !shouldHugUnion(right.types)) {
    // layout "break-after-operator"
    assignment = group([left, ' =', group(indent([line, printType(right, 'assignment')]))]);
  } else {
    // layout "fluid"
    const id = 1;
    assignment = group([left, ' =', group(indent(line), false, id), { kind: 'indentIfBreak', contents: printType(right, 'assignment'), groupId: id }]);
  }
  return printDoc([m[1] ?? '', assignment, ';']);
}

/** An enum as codegen prints it: `export type X =` then each member's description comment and `| 'VALUE'`. */
const ENUM_LINE = /^ {2}(?:\/\*\*(?:(?!\*\/)[^\n])*\*\/|\| '[A-Za-z_][\w]*';?)$/;

/**
 * codegen's enum with a description on every member: prettier keeps its layout (own-line comments
 * break the union) and only swaps the quotes.
 */
function formatEnum(statement: string): string | undefined {
  const lines = statement.split('\n');
  if (!/^(export )?type [A-Za-z_$][\w$]* =$/.test(lines[0]) || lines.length < 3 || !lines[lines.length - 1].endsWith(';')) {
    return undefined;
  }
  for (let i = 1; i < lines.length; i++) {
    const isComment = lines[i].startsWith('  /**');
    // comment, member, comment, member, …: every member has its comment; `;` only on the last
    if (!ENUM_LINE.test(lines[i]) || isComment !== (i % 2 === 1) || lines[i].endsWith(';') !== (i === lines.length - 1)) {
      return undefined;
    }
  }
  return lines.map((l, i) => (i > 0 && i % 2 === 0 ? l.replace(/'/g, '"') : l)).join('\n');
}
