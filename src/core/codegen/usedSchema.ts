/**
 * The part of a schema that a generation's documents use, as a schema of its own (graphql's public
 * constructors): GraphQL Code Generator's `typescript-operations` walks the whole schema for every
 * file it writes (its enums and input types are printed from that walk), about 60 ms a file on
 * GitHub's 1,600 types, where the documents use a few hundred fields. Kept, with everything as the
 * schema has it (descriptions, deprecations, directives):
 * - every type a document names or selects through (root types, field types, type conditions), and
 *   every possible type of an abstract one, with the fields the documents select on it (a field
 *   selected on an interface is kept on each type that implements it);
 * - every field's arguments, and the input types, enums and scalars that kept fields, arguments,
 *   variables and directives name (input types whole, with what their fields name).
 * The plugins read nothing else of the schema for the output they write, so the files are the same
 * bytes; tests compare them with what the codegen CLI writes from the whole schema. The types are
 * in the schema's order (codegen prints enums and input types in it).
 */
import {
  assertNullableType,
  getNamedType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLUnionType,
  isAbstractType,
  isCompositeType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
  type GraphQLType,
  type SelectionSetNode,
} from 'graphql';

/** What the documents use: per composite type, the names of the fields selected on it. */
class Usage {
  readonly fields = new Map<string, Set<string>>();
  readonly named = new Set<string>();
  private readonly walked = new WeakMap<SelectionSetNode, Set<string>>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  ) {}

  /** A type is kept; an abstract one with every possible type. */
  keep(type: GraphQLNamedType): void {
    if (this.named.has(type.name)) {
      return;
    }
    this.named.add(type.name);
    if (isCompositeType(type) && !this.fields.has(type.name)) {
      this.fields.set(type.name, new Set());
    }
    if (isAbstractType(type)) {
      for (const possible of this.schema.getPossibleTypes(type)) {
        this.keep(possible);
      }
      if (isInterfaceType(type)) {
        for (const sub of this.schema.getImplementations(type).interfaces) {
          this.keep(sub);
        }
      }
    }
  }

  /** The selections on `type`, and under them (once per type and selection set). */
  walk(type: GraphQLCompositeType, set: SelectionSetNode): void {
    let types = this.walked.get(set);
    if (!types) {
      types = new Set();
      this.walked.set(set, types);
    }
    if (types.has(type.name)) {
      return;
    }
    types.add(type.name);
    this.keep(type);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith('__') || isUnionType(type)) {
          continue;
        }
        for (const target of this.implementing(type)) {
          const field = target.getFields()[name] as GraphQLField<unknown, unknown> | undefined;
          if (!field) {
            continue;
          }
          this.fields.get(target.name)?.add(name);
          const result = getNamedType(field.type);
          if (selection.selectionSet && isCompositeType(result)) {
            this.walk(result, selection.selectionSet);
          }
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : type;
        if (condition && isCompositeType(condition)) {
          this.walk(condition, selection.selectionSet);
        }
      } else {
        const fragment = this.fragments.get(selection.name.value);
        const condition = fragment && this.schema.getType(fragment.typeCondition.name.value);
        if (fragment && condition && isCompositeType(condition)) {
          this.walk(condition, fragment.selectionSet);
        }
      }
    }
  }

  /** The type and, for an interface, every type that implements it (where its fields are looked up too). */
  private implementing(type: GraphQLObjectType | GraphQLInterfaceType): (GraphQLObjectType | GraphQLInterfaceType)[] {
    if (!isInterfaceType(type)) {
      return [type];
    }
    const { objects, interfaces } = this.schema.getImplementations(type);
    return [type, ...objects, ...interfaces];
  }
}

