/**
 * Refactorings of GraphQL documents at a selection: extract fragment, inline fragment, add
 * `__typename`, name an anonymous operation. Pure: the text, the schema and a range in, edits of
 * the text out; work limited to the definition at the selection (and, for inlining, the
 * fragment's definition).
 */
import {
  isAbstractType,
  Kind,
  type ASTNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { ActionText, actionText, endOf, isName, removeDefinition, startOf, walkTyped, type CoreCodeAction, type ParsedDefinition, type TextEdit } from './codeActionsShared';
import type { Range } from '../text/position';

/** The selections of one selection set that a range covers (at least one, whole), with the set's type. */
interface SelectedSelections {
  readonly set: SelectionSetNode;
  readonly first: number;
  readonly last: number;
  readonly type: GraphQLNamedType;
}

/** The refactorings offered at a range (a cursor is an empty range). */
export function refactorings(text: string | ActionText, schema: GraphQLSchema, range: Range): CoreCodeAction[] {
  try {
    const doc = actionText(text);
    const start = doc.lines.offsetAt(range.start);
    const end = doc.lines.offsetAt(range.end);
    const def = doc.definitionAt(start);
    if (!def || end > def.end) {
      return [];
    }
    const out: CoreCodeAction[] = [];
    if (start !== end && selectedSelections(schema, def, start - def.base, end - def.base)) {
      out.push({ title: { id: 'extractFragment', args: [] }, kind: 'refactor.extract', edits: [], needsName: 'fragment' });
    }
    const inline = inlineFragment(doc, schema, def, start - def.base);
    if (inline) {
      out.push(inline);
    }
    const inlineAll = inlineAllSpreads(doc, schema, def, start - def.base);
    if (inlineAll) {
      out.push(inlineAll);
    }
    const typename = addTypename(doc, schema, def, start - def.base);
    if (typename) {
      out.push(typename);
    }
    const named = nameOperation(doc, def);
    if (named) {
      out.push(named);
    }
    return out;
  } catch {
    return [];
  }
}

/** The innermost selection set (and its type) whose selections the range covers whole. */
function selectedSelections(schema: GraphQLSchema, def: ParsedDefinition, start: number, end: number): SelectedSelections | undefined {
  let found: SelectedSelections | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind !== Kind.SELECTION_SET || startOf(node) > start || endOf(node) < end) {
        return undefined;
      }
      // Selections touched by the range; the range may begin or end in the blanks around them.
      const sel = node.selections;
      const first = sel.findIndex((s) => endOf(s) > start);
      let last = -1;
      sel.forEach((s, i) => {
        if (startOf(s) < end) {
          last = i;
        }
      });
      // Entering a selection set, TypeInfo's parent type is the set's own type.
      const type = info.getParentType();
      if (first >= 0 && last >= first && startOf(sel[first]) >= start && endOf(sel[last]) <= end && type) {
        found = { set: node, first, last, type };
      }
      return undefined;
    },
    start,
  );
  return found;
}

/**
 * Extract fragment: the selections the range covers become `fragment <name> on <Type>` at the
 * end of the text; a spread takes their place. Undefined when the range does not cover whole
 * selections of one selection set, or the name is taken or not a name.
 */
export function extractFragment(text: string | ActionText, schema: GraphQLSchema, range: Range, name: string): TextEdit[] | undefined {
  const doc = actionText(text);
  const parts = extractedParts(doc, schema, range, name);
  if (!parts) {
    return undefined;
  }
  const tail = doc.text.endsWith('\n') ? '' : '\n';
  return [parts.spread, doc.insertAt(doc.text.length, `${tail}\n${parts.fragment}\n`)];
}

