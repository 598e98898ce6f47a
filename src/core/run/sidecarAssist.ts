import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  print,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { findMemberKey, jsonLocationAt, jsonMemberSpans, type JsonPath } from './jsonLocation';
import { analyseVariables, type VariableValues } from './variables';
import { parseSidecar, sidecarKey, variableNamedIn } from './variablesFile';

/** One completion proposal in a sidecar variables file. Offsets are into the sidecar text. */
export interface SidecarCompletion {
  label: string;
  /** Inserted in place of `replace` (JSON text). */
  insertText: string;
  kind: 'operation' | 'variable' | 'field' | 'value';
  detail?: string;
  documentation?: string;
  replace: [number, number];
}

/** A problem of a sidecar file against its document's operations, with offsets into the sidecar. */
export interface SidecarProblem {
  message: string;
  severity: 'error' | 'warning' | 'info';
  span: [number, number];
}

/**
 * Completion in a sidecar: operation names at the top, variable names in an operation's
 * object, input-object fields below, and values (enum values, booleans, null, a template
 * for input objects) where a value goes. Without a schema only names are proposed.
 */
export function sidecarCompletions(schema: GraphQLSchema | undefined, operations: readonly OperationDefinitionNode[], text: string, offset: number): SidecarCompletion[] {
  const loc = jsonLocationAt(text, offset);
  if (loc.kind === 'none') {
    return [];
  }
  const { replace } = loc;
  if (loc.kind === 'key') {
    const taken = new Set(loc.keys);
    if (loc.path.length === 0) {
      return operations
        .map((op) => sidecarKey(op.name?.value))
        .filter((k) => !taken.has(k))
        .map((k) => ({ label: k, insertText: `${JSON.stringify(k)}: {}`, kind: 'operation' as const, detail: 'operation', replace }));
    }
    const op = findOperation(operations, loc.path[0]);
    if (!op) {
      return [];
    }
    if (loc.path.length === 1) {
      return (op.variableDefinitions ?? [])
        .filter((d) => !taken.has(d.variable.name.value))
        .map((d) => {
          const type = schema ? (typeFromAST(schema, d.type) as GraphQLInputType | undefined) : undefined;
          const named = type ? getNamedType(type) : undefined;
          const item: SidecarCompletion = {
            label: d.variable.name.value,
            insertText: `${JSON.stringify(d.variable.name.value)}: `,
            kind: 'variable',
            detail: print(d.type),
            replace,
          };
          if (named?.description) {
            item.documentation = named.description;
          }
          return item;
        });
    }
    const type = typeAtPath(schema, op, loc.path.slice(1));
    const nullable = type ? getNullableType(type) : undefined;
    if (!nullable || !isInputObjectType(nullable)) {
      return [];
    }
    return Object.values(nullable.getFields())
      .filter((f) => !taken.has(f.name))
      .map((f) => {
        const item: SidecarCompletion = { label: f.name, insertText: `${JSON.stringify(f.name)}: `, kind: 'field', detail: String(f.type), replace };
        if (f.description) {
          item.documentation = f.description;
        }
        return item;
      });
  }
  const op = findOperation(operations, loc.path[0]);
  if (!op || loc.path.length < 2) {
    return [];
  }
  const type = typeAtPath(schema, op, loc.path.slice(1));
  return type ? valueProposals(type, replace) : [];
}

/**
 * Checks a sidecar against the document's operations: entries naming no operation, variables
 * the operation does not declare, and values of the wrong type (each naming its variable).
 * JSON syntax errors are left to the JSON language support; an unparsable file gives no problems.
 */
export function sidecarProblems(schema: GraphQLSchema | undefined, operations: readonly OperationDefinitionNode[], text: string): SidecarProblem[] {
  const parsed = parseSidecar(text);
  if (!parsed.ok) {
    return [];
  }
  const spans = jsonMemberSpans(text);
  const problems: SidecarProblem[] = [];
  for (const [key, values] of Object.entries(parsed.sidecar)) {
    const keySpan = findMemberKey(spans, [key]) ?? [0, 0];
    const op = findOperation(operations, key);
    if (!op) {
      const names = operations.map((o) => sidecarKey(o.name?.value));
      problems.push({
        message:
          names.length > 0
            ? `The GraphQL document has no operation named "${key}" (it has ${names.join(', ')}).`
            : `The GraphQL document next to this file has no operation named "${key}".`,
        severity: 'warning',
        span: keySpan,
      });
      continue;
    }
    const analysis = analyseVariables(schema, op, values as VariableValues);
    for (const name of analysis.unused) {
      problems.push({
        message: `The operation ${key} declares no variable $${name}; it is not sent.`,
        severity: 'warning',
        span: findMemberKey(spans, [key, name]) ?? keySpan,
      });
    }
    for (const message of analysis.errors) {
      const name = variableNamedIn(message);
      problems.push({ message, severity: 'error', span: (name && findMemberKey(spans, [key, name])) || keySpan });
    }
    if (analysis.missing.length > 0) {
      problems.push({
        message: `No value for ${analysis.missing.map((m) => `$${m.name} (${m.typeLabel})`).join(', ')}: you will be asked when you run ${key}.`,
        severity: 'info',
        span: keySpan,
      });
    }
  }
  return problems;
}

function findOperation(operations: readonly OperationDefinitionNode[], key: string | number | undefined): OperationDefinitionNode | undefined {
  return typeof key === 'string' ? operations.find((o) => sidecarKey(o.name?.value) === key) : undefined;
}

/** The input type at a path below the operation's variables object: [variable, field | index, ...]. */
function typeAtPath(schema: GraphQLSchema | undefined, op: OperationDefinitionNode, path: JsonPath): GraphQLInputType | undefined {
  if (!schema) {
    return undefined;
  }
  const def = (op.variableDefinitions ?? []).find((d) => d.variable.name.value === path[0]);
  let type = def ? (typeFromAST(schema, def.type) as GraphQLInputType | undefined) : undefined;
  for (const step of path.slice(1)) {
    if (!type) {
      return undefined;
    }
    const nullable = getNullableType(type);
    if (typeof step === 'number') {
      type = isListType(nullable) ? (nullable.ofType as GraphQLInputType) : undefined;
    } else {
      type = isInputObjectType(nullable) ? nullable.getFields()[step]?.type : undefined;
    }
  }
  return type;
}

function valueProposals(type: GraphQLInputType, replace: [number, number]): SidecarCompletion[] {
  const out: SidecarCompletion[] = [];
  const nullable = getNullableType(type);
  const value = (label: string, insertText: string, detail?: string, documentation?: string): void => {
    const item: SidecarCompletion = { label, insertText, kind: 'value', replace };
    if (detail) {
      item.detail = detail;
    }
    if (documentation) {
      item.documentation = documentation;
    }
    out.push(item);
  };
  if (isEnumType(nullable)) {
    for (const v of nullable.getValues()) {
      value(JSON.stringify(v.name), JSON.stringify(v.name), nullable.name, v.description ?? undefined);
    }
  } else if (isListType(nullable)) {
    value('[]', '[]', String(type));
  } else if (isInputObjectType(nullable)) {
    value('{}', '{}', nullable.name, nullable.description ?? undefined);
  } else if (isScalarType(nullable) && nullable.name === 'Boolean') {
    value('true', 'true', 'Boolean');
    value('false', 'false', 'Boolean');
  }
  if (!isNonNullType(type)) {
    value('null', 'null', String(type));
  }
  return out;
}
