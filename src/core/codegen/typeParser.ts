/**
 * The type tree of a generated type declaration's right-hand side, and its parser: keywords,
 * `true`/`false`, single-quoted strings, type names with type arguments, object type literals with
 * identifier keys (`?` allowed) and unions (a leading `|` allowed). Anything else throws
 * {@link Unsupported}: the caller lets prettier format that statement (typeDeclarations.ts).
 */

export type TypeNode =
  /** A keyword type, `true`/`false` or a string literal (prettier's simple types). */
  | { readonly t: 'simple'; readonly text: string; readonly isVoid: boolean }
  | { readonly t: 'ref'; readonly name: string; readonly args?: readonly TypeNode[] }
  | { readonly t: 'object'; readonly members: readonly Member[]; readonly brk: boolean }
  | { readonly t: 'union'; readonly types: readonly TypeNode[] };

export interface Member {
  readonly key: string;
  readonly optional: boolean;
  readonly type: TypeNode;
}

/** A statement outside the shapes followed here. */
export class Unsupported extends Error {}

const KEYWORDS = new Set(['string', 'number', 'boolean', 'unknown', 'any', 'never', 'null', 'undefined', 'void', 'object', 'symbol', 'bigint', 'true', 'false']);
/** Words that start types this parser does not know (or that prettier prints otherwise). */
const REJECTED = new Set(['this', 'typeof', 'keyof', 'infer', 'readonly', 'unique', 'asserts', 'is', 'extends', 'new', 'import', 'abstract', 'declare']);

/** Whether a character code is an ASCII letter, `_` or `$` (or a digit, after the first). */
function isIdentifierChar(c: number, first: boolean): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || (!first && c >= 48 && c <= 57);
}

export class Parser {
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
