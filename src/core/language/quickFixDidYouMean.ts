/**
 * The "Did you mean" quick fixes: an unknown field, argument, input field, type, enum value,
 * fragment or directive replaced by a name graphql (or the workspace's fragments) suggests, when
 * the replacement leaves no new problem in the definition.
 */
import { Kind, type ASTNode, type GraphQLSchema } from 'graphql';
import { endOf, isName, quotedNames, startOf, type ActionText, type CoreCodeAction, type ParsedDefinition, type QuickFixContext, type QuickFixFamily } from './codeActionsShared';
import { replacementHelps, wholeVerdict } from './quickFixVerdict';
import { similarNames } from '../text/similarNames';

/** What kind of node a "Did you mean" message is about. */
type Unknown = 'field' | 'argument' | 'inputField' | 'type' | 'enumValue' | 'fragment' | 'directive';

/** graphql's messages (validation and variables) as servers on graphql 16 and 17 word them. */
const UNKNOWN_MESSAGES: readonly [RegExp, Unknown][] = [
  [/^Cannot query field "([_A-Za-z][_0-9A-Za-z]*)" on type "[^"]+"\./, 'field'],
  [/^Unknown argument "([_A-Za-z][_0-9A-Za-z]*)" on (?:field|directive) "[^"]+"\./, 'argument'],
  // graphql 16's wording, then 17's ("... Did you mean "a"? Found: { ... }.").
  [/^Field "([_A-Za-z][_0-9A-Za-z]*)" is not defined by type "[^"]+"\./, 'inputField'],
  [/^Expected value of type "[^"]+" not to include unknown field "([_A-Za-z][_0-9A-Za-z]*)"[.,]/, 'inputField'],
  [/^Unknown type "([_A-Za-z][_0-9A-Za-z]*)"\./, 'type'],
  [/^Value "([_A-Za-z][_0-9A-Za-z]*)" does not exist in "[^"]+" enum\./, 'enumValue'],
  [/^Unknown fragment "([_A-Za-z][_0-9A-Za-z]*)"\./, 'fragment'],
  [/^Unknown directive "@([_A-Za-z][_0-9A-Za-z]*)"\./, 'directive'],
];

/** The unknown name and the names suggested by a message ("Did you mean "a", "b", or "c"?"), if it is one of ours. */
export function parseUnknownName(message: string): { what: Unknown; name: string; suggestions: string[] } | undefined {
  for (const [pattern, what] of UNKNOWN_MESSAGES) {
    const m = pattern.exec(message);
    if (m) {
      const tail = /Did you mean (?:the enum value )?("[^?]*)\?/.exec(message.slice(m[0].length));
      const suggestions = tail ? quotedNames(tail[1]).filter(isName) : [];
      return { what, name: m[1], suggestions };
    }
  }
  return undefined;
}

/** Did you mean: the family of the messages parseUnknownName knows. */
export const didYouMeanFixes: QuickFixFamily = (doc, schema, def, local, message, context) => {
  const unknown = parseUnknownName(message);
  return unknown ? didYouMean(doc, schema, def, local, unknown, context) : undefined;
};

/** The kind of node each kind of "Did you mean" message is about. */
const NODE_KIND: Readonly<Record<Unknown, Kind>> = {
  field: Kind.FIELD,
  argument: Kind.ARGUMENT,
  inputField: Kind.OBJECT_FIELD,
  type: Kind.NAMED_TYPE,
  enumValue: Kind.ENUM,
  fragment: Kind.FRAGMENT_SPREAD,
  directive: Kind.DIRECTIVE,
};

/**
 * The name node a "Did you mean" fix replaces: the node of the kind the message is about, at the
 * problem's start (the node, its name or a field's alias); an enum value is its own name.
 */
function unknownNodeAt(def: ParsedDefinition, local: number, what: Unknown, name: string): ASTNode | undefined {
  const kind = NODE_KIND[what];
  let found: ASTNode | undefined;
  const at = (n: ASTNode | undefined) => n !== undefined && startOf(n) === local;
  visitAll(def.node, (node) => {
    if (node.kind !== kind) {
      return false;
    }
    if (node.kind === Kind.ENUM) {
      if (node.value === name && at(node)) {
        found = node;
      }
    } else if ('name' in node && node.name?.value === name && (at(node) || at(node.name) || (node.kind === Kind.FIELD && at(node.alias)))) {
      found = node.name;
    }
    return found !== undefined;
  });
  return found;
}

/** Depth-first walk over a node's children (stops when `f` returns true). */
function visitAll(node: ASTNode, f: (node: ASTNode) => boolean): boolean {
  if (f(node)) {
    return true;
  }
  for (const value of Object.values(node) as unknown[]) {
    if (Array.isArray(value)) {
      for (const child of value) {
        if (isNode(child) && visitAll(child, f)) {
          return true;
        }
      }
    } else if (isNode(value) && visitAll(value, f)) {
      return true;
    }
  }
  return false;
}

function isNode(v: unknown): v is ASTNode {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string' && 'loc' in v;
}

function didYouMean(
  doc: ActionText,
  schema: GraphQLSchema,
  def: ParsedDefinition,
  local: number,
  unknown: { what: Unknown; name: string; suggestions: string[] },
  context: QuickFixContext,
): CoreCodeAction[] {
  const node = unknownNodeAt(def, local, unknown.what, unknown.name);
  if (!node) {
    return [];
  }
  let suggestions = unknown.suggestions;
  const localFragments = new Map<string, ParsedDefinition>();
  const workspaceFragments = new Map<string, string>();
  if (unknown.what === 'fragment') {
    for (const other of doc.definitions()) {
      if (other.node.kind === Kind.FRAGMENT_DEFINITION) {
        localFragments.set(other.node.name.value, other);
      }
    }
    for (const f of context.fragments ?? []) {
      workspaceFragments.set(f.name, f.typeCondition);
    }
    suggestions = similarNames(unknown.name, [...new Set([...localFragments.keys(), ...workspaceFragments.keys()])]).slice(0, 5);
  } else if (unknown.what === 'directive' && suggestions.length === 0) {
    suggestions = similarNames(
      unknown.name,
      schema.getDirectives().map((d) => d.name),
    ).slice(0, 5);
  }
  const start = def.base + startOf(node);
  const end = def.base + endOf(node);
  // A suggestion is offered only when it leaves no new problem in the definition (a field that
  // needs arguments or a selection the node does not have is not an answer).
  // A fragment's definition goes along (a workspace fragment's as a stand-in on its type), so a spread where its type cannot be is no answer.
  const fragmentText = (name: string): string[] => {
    const local = localFragments.get(name);
    const other = workspaceFragments.get(name);
    return local ? [doc.text.slice(local.start, local.end)] : other ? [`fragment ${name} on ${other} { __typename }`] : [];
  };
  const what = unknown.what;
  const usable = suggestions.filter((s) =>
    // (A spread's name is checked by a rule that needs the whole document: for fragments, no new problem is enough.)
    what === 'fragment' ? wholeVerdict(doc, schema, def, node, s, fragmentText(s), false) : replacementHelps(doc, schema, def, node, s, true),
  );
  return usable.map((s) => ({
    title: { id: 'didYouMean', args: [unknown.what === 'directive' ? `@${unknown.name}` : unknown.name, unknown.what === 'directive' ? `@${s}` : s] },
    kind: 'quickfix',
    isPreferred: usable.length === 1,
    edits: [doc.replace(start, end, s)],
  }));
}
