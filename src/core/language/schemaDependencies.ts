/**
 * What a validation read of its schema, so that its result can be reused for another version of
 * the schema that answers every one of those reads alike (the workspace after a schema change:
 * a document that uses nothing that changed keeps its result; issue 28).
 *
 * Why the reuse is exact. graphql's validation of a document is a deterministic function of the
 * document's nodes and of what it reads of the schema, and it reads the schema only through:
 * - the schema's methods (root types, `getType`, the type map, possible types and
 *   implementations, `isSubType`, the directives): each call is recorded as a fact, its key and
 *   its answer under the schema validated against (type names and kinds);
 * - the methods of the named types it holds (`getFields`, `getInterfaces`, `getTypes`,
 *   `getValues`, `getValue`, an enum's `parseLiteral`/`parseValue`/`serialize`): the type is
 *   recorded, and its fact is its whole definition as validation can see it (fields and their
 *   types, arguments, default values, deprecations; interfaces; members; enum values; `isOneOf`);
 * - plain properties of the objects those calls return (a field's type, args, default value,
 *   deprecation reason; a type's name and kind): part of the same facts. A named type is compared
 *   by name and kind (a scalar also by being one of graphql's own): the only scalar behaviour a
 *   schema built from SDL or an introspection has (every schema the extension loads).
 * So if every fact recorded under the old version has the same answer under the new one, the
 * validation against the new one would make the same reads with the same answers, step by step,
 * and report the same errors on the same nodes: the old result is reused. Any fact answered
 * otherwise (a type gone, a field added, a deprecation changed) validates the document again.
 * Property-tested against whole validation: test/unit/core/language/schemaDependencies.test.ts.
 */
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLUnionType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  type GraphQLDirective,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLAbstractType,
  type GraphQLArgument,
  type GraphQLNamedType,
  type GraphQLType,
  type OperationTypeNode,
} from 'graphql';

/** A fact a validation relied on: its key, and its answer under the schema it was validated against. */
export type SchemaFact = readonly [key: string, answer: string];

/** What one validation read: the schema's answers by key, and the named types whose definitions it read. */
class Recording {
  readonly facts = new Map<string, string>();
  readonly types = new Set<GraphQLNamedType>();
  constructor(readonly schema: GraphQLSchema) {}
}

/**
 * The recording running now, if any. Global by nature: the probes sit on graphql's prototypes,
 * shared by every schema of the thread; a recording is one synchronous call (recordSchemaReads).
 */
const probes: { recording: Recording | undefined } = { recording: undefined };

/**
 * Runs `validate` (synchronous) recording what it reads of `schema`; returns its result and the
 * facts it relied on. Recordings do not nest (validation never calls back into one).
 */
export function recordSchemaReads<T>(schema: GraphQLSchema, validate: () => T): { readonly result: T; readonly facts: readonly SchemaFact[] } {
  installProbes();
  const outer = probes.recording;
  const own = new Recording(schema);
  probes.recording = own;
  let result: T;
  try {
    result = validate();
  } finally {
    probes.recording = outer;
  }
  const facts: SchemaFact[] = [...own.facts];
  for (const type of own.types) {
    // A type of another schema (graphql's introspection types are shared) answers by its name here.
    facts.push([`def:${type.name}`, definitionOf(type)]);
  }
  return { result, facts };
}

/** Whether `schema` answers every fact as the schema they were recorded under did. */
export function factsHold(schema: GraphQLSchema, facts: readonly SchemaFact[]): boolean {
  let checked = comparisons.get(schema);
  if (!checked) {
    checked = new Map();
    comparisons.set(schema, checked);
  }
  for (const [key, answer] of facts) {
    // The documents of a workspace share their facts' answers (memoised strings of the schema
    // they were recorded under): each is compared with this schema's once, not once per document
    // (a type's definition is kilobytes).
    let last = checked.get(key);
    if (last?.answer !== answer) {
      last = { answer, holds: answerOf(schema, key) === answer };
      checked.set(key, last);
    }
    if (!last.holds) {
      return false;
    }
  }
  return true;
}

/** Per schema, per fact key: the last answer compared with this schema's, and whether they were equal. */
const comparisons = new WeakMap<GraphQLSchema, Map<string, { readonly answer: string; readonly holds: boolean }>>();

