/**
 * Checked state -> text: ticking or unticking a builder path gives the edits of the GraphQL text
 * (selections, arguments, the operation's variable declarations) and the variables a variables
 * file should gain. Pure: the glue applies the edits as one WorkspaceEdit.
 */
import {
  isRequiredArgument,
  Kind,
  type GraphQLArgument,
  type ArgumentNode,
  type FieldNode,
  type ObjectFieldNode,
  type ValueNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { rootKindOf, splitPath, type BuilderPath, type RootKind } from './builderPath';
import { builderOperation, matchesIn, matchesOf, operationsOf, parseBuilderText, type Match } from './builderDocument';
import { argumentText, BuilderError, chainLines, fieldOn, stepType, type ChainContext, type ExtraArgument } from './builderChain';
import { eolOf, indentAt, indentUnitOf, lineEndAfter, listRemovals, mergeTouching, removalRange, startsLine, type BuilderEdit } from './builderLayout';
import { inputTickEdits, inputUntickEdits, isRequiredInputAt } from './builderInput';
import { headerEdits, variablesUsedIn, type NewVariable } from './builderVariables';

/** What a tick or an untick does to the text. */
export interface BuilderChange {
  /** Non-overlapping edits of the GraphQL text. */
  readonly edits: readonly BuilderEdit[];
  /** Variables declared by the change, for the variables file. */
  readonly variables: readonly NewVariable[];
  /** The name of the operation changed (undefined for an anonymous one). */
  readonly operationName?: string;
  /** For a new operation: the offset of its name in the new text (where the cursor goes). */
  readonly cursor?: number;
}

/** A tick or an untick of a path, in a text with the cursor at `offset`. */
export interface BuilderToggle {
  readonly text: string;
  readonly offset: number;
  readonly schema: GraphQLSchema;
  readonly path: BuilderPath;
  readonly checked: boolean;
}

export { BuilderError };

const NOTHING: BuilderChange = { edits: [], variables: [] };

/** The root type of an operation kind, or a BuilderError. */
export function rootTypeOf(schema: GraphQLSchema, root: RootKind): GraphQLCompositeType {
  const t = root === 'query' ? schema.getQueryType() : root === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!t) {
    throw new BuilderError(`The schema has no ${root} type.`);
  }
  return t;
}

function parsedOrThrow(text: string) {
  const parsed = parseBuilderText(text);
  if (!parsed.ok) {
    throw new BuilderError(`The GraphQL text does not parse: ${parsed.message}`);
  }
  return parsed.document;
}

/** The edits for ticking (checked) or unticking a path. Throws BuilderError when the text does not parse. */
export function toggleBuilderPath(t: BuilderToggle): BuilderChange {
  const document = parsedOrThrow(t.text);
  const op = builderOperation(document, t.offset);
  const sameKind = op !== undefined && rootKindOf(op.operation) === t.path.root;
  if (!t.checked) {
    // A required argument stays: without it the operation would not validate.
    return sameKind && !isRequiredAt(t.schema, t.path) ? untick(t.text, t.schema, op, t.path) : NOTHING;
  }
  return sameKind ? tick(t.text, t.schema, op, t.path) : newOperation(t.text, t.schema, t.path);
}

/** The argument a path names (of the field its selections end at), if the schema has it. */
function argumentAt(schema: GraphQLSchema, path: BuilderPath): GraphQLArgument | undefined {
  const { selections, argument } = splitPath(path);
  if (argument === undefined || selections.length === 0) {
    return undefined;
  }
  let type: GraphQLCompositeType | undefined = rootTypeOf(schema, path.root);
  for (const step of selections.slice(0, -1)) {
    type = type && stepType(schema, type, step);
  }
  const last = selections[selections.length - 1];
  const field = type && last.kind === 'field' ? fieldOn(type, last.name) : undefined;
  return field?.args.find((a) => a.name === argument);
}

/** Whether a path ends at a required argument of its field (or at a value of one). */
export function isRequiredAt(schema: GraphQLSchema, path: BuilderPath): boolean {
  const { inputFields } = splitPath(path);
  const arg = argumentAt(schema, path);
  if (arg !== undefined && inputFields.length > 0) {
    return isRequiredInputAt(arg.type, inputFields);
  }
  return arg !== undefined && isRequiredArgument(arg);
}

/** A name for a new operation: the first field's name in PascalCase, numbered when the document has it already. */
export function operationNameFor(path: BuilderPath, taken: ReadonlySet<string>): string {
  const first = path.steps.find((s) => s.kind === 'field');
  const word = first?.kind === 'field' ? first.name.replace(/^_+/, '') : '';
  const base = word === '' ? (path.root === 'query' ? 'MyQuery' : path.root === 'mutation' ? 'MyMutation' : 'MySubscription') : word[0].toUpperCase() + word.slice(1);
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    name = `${base}${n}`;
  }
  return name;
}

