/**
 * Input-object fields of an argument: the text of `{ status: $status }` a tick writes into an
 * argument's value, the edits that add one to (or take one out of) an object already written, and
 * the paths an object in the text ticks.
 */
import {
  getNamedType,
  isInputObjectType,
  isRequiredInputField,
  Kind,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type ObjectFieldNode,
  type ObjectValueNode,
  type ValueNode,
} from 'graphql';
import { BuilderError } from './builderErrors';
import type { BuilderStep } from './builderPath';
import { listRemovals, type BuilderEdit } from './builderLayout';
import { freshVariableName, type NewVariable } from './builderVariables';
import { sidecarPlaceholder } from '../language/placeholders';

/** What writing a value needs: the variable names taken and where new variables go. */
export interface InputContext {
  readonly taken: Set<string>;
  readonly newVariables: NewVariable[];
}

function inputObjectOf(type: GraphQLInputType): GraphQLInputObjectType {
  const named = getNamedType(type);
  if (!isInputObjectType(named)) {
    throw new BuilderError(`${String(type)} is not an input object: it has no fields to pick.`);
  }
  return named;
}

function inputFieldOf(type: GraphQLInputType, name: string): GraphQLInputField {
  const object = inputObjectOf(type);
  const field = object.getFields()[name];
  if (!field) {
    throw new BuilderError(`${object.name} has no field ${name}.`);
  }
  return field;
}

/** The input type at the end of a list of input-object fields (outermost first) from a type; undefined when one is not there. */
export function inputTypeAt(type: GraphQLInputType, fields: readonly string[]): GraphQLInputType | undefined {
  let t: GraphQLInputType = type;
  for (const name of fields) {
    const named = getNamedType(t);
    const f = isInputObjectType(named) ? named.getFields()[name] : undefined;
    if (!f) {
      return undefined;
    }
    t = f.type;
  }
  return t;
}

/** Whether the last of a list of input-object fields is a required one (its box cannot be cleared). */
export function isRequiredInputAt(type: GraphQLInputType, fields: readonly string[]): boolean {
  const outer = inputTypeAt(type, fields.slice(0, -1));
  const named = outer && getNamedType(outer);
  const f = named && isInputObjectType(named) ? named.getFields()[fields[fields.length - 1]] : undefined;
  return f !== undefined && isRequiredInputField(f);
}

/**
 * The value of a `type` that gives the fields (outermost first): `{ a: { b: $b } }`, the innermost
 * an enum value or a new variable of its type (named after it); a new object also gives its
 * required fields, as variables, so that it validates.
 */
export function inputValueText(ctx: InputContext, type: GraphQLInputType, fields: readonly string[], enumValue: string | undefined, variableBase: string): string {
  if (fields.length === 0) {
    if (enumValue !== undefined) {
      return enumValue;
    }
    const name = freshVariableName(variableBase, ctx.taken);
    ctx.newVariables.push({ name, type: String(type), placeholder: sidecarPlaceholder(type) });
    return `$${name}`;
  }
  const [first, ...rest] = fields;
  inputFieldOf(type, first);
  const parts = Object.values(inputObjectOf(type).getFields())
    .filter((f) => f.name === first || isRequiredInputField(f))
    .map((f) => `${f.name}: ${f.name === first ? inputValueText(ctx, f.type, rest, enumValue, f.name) : inputValueText(ctx, f.type, [], undefined, f.name)}`);
  return `{ ${parts.join(', ')} }`;
}

