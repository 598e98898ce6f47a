/**
 * The builder's tree without VS Code: the nodes under a path (arguments, enum values, the
 * possible types of an abstract type as inline fragments, fields), computed when a node expands,
 * and the search that finds the shortest path to every field whose name matches.
 */
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isRequiredArgument,
  isRequiredInputField,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { childPath, pathKey, splitPath, type BuilderPath, type BuilderStep, type RootKind } from './builderPath';
import { fieldOn, stepType } from './builderChain';
import { inputTypeAt } from './builderInput';

/** One node of the builder's tree. */
export interface BuilderNode {
  readonly path: BuilderPath;
  readonly kind: 'root' | 'field' | 'fragment' | 'argument' | 'inputField' | 'enumValue';
  /** The name shown: a field's or argument's name, `... on Type`, an enum value, a root type's name. */
  readonly label: string;
  /** The type as written (`[Task!]!`), empty for fragments and enum values. */
  readonly typeText: string;
  readonly description?: string;
  /** The deprecation reason, when the field, argument or value is deprecated. */
  readonly deprecated?: string;
  /** A required argument or input-object field (it is always given, so its box cannot be cleared). */
  readonly required: boolean;
  readonly expandable: boolean;
}

/** Options of the tree: whether deprecated members are listed (a ticked one always is). */
export interface TreeOptions {
  readonly showDeprecated: boolean;
  /** Keys of ticked paths (a deprecated member in the text stays listed). */
  readonly ticked?: ReadonlySet<string>;
}

const ROOTS: readonly RootKind[] = ['query', 'mutation', 'subscription'];

function rootType(schema: GraphQLSchema, root: RootKind): GraphQLCompositeType | undefined {
  return (root === 'query' ? schema.getQueryType() : root === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType()) ?? undefined;
}

/** The root operation types the schema has. */
export function builderRoots(schema: GraphQLSchema): BuilderNode[] {
  return ROOTS.flatMap((root) => {
    const t = rootType(schema, root);
    return t
      ? [{ path: { root, steps: [] }, kind: 'root' as const, label: t.name, typeText: root, description: t.description ?? undefined, required: false, expandable: true }]
      : [];
  });
}

/** The composite type a path's selections end at and the field of the last step (undefined when the path leaves the schema). */
export function resolvePath(schema: GraphQLSchema, path: BuilderPath): { type?: GraphQLCompositeType; parent?: GraphQLCompositeType; field?: GraphQLField<unknown, unknown> } {
  const { selections } = splitPath(path);
  let type = rootType(schema, path.root);
  let parent: GraphQLCompositeType | undefined;
  let field: GraphQLField<unknown, unknown> | undefined;
  for (const step of selections) {
    if (!type) {
      return {};
    }
    parent = type;
    field = step.kind === 'field' ? fieldOn(type, step.name) : undefined;
    if (step.kind === 'field' && !field) {
      return {};
    }
    type = stepType(schema, type, step);
  }
  return { type, parent, field };
}

function fieldNode(path: BuilderPath, f: GraphQLField<unknown, unknown>): BuilderNode {
  const expandable = f.args.length > 0 || isCompositeType(getNamedType(f.type));
  return {
    path: childPath(path, { kind: 'field', name: f.name }),
    kind: 'field',
    label: f.name,
    typeText: String(f.type),
    description: f.description ?? undefined,
    deprecated: f.deprecationReason ?? undefined,
    required: false,
    expandable,
  };
}