/** Extract fragment, split: the edit that puts the spread in place of the selections, and the fragment's text (at column 0, no final line break). */
export function extractedParts(text: string | ActionText, schema: GraphQLSchema, range: Range, name: string): { spread: TextEdit; fragment: string } | undefined {
  const doc = actionText(text);
  const start = doc.lines.offsetAt(range.start);
  const end = doc.lines.offsetAt(range.end);
  const def = doc.definitionAt(start);
  if (!def || !isName(name) || doc.definitions().some((d) => d.node.kind === Kind.FRAGMENT_DEFINITION && d.node.name.value === name)) {
    return undefined;
  }
  const found = selectedSelections(schema, def, start - def.base, end - def.base);
  if (!found) {
    return undefined;
  }
  const parentType = found.type;
  const from = def.base + startOf(found.set.selections[found.first]);
  const to = def.base + endOf(found.set.selections[found.last]);
  const indent = doc.indentAt(from);
  const body = doc.text
    .slice(from, to)
    .split(/\r?\n/)
    .map((l, i) => (i === 0 ? `  ${l}` : l.startsWith(indent) ? `  ${l.slice(indent.length)}` : l))
    .join('\n');
  return { spread: doc.replace(from, to, `...${name}`), fragment: `fragment ${name} on ${parentType.name} {\n${body}\n}` };
}

/** Inline fragment: the spread under the cursor replaced by the fragment's selections (the definition dropped when it was its only spread). */
function inlineFragment(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number): CoreCodeAction | undefined {
  let spread: FragmentSpreadNode | undefined;
  let parent: GraphQLNamedType | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.FRAGMENT_SPREAD && startOf(node) <= local && local <= endOf(node)) {
        spread = node;
        parent = info.getParentType() ?? undefined;
        return true;
      }
      return undefined;
    },
    local,
  );
  if (!spread) {
    return undefined;
  }
  const name = spread.name.value;
  const all = doc.definitions();
  const fragment = fragmentNamed(all, name);
  if (!fragment || (spread.directives?.length ?? 0) > 0) {
    return undefined;
  }
  const edits: TextEdit[] = [inlinedSpread(doc, fragment, def, spread, parent)];
  if (countSpreads(all, name) === 1 && fragment !== def) {
    edits.push(removeDefinition(doc, fragment));
  }
  return { title: { id: 'inlineFragment', args: [name] }, kind: 'refactor.inline', edits };
}

/**
 * Inline all spreads of a fragment: offered at a spread of (or in the definition of) a fragment of
 * the same text that is spread more than once; every spread replaced by its fields, the definition
 * removed. Not offered when a spread carries directives or sits in the fragment itself.
 */
function inlineAllSpreads(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number): CoreCodeAction | undefined {
  let name: string | undefined;
  if (def.node.kind === Kind.FRAGMENT_DEFINITION && local <= endOf(def.node.name)) {
    name = def.node.name.value;
  } else {
    walkTyped(
      schema,
      def.node,
      (node) => {
        if (node.kind === Kind.FRAGMENT_SPREAD && startOf(node) <= local && local <= endOf(node)) {
          name = node.name.value;
          return true;
        }
        return undefined;
      },
      local,
    );
  }
  const all = doc.definitions();
  const fragment = name === undefined ? undefined : fragmentNamed(all, name);
  if (!name || !fragment || countSpreads(all, name) < 2) {
    return undefined;
  }
  const edits: TextEdit[] = [];
  let blocked = false;
  for (const d of all) {
    walkTyped(schema, d.node, (node, info) => {
      if (node.kind === Kind.FRAGMENT_SPREAD && node.name.value === name) {
        if (d === fragment || (node.directives?.length ?? 0) > 0) {
          blocked = true;
        }
        edits.push(inlinedSpread(doc, fragment, d, node, info.getParentType() ?? undefined));
      }
      return undefined;
    });
  }
  if (blocked) {
    return undefined;
  }
  edits.push(removeDefinition(doc, fragment));
  return { title: { id: 'inlineAllSpreads', args: [name] }, kind: 'refactor.inline', edits };
}

function fragmentNamed(all: readonly ParsedDefinition[], name: string): (ParsedDefinition & { node: FragmentDefinitionNode }) | undefined {
  return all.find((d): d is ParsedDefinition & { node: FragmentDefinitionNode } => d.node.kind === Kind.FRAGMENT_DEFINITION && d.node.name.value === name);
}

