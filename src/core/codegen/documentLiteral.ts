/**
 * The typed documents of generated files (`export const XDocument = {…} as unknown as
 * DocumentNode<XQuery, XQueryVariables>;`, one line of JSON from the `typed-document-node`
 * plugin) laid out exactly as prettier 3 lays them out with its defaults, without prettier.
 *
 * These literals are three quarters of the generated text, and prettier spends most of its time
 * on them (parse, then print); their shape is narrow (objects with identifier keys, arrays,
 * strings, booleans), so prettier's rules for it are few and are followed here:
 * - an object or array is printed on one line when it fits in 80 columns with what follows it up
 *   to the next line break (its `,`), and is not forced to break; else one entry a line, with a
 *   trailing comma;
 * - an array of more than one element whose elements are all objects (or all arrays) with more
 *   than one entry is always broken, and a broken group breaks every group around it;
 * - `key: value` keeps the value on the key's line, except a string or `null` after a key of five
 *   or more characters, which goes to the next line (indented) when the line would be too long;
 * - object keys lose their quotes (they are identifiers); strings keep JSON's double quotes and
 *   escapes when they hold no double quote;
 * - the type arguments of `DocumentNode<A, B>` go one a line when the last line is too long.
 * Anything outside that shape (a double quote or a non-ASCII character in a string, a number, a line
 * that would overflow where prettier has more rules) gives `undefined`: the caller lets prettier
 * format that statement. Tests compare the result with prettier's on every generated file.
 */

const WIDTH = 80;
const INDENT = '  ';

/** One statement `export const NAME = JSON as unknown as DocumentNode<A, B>;` of codegen's output. */
const STATEMENT = /^export const ([A-Za-z_$][\w$]*) = (\{.*\}) as unknown as DocumentNode<([\w$]+), ([\w$]+)>;$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A value that cannot be printed here: the caller falls back to prettier. */
class Unsupported extends Error {}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Printable ASCII without a double quote (JSON escapes it as `\"`, and prettier may pick single quotes then). */
const PLAIN_STRING = /^"(?:[ !#-[\]-~]|\\[\\nrtbf]|\\u[0-9a-f]{4})*"$/;

/** The statement formatted as prettier formats it, or undefined when it is not one this module knows. */
export function formatDocumentStatement(line: string): string | undefined {
  const m = STATEMENT.exec(line);
  if (!m) {
    return undefined;
  }
  const [, name, json, result, variables] = m;
  const head = `export const ${name} = `;
  if (head.length + 1 > WIDTH) {
    return undefined; // prettier would consider breaking after `=`
  }
  let value: Json;
  try {
    value = JSON.parse(json) as Json;
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return undefined;
  }
  try {
    const printer = new Printer();
    printer.value(value, head.length, '', ' as unknown as DocumentNode<'.length);
    const body = printer.out.join('');
    if (!body.includes('\n')) {
      return undefined; // one line: prettier's rules for the whole statement would apply
    }
    const lastLine = body.slice(body.lastIndexOf('\n') + 1);
    const tail = ` as unknown as DocumentNode<${result}, ${variables}>;`;
    const typeArguments = lastLine.length + tail.length <= WIDTH ? tail : ` as unknown as DocumentNode<\n${INDENT}${result},\n${INDENT}${variables}\n>;`;
    return `${head}${body}${typeArguments}`;
  } catch (err) {
    if (err instanceof Unsupported) {
      return undefined;
    }
    throw err;
  }
}

/** Prints JSON values as prettier prints the same object literal (see the module comment). */
class Printer {
  private readonly forced = new Map<object, boolean>();

  /** The printed pieces, in order. */
  readonly out: string[] = [];

  /**
   * Prints `v` from column `column`, its broken lines indented by `indent`, `trailing` being the
   * width of what follows it on its line up to the next possible break.
   */
  value(v: Json, column: number, indent: string, trailing: number): void {
    const out = this.out;
    if (v === null || typeof v !== 'object') {
      out.push(this.flat(v));
      return;
    }
    if (!this.mustBreak(v) && flatWidthWithin(v, WIDTH - column - trailing) >= 0) {
      out.push(this.flat(v));
      return;
    }
    const inner = indent + INDENT;
    if (Array.isArray(v)) {
      if (v.length === 0) {
        out.push('[]');
        return;
      }
      out.push('[\n');
      for (const e of v) {
        out.push(inner);
        this.value(e, inner.length, inner, 1);
        out.push(',\n');
      }
      out.push(indent, ']');
      return;
    }
    const keys = Object.keys(v);
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    out.push('{\n');
    for (const k of keys) {
      out.push(inner);
      this.property(k, v[k], inner);
      out.push(',\n');
    }
    out.push(indent, '}');
  }

