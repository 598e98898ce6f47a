/**
 * Quick fixes for GraphQL documents: pure functions from the text, the schema and the problems
 * shown on it (local validation, the Service's errors, the workspace validation) to edits of the
 * text. Everything works on the one definition a problem lies in, parsed alone. A fix is offered
 * only where the problem's range lands on the token it is about (a server error without a
 * location is shown on the operation's name: no fix for it, never a wrong edit).
 */
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isUnionType,
  Kind,
  validate,
  getNamedType,
  parse,
  type ArgumentNode,
  type ASTNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { suggestionList } from 'graphql/jsutils/suggestionList';
import {
  ActionText,
  actionText,
  endOf,
  isName,
  quotedNames,
  removeDefinition,
  startOf,
  walkTyped,
  type CoreCodeAction,
  type ParsedDefinition,
  type TextEdit,
} from './codeActionsShared';
import type { Range } from '../text/position';
import { placeholderLiteral } from './placeholders';
import { ALONE_RULES, isFewer, MAX_ERRORS, narrowBeforeOf, narrowVerdict, rememberForDefinition, taggedProblems, type ReplacedName } from './replacementCheck';

export type { CoreCodeAction, TextEdit } from './codeActionsShared';

/** A problem shown on the text (its message as shown, and its range in the text). */
export interface FixableDiagnostic {
  readonly range: Range;
  readonly message: string;
}

/** What the quick fixes need besides the text and the schema. */
export interface QuickFixContext {
  /** The fragments the workspace defines, with their type conditions (for unknown fragment spreads). */
  readonly fragments?: readonly { readonly name: string; readonly typeCondition: string }[];
}

/** What kind of node a "Did you mean" message is about. */
type Unknown = 'field' | 'argument' | 'inputField' | 'type' | 'enumValue' | 'fragment' | 'directive';