const answers = new WeakMap<GraphQLSchema, Map<string, string>>();

/** The answer of `schema` to a fact's key (memoised per schema: a schema never changes). */
export function answerOf(schema: GraphQLSchema, key: string): string {
  let known = answers.get(schema);
  if (!known) {
    known = new Map();
    answers.set(schema, known);
  }
  let answer = known.get(key);
  if (answer === undefined) {
    answer = computeAnswer(schema, key);
    known.set(key, answer);
  }
  return answer;
}

function computeAnswer(schema: GraphQLSchema, key: string): string {
  const colon = key.indexOf(':');
  const kind = colon < 0 ? key : key.slice(0, colon);
  const rest = colon < 0 ? '' : key.slice(colon + 1);
  const type = (name: string) => schema.getType(name);
  switch (kind) {
    case 'root':
      return nameOf(schema.getRootType(rest as OperationTypeNode));
    case 'map':
      return Object.values(schema.getTypeMap()).map(kindOf).join(' ');
    case 'type':
      return nameOf(type(rest));
    case 'def': {
      const named = type(rest);
      return named ? definitionOf(named) : '-';
    }
    case 'possible': {
      const abstract = type(rest);
      return abstract
        ? schema
            .getPossibleTypes(abstract as GraphQLAbstractType)
            .map(kindOf)
            .join(' ')
        : '-';
    }
    case 'impl': {
      const iface = type(rest);
      if (!iface) {
        return '-';
      }
      const { objects, interfaces } = schema.getImplementations(iface as GraphQLInterfaceType);
      return `${objects.map(kindOf).join(' ')} | ${interfaces.map(kindOf).join(' ')}`;
    }
    case 'sub': {
      const [a, b] = rest.split(':');
      const abstract = type(a);
      const sub = type(b);
      return abstract && sub ? String(schema.isSubType(abstract as GraphQLAbstractType, sub as GraphQLObjectType)) : '-';
    }
    case 'dirs':
      return schema.getDirectives().map(directiveOf).join(' ');
    case 'dir': {
      const directive = schema.getDirective(rest);
      return directive ? directiveOf(directive) : '-';
    }
    default:
      throw new Error(`unknown schema fact ${key}`);
  }
}

/** A named type's name and kind (a scalar: whether it is one of graphql's own), `-` for none. */
function nameOf(type: GraphQLNamedType | null | undefined): string {
  return type ? kindOf(type) : '-';
}

function kindOf(type: GraphQLNamedType): string {
  if (isScalarType(type)) {
    return `${type.name}:${isSpecifiedScalarType(type) ? 'SPECIFIED' : 'SCALAR'}`;
  }
  const kind = isObjectType(type)
    ? 'OBJECT'
    : isInterfaceType(type)
      ? 'INTERFACE'
      : isUnionType(type)
        ? 'UNION'
        : isEnumType(type)
          ? 'ENUM'
          : isInputObjectType(type)
            ? 'INPUT'
            : '?';
  return `${type.name}:${kind}`;
}

function typeRef(type: GraphQLType): string {
  if (isNonNullType(type)) {
    return `${typeRef(type.ofType)}!`;
  }
  if (isListType(type)) {
    return `[${typeRef(type.ofType)}]`;
  }
  return kindOf(type);
}

/** A default or internal value (undefined told apart from null). */
function valueOf(value: unknown): string {
  return value === undefined ? '~' : (JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? '~');
}

function deprecation(reason: string | null | undefined): string {
  return reason === undefined ? '' : `@${JSON.stringify(reason)}`;
}

function argumentOf(arg: GraphQLArgument | GraphQLInputField): string {
  return `${arg.name}:${typeRef(arg.type)}=${valueOf(arg.defaultValue)}${deprecation(arg.deprecationReason)}`;
}

function fieldOf(field: GraphQLField<unknown, unknown>): string {
  return `${field.name}(${field.args.map(argumentOf).join(',')}):${typeRef(field.type)}${deprecation(field.deprecationReason)}`;
}