/** The edit replacing one spread (in `def`, on `parent`) with the fragment's selections, re-indented; `... on T { }` where the type differs. */
function inlinedSpread(
  doc: ActionText,
  fragment: ParsedDefinition & { node: FragmentDefinitionNode },
  def: ParsedDefinition,
  spread: FragmentSpreadNode,
  parent: GraphQLNamedType | undefined,
): TextEdit {
  const set = fragment.node.selectionSet;
  const inner = doc.text.slice(fragment.base + startOf(set.selections[0]), fragment.base + endOf(set.selections[set.selections.length - 1]));
  const fragmentIndent = doc.indentAt(fragment.base + startOf(set.selections[0]));
  const spreadStart = def.base + startOf(spread);
  const indent = doc.indentAt(spreadStart);
  const sameType = parent?.name === fragment.node.typeCondition.name.value;
  const reindent = (extra: string) =>
    inner
      .split(/\r?\n/)
      .map((l, i) => (i === 0 ? l : l.startsWith(fragmentIndent) ? indent + extra + l.slice(fragmentIndent.length) : l))
      .join('\n');
  const replacement = sameType ? reindent('') : `... on ${fragment.node.typeCondition.name.value} {\n${indent}  ${reindent('  ')}\n${indent}}`;
  return doc.replace(spreadStart, def.base + endOf(spread), replacement);
}

function countSpreads(defs: readonly ParsedDefinition[], name: string): number {
  let n = 0;
  const walk = (node: ASTNode): void => {
    if (node.kind === Kind.FRAGMENT_SPREAD && node.name.value === name) {
      n++;
    }
    for (const v of Object.values(node) as unknown[]) {
      if (Array.isArray(v)) {
        v.forEach((c) => isNode(c) && walk(c));
      } else if (isNode(v)) {
        walk(v);
      }
    }
  };
  defs.forEach((d) => walk(d.node));
  return n;
}

function isNode(v: unknown): v is ASTNode {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';
}

/** Add `__typename` to the innermost selection set at the cursor whose type is an interface or a union, when it has none. */
function addTypename(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number): CoreCodeAction | undefined {
  let target: { set: SelectionSetNode; type: GraphQLNamedType } | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.SELECTION_SET && startOf(node) <= local && local <= endOf(node)) {
        const type = info.getParentType() ?? undefined;
        target = type && isAbstractType(type) ? { set: node, type } : undefined;
      }
      return undefined;
    },
    local,
  );
  if (!target || target.set.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename' && !s.alias)) {
    return undefined;
  }
  const first = target.set.selections[0];
  const at = def.base + startOf(first);
  const sameLine = doc.lines.positionAt(def.base + startOf(target.set)).line === doc.lines.positionAt(at).line;
  const edit = sameLine ? doc.insertAt(at, '__typename ') : doc.insertAt(at, `__typename\n${doc.indentAt(at)}`);
  return { title: { id: 'addTypename', args: [target.type.name] }, kind: 'refactor.rewrite', edits: [edit] };
}

/** Name an anonymous operation after its first field (`{ tasks }` → `query Tasks`), unique in the text. */
function nameOperation(doc: ActionText, def: ParsedDefinition): CoreCodeAction | undefined {
  const op: OperationDefinitionNode | undefined = def.node.kind === Kind.OPERATION_DEFINITION ? def.node : undefined;
  if (!op || op.name) {
    return undefined;
  }
  const first = op.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  const base = first && first.kind === Kind.FIELD ? first.name.value.replace(/^_+/, '') : '';
  const stem = base ? base[0].toUpperCase() + base.slice(1) : op.operation[0].toUpperCase() + op.operation.slice(1);
  const taken = new Set(
    doc.definitions().flatMap((d) => ((d.node.kind === Kind.OPERATION_DEFINITION || d.node.kind === Kind.FRAGMENT_DEFINITION) && d.node.name ? [d.node.name.value] : [])),
  );
  let name = stem;
  for (let n = 2; taken.has(name); n++) {
    name = `${stem}${n}`;
  }
  const opStart = def.base + startOf(op);
  const edit = doc.text.startsWith('{', opStart)
    ? doc.insertAt(opStart, `query ${name} `)
    : op.variableDefinitions && op.variableDefinitions.length > 0
      ? doc.replace(opStart + op.operation.length, doc.text.lastIndexOf('(', def.base + startOf(op.variableDefinitions[0])), ` ${name}`)
      : doc.insertAt(opStart + op.operation.length, ` ${name}`);
  return { title: { id: 'nameOperation', args: [name] }, kind: 'refactor.rewrite', edits: [edit] };
}