/** The edits that add the fields to a value already written, and the value they replace (for its variables), if any. */
export function inputTickEdits(
  ctx: InputContext,
  type: GraphQLInputType,
  value: ValueNode,
  fields: readonly string[],
  enumValue: string | undefined,
): { edits: BuilderEdit[]; replaced?: ValueNode } {
  let t = type;
  let node = value;
  for (let i = 0; i < fields.length; i++) {
    if (node.kind === Kind.VARIABLE || node.kind === Kind.NULL) {
      // A variable (or null) in place of the object: the object ticked replaces it, as an enum value
      // ticked replaces a variable; the variable's declaration goes when nothing else uses it.
      return { edits: [{ start: node.loc!.start, end: node.loc!.end, text: inputValueText(ctx, t, fields.slice(i), enumValue, fields[i]) }], replaced: node };
    }
    if (node.kind !== Kind.OBJECT) {
      throw new BuilderError(`The value of ${fields.slice(0, i).join('.') || 'the argument'} is not written as an object: give ${fields[i]} in the variables instead.`);
    }
    const f = inputFieldOf(t, fields[i]);
    const existing = node.fields.find((o) => o.name.value === fields[i]);
    if (!existing) {
      const written = `${fields[i]}: ${inputValueText(ctx, f.type, fields.slice(i + 1), enumValue, fields[i])}`;
      if (node.fields.length === 0) {
        return { edits: [{ start: node.loc!.start, end: node.loc!.end, text: `{ ${written} }` }] };
      }
      const end = node.fields[node.fields.length - 1].loc!.end;
      return { edits: [{ start: end, end, text: `, ${written}` }] };
    }
    t = f.type;
    node = existing.value;
  }
  if (enumValue === undefined || (node.kind === Kind.ENUM && node.value === enumValue)) {
    return { edits: [] };
  }
  return { edits: [{ start: node.loc!.start, end: node.loc!.end, text: enumValue }], replaced: node };
}

/** The argument an input-object field is unticked in: its name, its type and whether it is required. */
export interface UntickedArgument {
  readonly name: string;
  readonly type: GraphQLInputType;
  readonly required: boolean;
}

/**
 * Unticking an input-object field of an argument's value: 'none' when the text does not give it
 * (or gives another enum value), 'argument' when the whole argument goes (nothing else would be
 * left in it), else the edits and the node removed (for its variables). An object left empty goes
 * with its field; a required one (the value of a required argument or input field) cannot go and
 * would not validate empty when it has required fields: it becomes a new variable of its type,
 * which is what a first tick writes for it.
 */
export function inputUntickEdits(
  ctx: InputContext,
  argument: UntickedArgument,
  value: ValueNode,
  fields: readonly string[],
  enumValue: string | undefined,
): 'none' | 'argument' | { edits: BuilderEdit[]; removed: ObjectFieldNode | ObjectValueNode } {
  const chain: { object: ObjectValueNode; field: ObjectFieldNode; type: GraphQLInputType; required: boolean; name: string }[] = [];
  let node = value;
  let type = argument.type;
  let required = argument.required;
  let name = argument.name;
  for (const fieldName of fields) {
    const field = node.kind === Kind.OBJECT ? node.fields.find((o) => o.name.value === fieldName) : undefined;
    if (!field || node.kind !== Kind.OBJECT) {
      return 'none';
    }
    chain.push({ object: node, field, type, required, name });
    const def = inputFieldOf(type, fieldName);
    node = field.value;
    type = def.type;
    required = isRequiredInputField(def);
    name = fieldName;
  }
  if (enumValue !== undefined && !(node.kind === Kind.ENUM && node.value === enumValue)) {
    return 'none';
  }
  let r = chain.length - 1;
  while (r >= 0 && chain[r].object.fields.length === 1) {
    if (chain[r].required) {
      const { object } = chain[r];
      const variable = freshVariableName(chain[r].name, ctx.taken);
      ctx.newVariables.push({ name: variable, type: String(chain[r].type), placeholder: sidecarPlaceholder(chain[r].type) });
      return { edits: [{ start: object.loc!.start, end: object.loc!.end, text: `$${variable}` }], removed: object };
    }
    r--;
  }
  if (r < 0) {
    return 'argument';
  }
  const { object, field } = chain[r];
  const items = object.fields.map((o) => ({ start: o.loc!.start, end: o.loc!.end }));
  const edits = listRemovals(
    items,
    object.fields.map((o) => o === field),
    { start: object.loc!.start, end: object.loc!.end },
  );
  return { edits, removed: field };
}

/** The steps (from the argument's) of every input-object field an object value gives, and of an enum value given to one. */
export function inputStepsOf(value: ValueNode, steps: readonly BuilderStep[]): BuilderStep[][] {
  if (value.kind !== Kind.OBJECT) {
    return [];
  }
  return value.fields.flatMap((o) => {
    const here: BuilderStep[] = [...steps, { kind: 'inputField', name: o.name.value }];
    const enumStep: BuilderStep[][] = o.value.kind === Kind.ENUM ? [[...here, { kind: 'enumValue', value: o.value.value }]] : [];
    return [here, ...enumStep, ...inputStepsOf(o.value, here)];
  });
}
