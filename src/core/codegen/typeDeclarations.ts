/**
 * The type declarations of generated files (`export type XQuery = { … };`, codegen's one-line
 * object types, unions and `Array<…>`) laid out exactly as prettier 3 lays them out with its
 * defaults, without prettier: the statement is parsed into a small type tree, the tree is printed
 * into prettier's document commands with prettier's rules for these nodes (its `printTypeAlias`
 * and assignment layouts, `printUnionType`, `printClassBody` for type literals,
 * `printTypeParameters`), and the commands are laid out by a copy of prettier's line-fitting
 * algorithm (`printDocToString`'s `fits`), for the few commands these rules use (prettierDoc.ts;
 * the tree and its parser: typeParser.ts).
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

import { align, group, ifBreak, indent, join, line, printDoc, softline, type Doc } from './prettierDoc';
import { Parser, Unsupported, type Member, type TypeNode } from './typeParser';

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