/** The schema with only what the documents use (see the module's comment). */
export function usedSchema(schema: GraphQLSchema, documents: readonly DocumentNode[]): GraphQLSchema {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const document of documents) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) {
        fragments.set(definition.name.value, definition);
      }
    }
  }
  const usage = new Usage(schema, fragments);
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const root of roots) {
    if (root) {
      usage.keep(root);
    }
  }
  const leaves: GraphQLType[] = [];
  for (const document of documents) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) {
        const root = schema.getRootType(definition.operation);
        if (root) {
          usage.walk(root, definition.selectionSet);
        }
        for (const variable of definition.variableDefinitions ?? []) {
          const type = typeFromAST(schema, variable.type);
          if (type) {
            leaves.push(type);
          }
        }
      } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        const condition = schema.getType(definition.typeCondition.name.value);
        if (condition && isCompositeType(condition)) {
          usage.walk(condition, definition.selectionSet);
        }
      }
    }
  }
  // What kept fields, their arguments, the variables and the directives name, input types whole.
  for (const [name, selected] of usage.fields) {
    const type = schema.getType(name);
    if (isObjectType(type) || isInterfaceType(type)) {
      const all = type.getFields();
      for (const field of selected) {
        leaves.push(all[field].type, ...all[field].args.map((arg) => arg.type));
      }
    }
  }
  for (const directive of schema.getDirectives()) {
    leaves.push(...directive.args.map((arg) => arg.type));
  }
  while (leaves.length > 0) {
    const named = getNamedType(leaves.pop() as GraphQLType);
    if (!usage.named.has(named.name)) {
      usage.named.add(named.name);
      if (isInputObjectType(named)) {
        leaves.push(...Object.values(named.getFields()).map((field) => field.type));
      }
    }
  }
  return rebuilt(schema, usage);
}

/** The kept types in the schema's order: composite types anew with their kept fields, the others as they are. */
function rebuilt(schema: GraphQLSchema, usage: Usage): GraphQLSchema {
  const made = new Map<string, GraphQLNamedType>();
  const named = (type: GraphQLNamedType): GraphQLNamedType => made.get(type.name) ?? type;
  const wrapped = (type: GraphQLType): GraphQLType =>
    isNonNullType(type) ? new GraphQLNonNull(assertNullableType(wrapped(type.ofType))) : isListType(type) ? new GraphQLList(wrapped(type.ofType)) : named(type);
  const fieldsOf = (type: GraphQLObjectType | GraphQLInterfaceType) => (): GraphQLFieldConfigMap<unknown, unknown> => {
    const selected = usage.fields.get(type.name) ?? new Set<string>();
    const all = type.toConfig().fields;
    return Object.fromEntries(
      Object.keys(all)
        .filter((name) => selected.has(name))
        .map((name) => [name, { ...all[name], type: wrapped(all[name].type) as never }]),
    );
  };
  const interfacesOf = (type: GraphQLObjectType | GraphQLInterfaceType) => (): GraphQLInterfaceType[] =>
    type
      .getInterfaces()
      .filter((i) => usage.named.has(i.name))
      .map((i) => named(i) as GraphQLInterfaceType);
  const types: GraphQLNamedType[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!usage.named.has(type.name)) {
      continue;
    }
    let kept: GraphQLNamedType = type;
    if (isObjectType(type)) {
      kept = new GraphQLObjectType({ ...type.toConfig(), fields: fieldsOf(type), interfaces: interfacesOf(type) });
    } else if (isInterfaceType(type)) {
      kept = new GraphQLInterfaceType({ ...type.toConfig(), fields: fieldsOf(type), interfaces: interfacesOf(type) });
    } else if (isUnionType(type)) {
      const members = type.getTypes();
      kept = new GraphQLUnionType({ ...type.toConfig(), types: () => members.map((m) => named(m) as GraphQLObjectType) });
    }
    made.set(type.name, kept);
    types.push(kept);
  }
  const root = (type: GraphQLObjectType | null | undefined) => (type ? (made.get(type.name) as GraphQLObjectType) : undefined);
  return new GraphQLSchema({
    ...schema.toConfig(),
    query: root(schema.getQueryType()),
    mutation: root(schema.getMutationType()),
    subscription: root(schema.getSubscriptionType()),
    types,
    assumeValid: true,
  });
}
