import {
  GraphQLList,
  GraphQLNonNull,
  Kind,
  coerceInputValue,
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  print,
  specifiedScalarTypes,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';
import { getVariablesJSONSchema, type JSONSchema6 } from 'graphql-language-service';
import { TenantGraphqlError } from '../errors';
import { applyEdits, modify } from 'jsonc-parser';
import { parseJsonText } from './jsonText';
import { findMemberKey, jsonMemberSpans } from './jsonLocation';
import { LineIndex } from '../text/lineIndex';

/** Variables for one operation: JSON values by variable name (without `$`). */
export type VariableValues = Record<string, unknown>;

/** A sidecar file: one object of variables per operation name. */
export type Sidecar = Record<string, VariableValues>;

/** The sidecar key of an anonymous operation (not a valid GraphQL name, so it cannot clash). */
export const ANONYMOUS_OPERATION_KEY = '(anonymous)';

/** The sidecar key for an operation name. */
export function sidecarKey(operationName: string | undefined): string {
  return operationName ?? ANONYMOUS_OPERATION_KEY;
}

/** A sidecar file that is not valid: `line` and `column` are 1-based, as editors show them. */
export class SidecarError extends TenantGraphqlError {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/**
 * The sidecar next to a document: `tasks.graphql` -> `tasks.variables.json` (also `.gql`).
 * Works on file paths and URI strings; undefined for other extensions.
 */
export function sidecarPathFor(documentPath: string): string | undefined {
  const m = /^(.*?)\.(graphql|gql)((?:[?#].*)?)$/i.exec(documentPath);
  if (!m || m[1] === '' || /[/\\]$/.test(m[1])) {
    return undefined;
  }
  return `${m[1]}.variables.json${m[3]}`;
}

/**
 * Parses sidecar text. An empty file is an empty sidecar. Bad JSON, a top level that is not an
 * object, or an entry that is not an object gives a SidecarError with line and column.
 */
export function parseSidecar(text: string): { ok: true; sidecar: Sidecar } | { ok: false; error: SidecarError } {
  if (text.trim() === '') {
    return { ok: true, sidecar: {} };
  }
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const p = lines.positionAt(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column } = at(parsed.problem.offset);
    return {
      ok: false,
      error: new SidecarError(`The variables file is not valid JSON at line ${line}, column ${column}: ${parsed.problem.message}.`, line, column),
    };
  }
  const { value, topLevelKeys } = parsed.json;
  if (!isObject(value)) {
    return {
      ok: false,
      error: new SidecarError(
        'The variables file must hold one JSON object, with one object of variables per operation name (for example {"Tasks": {"priority": "HIGH"}}).',
        1,
        1,
      ),
    };
  }
  for (const [key, entry] of Object.entries(value)) {
    if (!isObject(entry)) {
      const { line, column } = at(topLevelKeys.get(key) ?? 0);
      return {
        ok: false,
        error: new SidecarError(
          `The entry "${key}" of the variables file (line ${line}) must be an object of variables, for example {"name": "value"}.`,
          line,
          column,
        ),
      };
    }
  }
  return { ok: true, sidecar: value as Sidecar };
}

/** The variables the sidecar holds for an operation (an empty object when it has none). */
export function variablesFromSidecar(sidecar: Sidecar | undefined, operationName: string | undefined): VariableValues {
  const entry = sidecar?.[sidecarKey(operationName)];
  return isObject(entry) ? { ...entry } : {};
}

/**
 * Returns the new sidecar text with `values` merged into the operation's entry; other
 * operations, other variables, comments and formatting are kept (jsonc-parser edits, indented
 * like the file). A new file is 2-space JSON with a final newline.
 * Throws SidecarError when the existing text is not a valid sidecar (nothing to merge into).
 */
export function saveAnswers(sidecarText: string | undefined, operationName: string | undefined, values: VariableValues): string {
  const key = sidecarKey(operationName);
  if (sidecarText === undefined || sidecarText.trim() === '') {
    const fresh: Sidecar = {};
    Object.defineProperty(fresh, key, { value: { ...values }, enumerable: true, writable: true, configurable: true });
    return JSON.stringify(fresh, null, 2) + '\n';
  }
  const parsed = parseSidecar(sidecarText);
  if (!parsed.ok) {
    throw parsed.error;
  }
  const formattingOptions = formattingOf(sidecarText);
  const edit = (text: string, path: string[], value: unknown) => applyEdits(text, modify(text, path, value, { formattingOptions }));
  if (!Object.prototype.hasOwnProperty.call(parsed.sidecar, key)) {
    return edit(sidecarText, [key], { ...values });
  }
  let text = sidecarText;
  for (const [name, value] of Object.entries(values)) {
    text = edit(text, [key, name], value);
  }
  return text;
}

/** Indentation and line breaks of a file, so that edits look like the rest of it. */
function formattingOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  if (/^\t/m.test(text)) {
    return { insertSpaces: false, tabSize: 1, eol };
  }
  const indents = [...text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
  return { insertSpaces: true, tabSize: indents.length > 0 ? Math.min(...indents) : 2, eol };
}

/**
 * Where in the variables file a variables error is best shown: the variable's name in the
 * operation's entry when the message names one, else the entry, else the start.
 */
export function variablesErrorOffset(sidecarText: string, operationName: string | undefined, error: string): number {
  const name = /Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(error)?.[1];
  const key = sidecarKey(operationName);
  const spans = jsonMemberSpans(sidecarText);
  const span = (name && findMemberKey(spans, [key, name])) || findMemberKey(spans, [key]);
  return span?.[0] ?? 0;
}

/** A JSON schema object (draft 4 as VS Code's JSON language service reads it). */
export type JsonSchema = JSONSchema6;

/**
 * The JSON schema of one operation's variables object, for validation and completion in the
 * sidecar. Built with graphql-language-service's getVariablesJSONSchema, but for this operation
 * only (its own helper collects every operation of the document), and with variables that have
 * a default value not marked required.
 */
export function variablesJsonSchema(schema: GraphQLSchema, operation: OperationDefinitionNode): JsonSchema {
  const variableToType: Record<string, GraphQLInputType> = {};
  const unknown: Record<string, string> = {};
  const optional = new Set<string>();
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    if (type) {
      variableToType[name] = type;
    } else {
      unknown[name] = print(def.type);
    }
    if (def.defaultValue) {
      optional.add(name);
    }
  }
  const json = getVariablesJSONSchema(variableToType, { useMarkdownDescription: true }) as JsonSchema;
  json.required = (json.required ?? []).filter((n) => !optional.has(n));
  if (json.required.length === 0) {
    // Draft 4 requires at least one entry in "required".
    delete json.required;
  }
  for (const [name, typeText] of Object.entries(unknown)) {
    (json.properties ??= {})[name] = { description: `${typeText} (a type the schema does not define)` };
  }
  if (operation.name) {
    json.title = `Variables of ${operation.operation} ${operation.name.value}`;
  }
  return json;
}

/**
 * The JSON schema of a whole sidecar: one property per operation of the document, each with
 * that operation's variables schema; shared input types hoisted into one `definitions`.
 */
export function sidecarJsonSchema(schema: GraphQLSchema, operations: readonly OperationDefinitionNode[]): JsonSchema {
  const properties: Record<string, JSONSchema6> = {};
  const definitions: NonNullable<JSONSchema6['definitions']> = {};
  for (const op of operations) {
    const { definitions: defs, $schema: _ignored, ...rest } = variablesJsonSchema(schema, op);
    Object.assign(definitions, defs);
    properties[sidecarKey(op.name?.value)] = rest;
  }
  const json: JsonSchema = {
    $schema: 'http://json-schema.org/draft-04/schema',
    type: 'object',
    description: 'Variables per operation name for the GraphQL document next to this file.',
    properties,
  };
  if (Object.keys(definitions).length > 0) {
    json.definitions = definitions;
  }
  return json;
}

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
export function analyseVariables(
  schema: GraphQLSchema | undefined,
  operation: OperationDefinitionNode,
  provided: VariableValues,
): VariableAnalysis {
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
export function checkVariables(
  schema: GraphQLSchema | undefined,
  operation: OperationDefinitionNode,
  values: VariableValues,
): string[] {
  return checkValues(schema, operation.variableDefinitions ?? [], values);
}

function checkValues(
  schema: GraphQLSchema | undefined,
  defs: readonly VariableDefinitionNode[],
  values: VariableValues,
): string[] {
  if (defs.length === 0) {
    return [];
  }
  if (schema) {
    const result = getVariableValues(schema, defs, values);
    return result.errors ? result.errors.map((e) => e.message) : [];
  }
  const errors: string[] = [];
  for (const def of defs) {
    const name = def.variable.name.value;
    const type = builtinTypeFromAst(def.type);
    const has = Object.prototype.hasOwnProperty.call(values, name) && values[name] !== undefined;
    if (!has) {
      if (def.type.kind === Kind.NON_NULL_TYPE && !def.defaultValue) {
        errors.push(`Variable "$${name}" of required type "${print(def.type)}" was not provided.`);
      }
      continue;
    }
    if (type) {
      const problems: string[] = [];
      coerceInputValue(values[name], type, (path, _invalid, error) => {
        problems.push(`Variable "$${name}" got invalid value ${JSON.stringify(values[name])}${pathText(path)}; ${error.message}`);
      });
      errors.push(...problems.slice(0, 1));
    }
  }
  return errors;
}

/** Describes how to ask for a variable; works without a schema (then non-builtin types are `json`). */
export function describeVariable(schema: GraphQLSchema | undefined, def: VariableDefinitionNode): VariableNeed {
  const name = def.variable.name.value;
  const inputType = (schema ? typeFromAST(schema, def.type) : builtinTypeFromAst(def.type)) as GraphQLInputType | undefined;
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

/** The result of validating one answer typed by the user. */
export type AnswerResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Turns the text typed for a variable into its JSON value, or says what is wrong (for the
 * input box's validation). Lists take a JSON array or a single item; input objects take JSON
 * checked against their input type with graphql's coerceInputValue. An empty answer to an
 * optional variable means "leave it out" (value undefined).
 */
export function coerceAnswer(need: VariableNeed, text: string): AnswerResult {
  const t = text.trim();
  const label = `$${need.name} (${need.typeLabel})`;
  if (t === '') {
    return need.required ? { ok: false, message: `Enter a value for ${label}.` } : { ok: true, value: undefined };
  }
  let value: unknown;
  if (need.list && t.startsWith('[')) {
    let items: unknown;
    try {
      items = JSON.parse(t);
    } catch (e) {
      return { ok: false, message: `${label} must be a JSON array: ${(e as Error).message}` };
    }
    if (!Array.isArray(items)) {
      return { ok: false, message: `${label} must be a JSON array.` };
    }
    const converted: unknown[] = [];
    for (const [i, item] of items.entries()) {
      const r = typeof item === 'string' && need.kind !== 'string' && need.kind !== 'id' && need.kind !== 'json' ? itemFromText(need, item) : checkItem(need, item);
      if (!r.ok) {
        return { ok: false, message: `Item ${i + 1} of ${label}: ${r.message}` };
      }
      converted.push(r.value);
    }
    value = converted;
  } else {
    const r = itemFromText(need, t);
    if (!r.ok) {
      return { ok: false, message: `${label}: ${r.message}` };
    }
    value = need.list ? [r.value] : r.value;
  }
  if (need.inputType) {
    let problem: string | undefined;
    coerceInputValue(value, need.inputType, (path, _invalid, error) => {
      problem ??= `${label}${pathText(path)}: ${error.message}`;
    });
    if (problem) {
      return { ok: false, message: problem };
    }
  }
  return { ok: true, value };
}

/** Converts one typed item according to the need's kind. */
function itemFromText(need: VariableNeed, t: string): AnswerResult {
  switch (need.kind) {
    case 'enum': {
      const names = need.enumValues?.map((v) => v.name);
      if (names && !names.includes(t)) {
        return { ok: false, message: `"${t}" is not one of ${names.join(', ')}.` };
      }
      return { ok: true, value: t };
    }
    case 'boolean': {
      const l = t.toLowerCase();
      if (l !== 'true' && l !== 'false') {
        return { ok: false, message: 'enter true or false.' };
      }
      return { ok: true, value: l === 'true' };
    }
    case 'int': {
      if (!/^[+-]?\d+$/.test(t)) {
        return { ok: false, message: `"${t}" is not a whole number.` };
      }
      const n = Number(t);
      if (n > 2147483647 || n < -2147483648) {
        return { ok: false, message: `${t} is outside the 32-bit range of Int (-2147483648 to 2147483647).` };
      }
      return { ok: true, value: n };
    }
    case 'float': {
      const n = Number(t);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) || !Number.isFinite(n)) {
        return { ok: false, message: `"${t}" is not a number.` };
      }
      return { ok: true, value: n };
    }
    case 'string':
    case 'id':
      return { ok: true, value: t };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(t) as unknown };
      } catch (e) {
        return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
      }
  }
}

/** Checks an item that came already typed from a JSON array. */
function checkItem(need: VariableNeed, item: unknown): AnswerResult {
  const expected: Record<VariableNeed['kind'], (v: unknown) => boolean> = {
    enum: (v) => typeof v === 'string',
    boolean: (v) => typeof v === 'boolean',
    int: (v) => Number.isInteger(v),
    float: (v) => typeof v === 'number' && Number.isFinite(v),
    string: (v) => typeof v === 'string',
    id: (v) => typeof v === 'string' || Number.isInteger(v),
    json: () => true,
  };
  if (item === null || expected[need.kind](item)) {
    return { ok: true, value: item };
  }
  return { ok: false, message: `${JSON.stringify(item)} is not a valid ${need.kind === 'json' ? 'value' : need.kind}.` };
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

/** The GraphQL type of a type reference that uses only built-in scalars; undefined otherwise. */
function builtinTypeFromAst(t: TypeNode): GraphQLInputType | undefined {
  switch (t.kind) {
    case Kind.NAMED_TYPE:
      return specifiedScalarTypes.find((s) => s.name === t.name.value);
    case Kind.LIST_TYPE: {
      const inner = builtinTypeFromAst(t.type);
      return inner ? new GraphQLList(inner) : undefined;
    }
    case Kind.NON_NULL_TYPE: {
      const inner = builtinTypeFromAst(t.type);
      return inner ? new GraphQLNonNull(inner) : undefined;
    }
  }
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
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    for (const f of required.length > 0 ? required : fields.slice(0, 1)) {
      out[f.name] = templateFor(f.type, depth + 1);
    }
    return out;
  }
  return null;
}

function pathText(path: readonly (string | number)[]): string {
  return path.length > 0 ? ` at "value${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}"` : '';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
