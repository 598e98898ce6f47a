import {
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isListType,
  isRequiredInputField,
  isScalarType,
  print,
  specifiedScalarTypes,
  typeFromAST,
  type GraphQLInputType,
  type OperationDefinitionNode,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';

/** Variables for one operation: JSON values by variable name (without `$`). */
export type VariableValues = Record<string, unknown>;

/** How to ask the user for one variable. */
export interface VariableNeed {
  name: string;
  /** The declared type as written, e.g. `TaskPriority!` or `[ID!]`. */
  typeLabel: string;
  /** How to ask for one value (of a list: for each item). */
  kind: 'enum' | 'boolean' | 'int' | 'float' | 'string' | 'id' | 'json';
  enumValues?: { name: string; description?: string }[];
  /** The value is a list; the answer is a JSON array (or a single item). */
  list: boolean;
  required: boolean;
  /** The type's description, when the schema has one. */
  description?: string;
  /** For `json`: a starting value with the required fields of the input type. */
  template?: string;
  /** The full input type, when the schema is known; used to validate answers. */
  inputType?: GraphQLInputType;
}

/** What the provided variables lack and what is wrong with them. */
export interface VariableAnalysis {
  /** Provided values of declared variables (undeclared ones are left out). */
  values: VariableValues;
  /** Required variables (non-null, no default) with no value: ask the user. */
  missing: VariableNeed[];
  /** Wrong values and unknown types, each naming the variable. */
  errors: string[];
  /** Provided names the operation does not declare (not sent). */
  unused: string[];
}

/**
 * Compares the operation's variable definitions with the provided values (usually from the
 * sidecar). Without a schema, only the built-in scalars are checked; the rest is left to the Service.
 */
export function analyseVariables(schema: GraphQLSchema | undefined, operation: OperationDefinitionNode, provided: VariableValues): VariableAnalysis {
  const values: VariableValues = {};
  const missing: VariableNeed[] = [];
  const errors: string[] = [];
  const defs = operation.variableDefinitions ?? [];
  const declared = new Set(defs.map((d) => d.variable.name.value));
  const unused = Object.keys(provided).filter((k) => !declared.has(k));
  const providedDefs: VariableDefinitionNode[] = [];
  for (const def of defs) {
    const name = def.variable.name.value;
    if (schema && !typeFromAST(schema, def.type)) {
      errors.push(`Variable "$${name}" has the type ${print(def.type)}, which the schema does not define.`);
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(provided, name) && provided[name] !== undefined) {
      values[name] = provided[name];
      providedDefs.push(def);
    } else if (def.type.kind === Kind.NON_NULL_TYPE && !def.defaultValue) {
      missing.push(describeVariable(schema, def));
    }
  }
  errors.push(...checkValues(schema, providedDefs, values));
  return { values, missing, errors, unused };
}

/**
 * The last check before sending: every declared variable against the values, with graphql's
 * getVariableValues when the schema is known. Returns messages naming the variable; empty when fine.
 */
export function checkVariables(schema: GraphQLSchema | undefined, operation: OperationDefinitionNode, values: VariableValues): string[] {
  return checkValues(schema, operation.variableDefinitions ?? [], values);
}

function checkValues(schema: GraphQLSchema | undefined, defs: readonly VariableDefinitionNode[], values: VariableValues): string[] {
  if (defs.length === 0) {
    return [];
  }
  const result = getVariableValues(schema ?? builtinSchema(defs), defs, values);
  return result.errors ? result.errors.map((e) => e.message) : [];
}

/**
 * Without the schema: the built-in scalars, and each other type named by the definitions as a
 * scalar that takes any value. graphql then checks what it can know (a required variable given,
 * no null where the type is non-null, the built-in scalars' values) in its own words, and leaves
 * the rest to the Service.
 */
function builtinSchema(defs: readonly VariableDefinitionNode[]): GraphQLSchema {
  const builtin = new Set(specifiedScalarTypes.map((t) => t.name));
  const others = new Set(defs.map((d) => namedTypeName(d.type)).filter((n) => !builtin.has(n)));
  return new GraphQLSchema({ types: [...specifiedScalarTypes, ...[...others].map((name) => new GraphQLScalarType({ name }))] });
}

/** Describes how to ask for a variable; works without a schema (then non-builtin types are `json`). */
export function describeVariable(schema: GraphQLSchema | undefined, def: VariableDefinitionNode): VariableNeed {
  const name = def.variable.name.value;
  // Without a schema, a type that uses only built-in scalars (graphql finds no other name in a schema of them).
  const inputType = typeFromAST(schema ?? new GraphQLSchema({ types: specifiedScalarTypes }), def.type) as GraphQLInputType | undefined;
  const need: VariableNeed = {
    name,
    typeLabel: print(def.type),
    kind: 'json',
    list: isListTypeNode(def.type),
    required: def.type.kind === Kind.NON_NULL_TYPE && !def.defaultValue,
  };
  if (!inputType) {
    const named = namedTypeName(def.type);
    need.kind = scalarKind(named) ?? 'json';
    return need;
  }
  need.inputType = inputType;
  const named = getNamedType(inputType);
  if (named.description) {
    need.description = named.description;
  }
  if (isEnumType(named)) {
    need.kind = 'enum';
    need.enumValues = named.getValues().map((v) => (v.description ? { name: v.name, description: v.description } : { name: v.name }));
  } else if (isScalarType(named)) {
    need.kind = scalarKind(named.name) ?? 'string';
  } else if (isInputObjectType(named)) {
    need.kind = 'json';
    need.template = JSON.stringify(templateFor(named, 0), null, 0);
  }
  return need;
}

function scalarKind(name: string): VariableNeed['kind'] | undefined {
  switch (name) {
    case 'Int':
      return 'int';
    case 'Float':
      return 'float';
    case 'Boolean':
      return 'boolean';
    case 'ID':
      return 'id';
    case 'String':
      return 'string';
    default:
      return undefined;
  }
}

function namedTypeName(t: TypeNode): string {
  return t.kind === Kind.NAMED_TYPE ? t.name.value : namedTypeName(t.type);
}

function isListTypeNode(t: TypeNode): boolean {
  return t.kind === Kind.LIST_TYPE || (t.kind === Kind.NON_NULL_TYPE && t.type.kind === Kind.LIST_TYPE);
}

/** A starting JSON value for an input type: required fields with placeholder values. */
function templateFor(type: GraphQLInputType, depth: number): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return [];
  }
  if (isEnumType(nullable)) {
    return nullable.getValues()[0]?.name ?? '';
  }
  if (isScalarType(nullable)) {
    const kind = scalarKind(nullable.name);
    return kind === 'int' || kind === 'float' ? 0 : kind === 'boolean' ? false : '';
  }
  if (isInputObjectType(nullable)) {
    if (depth > 3) {
      return {};
    }
    const out: Record<string, unknown> = {};
    const fields = Object.values(nullable.getFields());
    const required = fields.filter(isRequiredInputField);
    for (const f of required.length > 0 ? required : fields.slice(0, 1)) {
      out[f.name] = templateFor(f.type, depth + 1);
    }
    return out;
  }
  return null;
}

/** `a.b[1]` for a coercion error path. */
export function pathText(path: readonly (string | number)[]): string {
  return path.length > 0 ? ` at "value${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}"` : '';
}