/** A new named operation selecting the path, after the document's last definition. */
export function newOperation(text: string, schema: GraphQLSchema, path: BuilderPath): BuilderChange {
  const document = parsedOrThrow(text);
  const { selections, argument, inputFields, value } = splitPath(path);
  const unit = indentUnitOf(text);
  const eol = eolOf(text);
  const ctx: ChainContext = { schema, taken: new Set(), newVariables: [] };
  const name = operationNameFor(path, new Set(operationsOf(document).flatMap((o) => (o.name ? [o.name.value] : []))));
  const extra: ExtraArgument | undefined = argument === undefined ? undefined : { name: argument, enumValue: value, inputFields };
  const body = selections.length > 0 ? chainLines(ctx, rootTypeOf(schema, path.root), selections, extra, unit, unit) : '__typename';
  const vars = ctx.newVariables.length > 0 ? `(${ctx.newVariables.map((v) => `$${v.name}: ${v.type}`).join(', ')})` : '';
  const opText = `${path.root} ${name}${vars} {\n${unit}${body}\n}`.replace(/\n/g, eol);
  const last = document.definitions[document.definitions.length - 1];
  const keyword = path.root.length + 1;
  if (!last) {
    const trailing = text === '' || /\n/.test(text) ? eol : '';
    return { edits: [{ start: 0, end: text.length, text: opText + trailing }], variables: ctx.newVariables, operationName: name, cursor: keyword };
  }
  const at = last.loc!.end;
  const lead = `${eol}${eol}`;
  return { edits: [{ start: at, end: at, text: lead + opText }], variables: ctx.newVariables, operationName: name, cursor: at + lead.length + keyword };
}

function tick(text: string, schema: GraphQLSchema, op: OperationDefinitionNode, path: BuilderPath): BuilderChange {
  const { selections, argument, inputFields, value } = splitPath(path);
  const ctx: ChainContext = { schema, taken: new Set((op.variableDefinitions ?? []).map((d) => d.variable.name.value)), newVariables: [] };
  const extra: ExtraArgument | undefined = argument === undefined ? undefined : { name: argument, enumValue: value, inputFields };
  let set: SelectionSetNode = op.selectionSet;
  let type: GraphQLCompositeType = rootTypeOf(schema, path.root);
  const edits: BuilderEdit[] = [];
  const replaced: ValueNode[] = [];
  for (let i = 0; i < selections.length; i++) {
    const step = selections[i];
    const match = matchesIn(set, step)[0];
    if (!match) {
      edits.push(insertInto(text, ctx, set, type, selections.slice(i), extra));
      break;
    }
    const next = stepType(schema, type, step);
    if (i === selections.length - 1) {
      if (extra && match.node.kind === Kind.FIELD) {
        const args = argumentEdits(ctx, match.node, type, extra);
        edits.push(...args.edits);
        replaced.push(...args.replaced);
      }
      break;
    }
    if (!match.node.selectionSet || !next) {
      // A composite field written without its selections: they go after it.
      const indent = indentAt(text, match.node.loc!.start);
      const chain = chainLines(ctx, next ?? type, selections.slice(i + 1), extra, indent + indentUnitOf(text), indentUnitOf(text));
      edits.push({ start: match.node.loc!.end, end: match.node.loc!.end, text: ` {\n${indent}${indentUnitOf(text)}${chain}\n${indent}}` });
      break;
    }
    set = match.node.selectionSet;
    type = next;
  }
  const header = headerEdits(text, op, unusedAfter(op, replaced), ctx.newVariables);
  const eol = eolOf(text);
  const all = [...header, ...edits].map((e) => ({ ...e, text: e.text.replace(/\n/g, eol) }));
  return { edits: all, variables: ctx.newVariables, operationName: op.name?.value };
}

/** Whether a selection set holds only the `__typename` the builder puts in an empty selection. */
function onlyPlaceholder(set: SelectionSetNode): boolean {
  const [only] = set.selections;
  return set.selections.length === 1 && only.kind === Kind.FIELD && only.name.value === '__typename' && !only.alias && !only.directives?.length;
}

function insertInto(
  text: string,
  ctx: ChainContext,
  set: SelectionSetNode,
  type: GraphQLCompositeType,
  steps: BuilderPath['steps'],
  extra: ExtraArgument | undefined,
): BuilderEdit {
  const unit = indentUnitOf(text);
  const last = set.selections[set.selections.length - 1];
  const lined = startsLine(text, last.loc!.start);
  const indent = lined ? indentAt(text, last.loc!.start) : indentAt(text, set.loc!.start) + unit;
  const chain = chainLines(ctx, type, steps, extra, indent, unit);
  if (onlyPlaceholder(set)) {
    return { start: last.loc!.start, end: last.loc!.end, text: chain };
  }
  const at = lined ? (lineEndAfter(text, last.loc!.end) ?? last.loc!.end) : last.loc!.end;
  return { start: at, end: at, text: `\n${indent}${chain}` };
}