  /** `key: value` at the start of a broken object's line. */
  private property(key: string, v: Json, indent: string): void {
    if (!IDENTIFIER.test(key)) {
      throw new Unsupported('a key that needs quotes');
    }
    const column = indent.length + key.length + 2;
    const shortKey = key.length < 5;
    const composite = v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
    if (composite) {
      if (!shortKey && column + 1 > WIDTH) {
        throw new Unsupported('the opening bracket would overflow: prettier may break after the colon');
      }
      this.out.push(key, ': ');
      this.value(v, column, indent, 1);
      return;
    }
    const text = this.flat(v);
    if (shortKey || typeof v === 'boolean' || column + text.length + 1 <= WIDTH) {
      this.out.push(key, ': ', text);
      return;
    }
    if (typeof v !== 'string' && v !== null) {
      throw new Unsupported('an empty array or object after a long key that overflows');
    }
    this.out.push(key, ':\n', indent, INDENT, text);
  }

  /** Whether prettier breaks `v` whatever the width: it holds an array that always breaks. */
  private mustBreak(v: Json): boolean {
    if (v === null || typeof v !== 'object') {
      return false;
    }
    const known = this.forced.get(v);
    if (known !== undefined) {
      return known;
    }
    const children: Json[] = Array.isArray(v) ? v : Object.values(v);
    let forced = Array.isArray(v) && alwaysBreaks(v);
    for (const child of children) {
      // Every child is visited: the answers are kept for the printing below.
      forced = this.mustBreak(child) || forced;
    }
    this.forced.set(v, forced);
    return forced;
  }

  /** `v` on one line. */
  private flat(v: Json): string {
    if (v === null) {
      return 'null';
    }
    switch (typeof v) {
      case 'string': {
        const text = JSON.stringify(v);
        if (!PLAIN_STRING.test(text)) {
          throw new Unsupported('a string prettier may quote otherwise');
        }
        return text;
      }
      case 'boolean':
        return String(v);
      case 'number':
        throw new Unsupported('numbers');
      default:
        break;
    }
    if (Array.isArray(v)) {
      return `[${v.map((e) => this.flat(e)).join(', ')}]`;
    }
    const keys = Object.keys(v);
    for (const k of keys) {
      if (!IDENTIFIER.test(k)) {
        throw new Unsupported('a key that needs quotes');
      }
    }
    return keys.length === 0 ? '{}' : `{ ${keys.map((k) => `${k}: ${this.flat(v[k])}`).join(', ')} }`;
  }
}

/**
 * What is left of `budget` columns after `v` printed on one line (as {@link Printer}'s `flat`
 * prints it), or a negative number as soon as it does not fit: only the first columns are looked at.
 */
function flatWidthWithin(v: Json, budget: number): number {
  if (budget < 0) {
    return budget;
  }
  if (v === null || typeof v !== 'object') {
    // Strings as JSON prints them (the printing checks they need nothing else); true, false, null.
    return budget - (typeof v === 'string' ? JSON.stringify(v).length : String(v).length);
  }
  if (Array.isArray(v)) {
    let left = budget - 2; // []
    for (let i = 0; i < v.length && left >= 0; i++) {
      left = flatWidthWithin(v[i], left - (i > 0 ? 2 : 0));
    }
    return left;
  }
  const keys = Object.keys(v);
  if (keys.length === 0) {
    return budget - 2;
  }
  let left = budget - 4; // `{ ` and ` }`
  for (let i = 0; i < keys.length && left >= 0; i++) {
    left = flatWidthWithin(v[keys[i]], left - keys[i].length - 2 - (i > 0 ? 2 : 0));
  }
  return left;
}

/** prettier's rule: more than one element, all objects (or all arrays) of more than one entry each. */
function alwaysBreaks(elements: readonly Json[]): boolean {
  if (elements.length < 2) {
    return false;
  }
  const first = elements[0];
  const firstIsArray = Array.isArray(first);
  return elements.every((e) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e) !== firstIsArray) {
      return false;
    }
    return (Array.isArray(e) ? e.length : Object.keys(e).length) > 1;
  });
}