/** The nodes under a path, in schema order: arguments, then possible types (inline fragments), then fields. */
export function builderChildren(schema: GraphQLSchema, path: BuilderPath, options: TreeOptions): BuilderNode[] {
  const last = path.steps[path.steps.length - 1];
  const keep = (n: BuilderNode) => options.showDeprecated || n.deprecated === undefined || options.ticked?.has(pathKey(n.path)) === true;
  if (last?.kind === 'enumValue') {
    return [];
  }
  const { type, field } = resolvePath(schema, path);
  if (last?.kind === 'argument' || last?.kind === 'inputField') {
    const { argument, inputFields } = splitPath(path);
    const arg = field?.args.find((a) => a.name === argument);
    const at = arg && inputTypeAt(arg.type, inputFields);
    return at ? inputChildren(path, at).filter(keep) : [];
  }
  const out: BuilderNode[] = [];
  if (last?.kind === 'field' && field) {
    for (const a of field.args) {
      out.push(inputValueNode(path, 'argument', a, isRequiredArgument(a)));
    }
  }
  if (type && isAbstractType(type)) {
    for (const possible of schema.getPossibleTypes(type)) {
      out.push({
        path: childPath(path, { kind: 'fragment', typeName: possible.name }),
        kind: 'fragment',
        label: `... on ${possible.name}`,
        typeText: '',
        description: possible.description ?? undefined,
        required: false,
        expandable: true,
      });
    }
  }
  if (type && 'getFields' in type) {
    for (const f of Object.values(type.getFields())) {
      out.push(fieldNode(path, f));
    }
  }
  return out.filter(keep);
}

/** The node of an argument or an input-object field: expandable when it takes an enum value or an input object. */
function inputValueNode(path: BuilderPath, kind: 'argument' | 'inputField', value: GraphQLArgument | GraphQLInputField, required: boolean): BuilderNode {
  const named = getNamedType(value.type);
  return {
    path: childPath(path, { kind, name: value.name }),
    kind,
    label: value.name,
    typeText: String(value.type),
    description: value.description ?? undefined,
    deprecated: value.deprecationReason ?? undefined,
    required,
    expandable: isEnumType(named) || isInputObjectType(named),
  };
}

/** The nodes under an argument or an input-object field of type `type`: an enum's values, an input object's fields. */
function inputChildren(path: BuilderPath, type: GraphQLInputType): BuilderNode[] {
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    return Object.values(named.getFields()).map((f) => inputValueNode(path, 'inputField', f, isRequiredInputField(f)));
  }
  if (!isEnumType(named)) {
    return [];
  }
  return named.getValues().map((v): BuilderNode => ({
    path: childPath(path, { kind: 'enumValue', value: v.name }),
    kind: 'enumValue',
    label: v.name,
    typeText: '',
    description: v.description ?? undefined,
    deprecated: v.deprecationReason ?? undefined,
    required: false,
    expandable: false,
  }));
}

/**
 * The paths to the fields whose name contains `text` (case-insensitive), each by the shortest way
 * from a root (every type is looked into once, so cycles and large schemas stay bounded), at most
 * `limit` of them.
 */
export function searchBuilder(schema: GraphQLSchema, text: string, limit = 200): BuilderPath[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') {
    return [];
  }
  const found: BuilderPath[] = [];
  const seen = new Set<string>(ROOTS.flatMap((r) => rootType(schema, r)?.name ?? []));
  const queue: { path: BuilderPath; type: GraphQLCompositeType }[] = [];
  for (const root of ROOTS) {
    const t = rootType(schema, root);
    if (t) {
      queue.push({ path: { root, steps: [] }, type: t });
    }
  }
  for (let i = 0; i < queue.length && found.length < limit; i++) {
    const { path, type } = queue[i];
    const next = (step: BuilderStep, t: GraphQLCompositeType | undefined) => {
      if (t && !seen.has(t.name)) {
        seen.add(t.name);
        queue.push({ path: childPath(path, step), type: t });
      }
    };
    if (isAbstractType(type)) {
      for (const p of schema.getPossibleTypes(type)) {
        next({ kind: 'fragment', typeName: p.name }, p);
      }
    }
    for (const f of 'getFields' in type ? Object.values(type.getFields()) : []) {
      const step: BuilderStep = { kind: 'field', name: f.name };
      if (f.name.toLowerCase().includes(needle) && found.length < limit) {
        found.push(childPath(path, step));
      }
      const named = getNamedType(f.type);
      next(step, isCompositeType(named) ? named : undefined);
    }
  }
  return found;
}

/** The keys of every path on the way to the given paths (themselves included), to show only those. */
export function keysOnTheWay(paths: readonly BuilderPath[]): Set<string> {
  const keys = new Set<string>();
  for (const p of paths) {
    for (let i = 0; i <= p.steps.length; i++) {
      keys.add(pathKey({ root: p.root, steps: p.steps.slice(0, i) }));
    }
  }
  return keys;
}