/** The edits that give an argument to a field already written, and the values they replace (whose variables may go). */
function argumentEdits(ctx: ChainContext, node: FieldNode, type: GraphQLCompositeType, extra: ExtraArgument): { edits: BuilderEdit[]; replaced: ValueNode[] } {
  const field = fieldOn(type, node.name.value);
  if (!field?.args.some((a) => a.name === extra.name)) {
    throw new BuilderError(`${type.name}.${node.name.value} has no argument ${extra.name}.`);
  }
  const args = node.arguments ?? [];
  const existing = args.find((a) => a.name.value === extra.name);
  if (existing && extra.inputFields?.length) {
    const arg = field.args.find((a) => a.name === extra.name)!;
    const { edits, replaced } = inputTickEdits(ctx, arg.type, existing.value, extra.inputFields, extra.enumValue);
    return { edits, replaced: replaced ? [replaced] : [] };
  }
  if (existing) {
    if (extra.enumValue === undefined || (existing.value.kind === Kind.ENUM && existing.value.value === extra.enumValue)) {
      return { edits: [], replaced: [] };
    }
    const edit = { start: existing.value.loc!.start, end: existing.value.loc!.end, text: extra.enumValue };
    return { edits: [edit], replaced: [existing.value] };
  }
  const written = argumentText(ctx, field, extra.name, extra.enumValue, extra.inputFields);
  if (args.length > 0) {
    const end = args[args.length - 1].loc!.end;
    return { edits: [{ start: end, end, text: `, ${written}` }], replaced: [] };
  }
  const end = node.name.loc!.end;
  return { edits: [{ start: end, end, text: `(${written})` }], replaced: [] };
}

/** The variables that only the removed nodes used (their declarations go). */
function unusedAfter(op: OperationDefinitionNode, removed: readonly (FieldNode | ArgumentNode | ObjectFieldNode | ValueNode | Match['node'])[]): Set<string> {
  const counts = new Map<string, number>();
  for (const name of variablesUsedIn(op)) {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const candidates = new Set<string>();
  for (const node of removed) {
    for (const name of variablesUsedIn(node)) {
      counts.set(name, (counts.get(name) ?? 0) - 1);
      candidates.add(name);
    }
  }
  return new Set([...candidates].filter((n) => (counts.get(n) ?? 0) <= 0));
}

function untick(text: string, schema: GraphQLSchema, op: OperationDefinitionNode, path: BuilderPath): BuilderChange {
  const { selections, argument, inputFields, value } = splitPath(path);
  const matches = matchesOf(op.selectionSet, selections);
  const edits: BuilderEdit[] = [];
  const removed: (Match['node'] | ArgumentNode | ObjectFieldNode | ValueNode)[] = [];
  const ctx: ChainContext = { schema, taken: new Set((op.variableDefinitions ?? []).map((d) => d.variable.name.value)), newVariables: [] };
  const argDef = argumentAt(schema, path);
  if (argument !== undefined) {
    for (const m of matches) {
      if (m.node.kind !== Kind.FIELD) {
        continue;
      }
      const args = m.node.arguments ?? [];
      const given = args.find((a) => a.name.value === argument);
      if (given && inputFields.length > 0 && argDef) {
        const inner = inputUntickEdits(ctx, { name: argDef.name, type: argDef.type, required: isRequiredArgument(argDef) }, given.value, inputFields, value);
        if (inner === 'none') {
          continue;
        }
        if (inner !== 'argument') {
          edits.push(...inner.edits);
          removed.push(inner.removed);
          continue;
        }
      }
      const whole = (a: ArgumentNode) => inputFields.length > 0 || value === undefined || (a.value.kind === Kind.ENUM && a.value.value === value);
      const gone = args.map((a) => a === given && whole(a));
      removed.push(...args.filter((_, i) => gone[i]));
      const close = args.length > 0 ? args[args.length - 1].loc!.endToken.next : null;
      edits.push(
        ...listRemovals(
          args.map((a) => ({ start: a.loc!.start, end: a.loc!.end })),
          gone,
          { start: m.node.name.loc!.end, end: close?.end ?? m.node.name.loc!.end },
        ),
      );
    }
  } else {
    const byParent = new Map<SelectionSetNode, Match[]>();
    for (const m of matches) {
      byParent.set(m.parent, [...(byParent.get(m.parent) ?? []), m]);
    }
    for (const [parent, group] of byParent) {
      group.forEach((m, i) => {
        removed.push(m.node);
        if (i === 0 && group.length === parent.selections.length) {
          // An empty selection set does not parse: the builder's placeholder keeps the parent.
          edits.push({ start: m.node.loc!.start, end: m.node.loc!.end, text: '__typename' });
        } else {
          edits.push({ ...removalRange(text, m.node.loc!.start, m.node.loc!.end), text: '' });
        }
      });
    }
  }
  if (edits.length === 0) {
    return { ...NOTHING, operationName: op.name?.value };
  }
  const header = headerEdits(text, op, unusedAfter(op, removed), ctx.newVariables);
  const eol = eolOf(text);
  return { edits: mergeTouching([...header, ...edits]).map((e) => ({ ...e, text: e.text.replace(/\n/g, eol) })), variables: ctx.newVariables, operationName: op.name?.value };
}