function directiveOf(directive: GraphQLDirective): string {
  return `@${directive.name}(${directive.args.map(argumentOf).join(',')})${directive.isRepeatable ? ' repeatable' : ''} on ${directive.locations.join('|')}`;
}

const definitions = new WeakMap<GraphQLNamedType, string>();

/** Everything validation can read of a named type's definition (memoised: a type never changes). */
function definitionOf(type: GraphQLNamedType): string {
  let text = definitions.get(type);
  if (text === undefined) {
    text = computeDefinition(type);
    definitions.set(type, text);
  }
  return text;
}

function computeDefinition(type: GraphQLNamedType): string {
  const head = kindOf(type);
  if (isObjectType(type) || isInterfaceType(type)) {
    return `${head} implements ${type.getInterfaces().map(kindOf).join('&')} { ${Object.values(type.getFields()).map(fieldOf).join(' ')} }`;
  }
  if (isUnionType(type)) {
    return `${head} = ${type.getTypes().map(kindOf).join('|')}`;
  }
  if (isEnumType(type)) {
    return `${head} { ${type
      .getValues()
      .map((v) => `${v.name}=${valueOf(v.value)}${deprecation(v.deprecationReason)}`)
      .join(' ')} }`;
  }
  if (isInputObjectType(type)) {
    return `${head}${type.isOneOf ? ' oneOf' : ''} { ${Object.values(type.getFields()).map(argumentOf).join(' ')} }`;
  }
  return head;
}

const PROBED = Symbol('tenantGraphqlSchemaProbe');

/**
 * Wraps the schema-reading methods of graphql's classes so that a recording (only while one runs:
 * otherwise one variable read more per call) sees every read. Installed on first use.
 */
function installProbes(): void {
  const schemaProto = GraphQLSchema.prototype as unknown as Record<string | symbol, unknown>;
  if (schemaProto[PROBED]) {
    return;
  }
  schemaProto[PROBED] = true;
  const onSchema = (method: string, key: (args: readonly unknown[]) => string) => {
    const original = schemaProto[method] as (this: GraphQLSchema, ...args: unknown[]) => unknown;
    schemaProto[method] = function (this: GraphQLSchema, ...args: unknown[]) {
      const current = probes.recording;
      if (!current) {
        return original.apply(this, args);
      }
      // The answer is the fact: how the schema finds it (getType reads the type map) is not.
      probes.recording = undefined;
      try {
        const k = key(args);
        current.facts.set(k, answerOf(this, k));
        return original.apply(this, args);
      } finally {
        probes.recording = current;
      }
    };
  };
  const named = (value: unknown) => (value as { name: string }).name;
  onSchema('getQueryType', () => 'root:query');
  onSchema('getMutationType', () => 'root:mutation');
  onSchema('getSubscriptionType', () => 'root:subscription');
  onSchema('getRootType', (args) => `root:${String(args[0])}`);
  onSchema('getTypeMap', () => 'map');
  onSchema('getType', (args) => `type:${String(args[0])}`);
  onSchema('getPossibleTypes', (args) => `possible:${named(args[0])}`);
  onSchema('getImplementations', (args) => `impl:${named(args[0])}`);
  onSchema('isSubType', (args) => `sub:${named(args[0])}:${named(args[1])}`);
  onSchema('getDirectives', () => 'dirs');
  onSchema('getDirective', (args) => `dir:${String(args[0])}`);
  const onType = (proto: object, methods: readonly string[]) => {
    const target = proto as Record<string, unknown>;
    for (const method of methods) {
      const original = target[method] as (this: GraphQLNamedType, ...args: unknown[]) => unknown;
      target[method] = function (this: GraphQLNamedType, ...args: unknown[]) {
        probes.recording?.types.add(this);
        return original.apply(this, args);
      };
    }
  };
  onType(GraphQLObjectType.prototype, ['getFields', 'getInterfaces']);
  onType(GraphQLInterfaceType.prototype, ['getFields', 'getInterfaces']);
  onType(GraphQLUnionType.prototype, ['getTypes']);
  onType(GraphQLEnumType.prototype, ['getValues', 'getValue', 'serialize', 'parseValue', 'parseLiteral']);
  onType(GraphQLInputObjectType.prototype, ['getFields']);
}