const UNKNOWN_MESSAGES: readonly [RegExp, Unknown][] = [
  [/^Cannot query field "([_A-Za-z][_0-9A-Za-z]*)" on type "[^"]+"\./, 'field'],
  [/^Unknown argument "([_A-Za-z][_0-9A-Za-z]*)" on (?:field|directive) "[^"]+"\./, 'argument'],
  [/^Field "([_A-Za-z][_0-9A-Za-z]*)" is not defined by type "[^"]+"\./, 'inputField'],
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

/**
 * The quick fixes for the problems given (each action names the index of its problem). Every
 * edit stays inside the definition the problem is in, except "Declare variable" (the operation's
 * variable list) and "Remove unused fragment".
 */
export function quickFixes(text: string | ActionText, schema: GraphQLSchema, diagnostics: readonly FixableDiagnostic[], context: QuickFixContext = {}): CoreCodeAction[] {
  const doc = actionText(text);
  const out: (CoreCodeAction & { diagnostics: number[] })[] = [];
  const seen = new Map<string, CoreCodeAction & { diagnostics: number[] }>();
  diagnostics.forEach((d, i) => {
    try {
      for (const action of fixesOnce(doc, schema, d, context)) {
        // One problem can be shown twice (graphql reports an undefined variable at its use and on
        // the operation; local validation and the Service report the same field): one fix for both.
        const key = JSON.stringify([action.title, action.edits]);
        const known = seen.get(key);
        if (known) {
          known.diagnostics.push(i);
        } else {
          const added = { ...action, diagnostics: [i] };
          seen.set(key, added);
          out.push(added);
        }
      }
    } catch {
      // A fix that cannot be computed is not offered.
    }
  });
  return out;
}

/**
 * The fixes for one problem, computed once per text, schema and problem (VS Code asks again at
 * every cursor move); an unknown fragment's each time (its answers read the workspace's fragments).
 */
function fixesOnce(doc: ActionText, schema: GraphQLSchema, d: FixableDiagnostic, context: QuickFixContext): readonly CoreCodeAction[] {
  if (d.message.startsWith('Unknown fragment')) {
    return fixesFor(doc, schema, d, context);
  }
  const { line, character } = d.range.start;
  return doc.rememberFor(schema, `fixes@${line}:${character}:${d.message}`, () => fixesFor(doc, schema, d, context));
}

function fixesFor(doc: ActionText, schema: GraphQLSchema, d: FixableDiagnostic, context: QuickFixContext): CoreCodeAction[] {
  const offset = doc.offsetAt(d.range);
  const def = doc.definitionAt(offset);
  if (!def) {
    return [];
  }
  const unknown = parseUnknownName(d.message);
  if (unknown) {
    return didYouMean(doc, schema, def, offset - def.base, unknown, context);
  }
  let m = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" is not defined/.exec(d.message);
  if (m) {
    return declareVariable(doc, schema, def, offset - def.base, m[1]);
  }
  m = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" is never used/.exec(d.message);
  if (m) {
    return removeUnusedVariable(doc, def, offset - def.base, m[1]);
  }
  m = /^Fragment "([_A-Za-z][_0-9A-Za-z]*)" is never used\./.exec(d.message);
  if (m) {
    return def.node.kind === Kind.FRAGMENT_DEFINITION && def.node.name.value === m[1] ? [removeUnusedFragment(doc, def, m[1])] : [];
  }
  m = /^Field "([_A-Za-z][_0-9A-Za-z]*)" argument "([_A-Za-z][_0-9A-Za-z]*)" of type "[^"]+" is required, but it was not provided\./.exec(d.message);
  if (m) {
    return addRequiredArgument(doc, schema, def, offset - def.base, m[1], m[2]);
  }
  m = /^Field "([_A-Za-z][_0-9A-Za-z]*)" of type "[^"]+" must have a selection of subfields\./.exec(d.message);
  if (m) {
    return addSelection(doc, schema, def, offset - def.base, m[1]);
  }
  if (
    /^The (?:field|enum value|input field) "?[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*"? is deprecated\./.test(d.message) ||
    /^(?:Field "[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*"|Directive "@[_A-Za-z][_0-9A-Za-z]*") argument "[_A-Za-z][_0-9A-Za-z]*" is deprecated\./.test(d.message)
  ) {
    return deprecated(doc, schema, def, offset - def.base);
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Did you mean

/** The name node a "Did you mean" fix replaces: the node of the kind the message is about, at the problem's start. */
function unknownNodeAt(def: ParsedDefinition, local: number, what: Unknown, name: string): ASTNode | undefined {
  let found: ASTNode | undefined;
  const at = (n: ASTNode | undefined) => n !== undefined && startOf(n) === local;
  visitAll(def.node, (node) => {
    switch (node.kind) {
      case Kind.FIELD:
        if (what === 'field' && node.name.value === name && (at(node) || at(node.name) || at(node.alias))) {
          found = node.name;
        }
        break;
      case Kind.ARGUMENT:
        if (what === 'argument' && node.name.value === name && (at(node) || at(node.name))) {
          found = node.name;
        }
        break;
      case Kind.OBJECT_FIELD:
        if (what === 'inputField' && node.name.value === name && (at(node) || at(node.name))) {
          found = node.name;
        }
        break;
      case Kind.NAMED_TYPE:
        if (what === 'type' && node.name.value === name && (at(node) || at(node.name))) {
          found = node.name;
        }
        break;
      case Kind.ENUM:
        if (what === 'enumValue' && node.value === name && at(node)) {
          found = node;
        }
        break;
      case Kind.FRAGMENT_SPREAD:
        if (what === 'fragment' && node.name.value === name && (at(node) || at(node.name))) {
          found = node.name;
        }
        break;
      case Kind.DIRECTIVE:
        if (what === 'directive' && node.name.value === name && (at(node) || at(node.name))) {
          found = node.name;
        }
        break;
      default:
        break;
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
    suggestions = suggestionList(unknown.name, [...new Set([...localFragments.keys(), ...workspaceFragments.keys()])]).slice(0, 5);
  } else if (unknown.what === 'directive' && suggestions.length === 0) {
    suggestions = suggestionList(
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
    what === 'fragment' ? wholeVerdict(doc, schema, def, node, s, fragmentText(s), false) : replacementHelps(doc, schema, def, node, s, what, true),
  );
  return usable.map((s) => ({
    title: { id: 'didYouMean', args: [unknown.what === 'directive' ? `@${unknown.name}` : unknown.name, unknown.what === 'directive' ? `@${s}` : s] },
    kind: 'quickfix',
    isPreferred: usable.length === 1,
    edits: [doc.replace(start, end, s)],
  }));
}

/**
 * True when replacing a name node of the definition leaves no new problem in it and (when
 * `strictly`) one fewer: graphql's validation narrowed to the rules the replacement can change
 * (see replacementCheck), the whole definition validated again only where graphql's error limit
 * could matter. Kept with the definition's parse (rememberForDefinition): a version whose edit
 * left the definition alone asks nothing again. Every input is the definition's (its AST, its
 * text, a node of it), the schema or a key part.
 */
function replacementHelps(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, node: ASTNode, replacement: string, kind: ReplacedName, strictly: boolean): boolean {
  return rememberForDefinition(def.node, schema, `verdict:${kind}:${startOf(node)}:${endOf(node)}:${strictly}:${replacement}`, () => {
    // One validation of the definition serves every kind of name (each problem tagged with its rule).
    const before = rememberForDefinition(def.node, schema, `before:${kind}`, () =>
      narrowBeforeOf(
        schema,
        def.node,
        kind,
        rememberForDefinition(def.node, schema, 'tagged', () => taggedProblems(schema, def.node)),
      ),
    );
    return narrowVerdict(schema, def.node, node, replacement, kind, before, strictly) ?? wholeVerdict(doc, schema, def, node, replacement, [], strictly);
  });
}

/** The same question answered by validating the definition's text with the name replaced (plus fragment definitions it needs) whole. */
function wholeVerdict(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, node: ASTNode, replacement: string, fragments: readonly string[], strictly: boolean): boolean {
  const definitionText = doc.text.slice(def.start, def.end);
  const nodeStart = startOf(node) - startOf(def.node);
  const nodeEnd = endOf(node) - startOf(def.node);
  const before = doc.rememberFor(schema, `problems@${def.start}`, () => problemsOf(schema, definitionText, []));
  const after = problemsOf(schema, definitionText.slice(0, nodeStart) + replacement + definitionText.slice(nodeEnd), fragments);
  return after !== undefined && before !== undefined && isFewer(before, after, strictly);
}

/** The messages of graphql's validation of one definition (plus fragment definitions it needs), or undefined when it does not parse. */
function problemsOf(schema: GraphQLSchema, definition: string, fragments: readonly string[]): string[] | undefined {
  try {
    const document = parse([definition, ...fragments].join('\n'));
    return validate(schema, document, ALONE_RULES, { maxErrors: MAX_ERRORS }).map((e) => e.message);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Variables

/** The operation a problem is in (only operations declare variables). */
function operationOf(def: ParsedDefinition): OperationDefinitionNode | undefined {
  return def.node.kind === Kind.OPERATION_DEFINITION ? def.node : undefined;
}

function declareVariable(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, name: string): CoreCodeAction[] {
  const op = operationOf(def);
  if (!op || op.variableDefinitions?.some((v) => v.variable.name.value === name)) {
    return [];
  }
  // The type where the variable is used; a non-null use wins (it is what every use accepts).
  let type: GraphQLInputType | undefined;
  let usedHere = false;
  walkTyped(schema, op, (node, info) => {
    if (node.kind === Kind.VARIABLE && node.name.value === name) {
      const t = info.getInputType() ?? undefined;
      usedHere ||= startOf(node) === local;
      if (t && (!type || (isNonNullType(t) && !isNonNullType(type)))) {
        type = t;
      }
    }
  });
  // The problem lies on a use of the variable, or on the operation's name (graphql reports both).
  const onOperation = local === startOf(op) || (op.name !== undefined && local === startOf(op.name));
  if (!type || !(usedHere || onOperation)) {
    return [];
  }
  const declaration = `$${name}: ${String(type)}`;
  return [{ title: { id: 'declareVariable', args: [declaration] }, kind: 'quickfix', isPreferred: true, edits: [addVariableDefinition(doc, def, op, declaration)] }];
}

/** The edit that adds a variable definition to an operation, in the formatter's style. */
export function addVariableDefinition(doc: ActionText, def: ParsedDefinition, op: OperationDefinitionNode, declaration: string): TextEdit {
  const defs = op.variableDefinitions ?? [];
  if (defs.length > 0) {
    return doc.insertAt(def.base + endOf(defs[defs.length - 1]), `, ${declaration}`);
  }
  if (op.name) {
    return doc.insertAt(def.base + endOf(op.name), `(${declaration})`);
  }
  const opStart = def.base + startOf(op);
  if (doc.text.startsWith('{', opStart)) {
    return doc.insertAt(opStart, `query (${declaration}) `);
  }
  // `query {`: after the keyword.
  return doc.insertAt(opStart + op.operation.length, ` (${declaration})`);
}

function removeUnusedVariable(doc: ActionText, def: ParsedDefinition, local: number, name: string): CoreCodeAction[] {
  const op = operationOf(def);
  const defs = op?.variableDefinitions ?? [];
  const i = defs.findIndex((v) => v.variable.name.value === name);
  if (!op || i < 0 || (startOf(defs[i]) !== local && startOf(defs[i].variable) !== local)) {
    return [];
  }
  return [{ title: { id: 'removeUnusedVariable', args: [`$${name}`] }, kind: 'quickfix', isPreferred: true, edits: [removeVariableDefinition(doc, def, defs, i)] }];
}

function removeVariableDefinition(doc: ActionText, def: ParsedDefinition, defs: readonly VariableDefinitionNode[], i: number): TextEdit {
  const b = def.base;
  if (defs.length === 1) {
    // The whole `(...)`, and the blank before it when one is left (`query ($a: Int) {`).
    let open = b + startOf(defs[0]);
    while (open > 0 && doc.text[open - 1] !== '(') {
      open--;
    }
    open--;
    let close = b + endOf(defs[0]);
    while (close < doc.text.length && doc.text[close] !== ')') {
      close++;
    }
    const blankBefore = doc.text[open - 1] === ' ' && /\b(query|mutation|subscription) $/.test(doc.text.slice(Math.max(0, open - 14), open));
    return doc.replace(blankBefore ? open - 1 : open, close + 1, '');
  }
  if (i > 0) {
    return doc.replace(b + endOf(defs[i - 1]), b + endOf(defs[i]), '');
  }
  return doc.replace(b + startOf(defs[0]), b + startOf(defs[1]), '');
}

// ---------------------------------------------------------------------------------------------
// Fragments, arguments, selections, deprecations

function removeUnusedFragment(doc: ActionText, def: ParsedDefinition, name: string): CoreCodeAction {
  return { title: { id: 'removeUnusedFragment', args: [name] }, kind: 'quickfix', isPreferred: true, edits: [removeDefinition(doc, def)] };
}

/** The field node a problem about it lies on (its name, or its alias). */
function fieldAt(
  schema: GraphQLSchema,
  def: ParsedDefinition,
  local: number,
  name?: string,
): { node: FieldNode; field: GraphQLField<unknown, unknown> | undefined; parent: GraphQLNamedType | undefined } | undefined {
  let found: { node: FieldNode; field: GraphQLField<unknown, unknown> | undefined; parent: GraphQLNamedType | undefined } | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.FIELD && (name === undefined || node.name.value === name) && (startOf(node) === local || startOf(node.name) === local)) {
        found = { node, field: info.getFieldDef() ?? undefined, parent: info.getParentType() ?? undefined };
        return true;
      }
      return undefined;
    },
    local,
  );
  return found;
}

function addRequiredArgument(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, fieldName: string, argName: string): CoreCodeAction[] {
  const at = fieldAt(schema, def, local, fieldName);
  const arg = at?.field?.args.find((a) => a.name === argName);
  if (!at || !arg || at.node.arguments?.some((a) => a.name.value === argName)) {
    return [];
  }
  const text = `${argName}: ${placeholderLiteral(arg.type)}`;
  const args: readonly ArgumentNode[] = at.node.arguments ?? [];
  const edit = args.length > 0 ? doc.insertAt(def.base + endOf(args[args.length - 1]), `, ${text}`) : doc.insertAt(def.base + endOf(at.node.name), `(${text})`);
  return [{ title: { id: 'addRequiredArgument', args: [argName] }, kind: 'quickfix', isPreferred: true, edits: [edit] }];
}

/** The selection a field of a composite type gets: its `id`, else its first scalar field without required arguments, else `__typename`. */
export function defaultSelection(type: GraphQLNamedType): string {
  if (isObjectType(type) || isInterfaceType(type)) {
    const fields = Object.values(type.getFields());
    const plain = fields.filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined));
    return (plain.find((f) => f.name === 'id') ?? plain.find((f) => !f.deprecationReason) ?? plain[0])?.name ?? '__typename';
  }
  return '__typename';
}

function addSelection(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, fieldName: string): CoreCodeAction[] {
  const at = fieldAt(schema, def, local, fieldName);
  const type = at?.field && getNamedType(at.field.type);
  if (!at || !type || at.node.selectionSet || !(isObjectType(type) || isInterfaceType(type) || isUnionType(type))) {
    return [];
  }
  const selection = defaultSelection(type);
  return [
    { title: { id: 'addSelection', args: [`{ ${selection} }`] }, kind: 'quickfix', isPreferred: true, edits: [doc.insertAt(def.base + endOf(at.node), ` { ${selection} }`)] },
  ];
}

/**
 * The replacement a deprecation reason names (`Use \`dueOn\``, `Use status instead`, GitHub's
 * "\`x\` will be removed. Use \`y\` instead.", `Use Issue.timelineItems`), from the first sentence
 * that starts with "Use" or "Replaced by"; the caller checks it exists where the old name is.
 */
export function replacementIn(reason: string | null | undefined): string | undefined {
  const m = reason ? /(?:^|[.!;]\s+)\s*(?:Use|Replaced by)\s+(?:the\s+)?`?@?(?:[_A-Za-z][_0-9A-Za-z]*\.)?([_A-Za-z][_0-9A-Za-z]*)`?/i.exec(reason) : null;
  return m ? m[1] : undefined;
}

function deprecated(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number): CoreCodeAction[] {
  let target: { node: ASTNode; kind: ReplacedName; name: string; reason: string; replacement?: string } | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.FIELD && startOf(node.name) === local) {
        const field = info.getFieldDef();
        const parent = info.getParentType();
        if (field?.deprecationReason != null && (isObjectType(parent) || isInterfaceType(parent))) {
          const r = replacementIn(field.deprecationReason);
          const ok = r !== undefined && r !== field.name && parent.getFields()[r] !== undefined && !parent.getFields()[r].deprecationReason;
          target = { node: node.name, kind: 'field', name: field.name, reason: field.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return true;
      }
      if (node.kind === Kind.ARGUMENT && startOf(node.name) === local) {
        const arg = info.getArgument();
        const siblings = info.getDirective()?.args ?? info.getFieldDef()?.args ?? [];
        if (arg?.deprecationReason != null) {
          const r = replacementIn(arg.deprecationReason);
          const other = siblings.find((a) => a.name === r);
          const ok = r !== undefined && r !== arg.name && other !== undefined && !other.deprecationReason;
          target = { node: node.name, kind: 'argument', name: arg.name, reason: arg.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return true;
      }
      if (node.kind === Kind.OBJECT_FIELD && startOf(node.name) === local) {
        const parent = getNamedType(info.getParentInputType() ?? undefined);
        const field = isInputObjectType(parent) ? parent.getFields()[node.name.value] : undefined;
        if (isInputObjectType(parent) && field?.deprecationReason != null) {
          const r = replacementIn(field.deprecationReason);
          const other = r === undefined ? undefined : parent.getFields()[r];
          const ok = r !== undefined && r !== field.name && other !== undefined && !other.deprecationReason;
          target = { node: node.name, kind: 'inputField', name: field.name, reason: field.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return undefined;
      }
      if (node.kind === Kind.ENUM && startOf(node) === local) {
        const type = getNamedType(info.getInputType() ?? undefined);
        if (isEnumType(type)) {
          const value = type.getValue(node.value);
          if (value?.deprecationReason != null) {
            const r = replacementIn(value.deprecationReason);
            const ok = r !== undefined && r !== value.name && type.getValue(r) !== undefined && !type.getValue(r)?.deprecationReason;
            target = { node, kind: 'enumValue', name: value.name, reason: value.deprecationReason, ...(ok ? { replacement: r } : {}) };
          }
        }
        return true;
      }
      return undefined;
    },
    local,
  );
  if (!target) {
    return [];
  }
  if (target.replacement !== undefined) {
    const { node, replacement, kind } = target;
    // Only when the definition stays as valid as it was.
    if (replacementHelps(doc, schema, def, node, replacement, kind, false)) {
      return [
        {
          title: { id: 'useReplacement', args: [target.name, replacement] },
          kind: 'quickfix',
          isPreferred: true,
          edits: [doc.replace(def.base + startOf(node), def.base + endOf(node), replacement)],
        },
      ];
    }
  }
  return [{ title: { id: 'showDeprecationReason', args: [target.name] }, kind: 'quickfix', edits: [], reason: target.reason }];
}
