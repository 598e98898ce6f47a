/**
 * The text of selections the builder adds: a chain of fields and inline fragments from a type,
 * each field with its required arguments as variables, the last composite one selecting
 * `__typename` until something else is ticked under it.
 */
import { getNamedType, isCompositeType, isObjectType, isInterfaceType, isRequiredArgument, type GraphQLCompositeType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { BuilderError } from './builderErrors';
import { inputValueText } from './builderInput';
import type { BuilderStep } from './builderPath';
import type { NewVariable } from './builderVariables';

export { BuilderError };

/** An argument to give the chain's last field: a variable of the argument's type, or an enum value, or fields of its input object. */
export interface ExtraArgument {
  readonly name: string;
  readonly enumValue?: string;
  /** Input-object fields inside the argument's value (outermost first), the last one given the enum value or a variable. */
  readonly inputFields?: readonly string[];
}

/** What printing needs: the schema, the variable names taken, and where new variables go. */
export interface ChainContext {
  readonly schema: GraphQLSchema;
  readonly taken: Set<string>;
  readonly newVariables: NewVariable[];
}

/** The field a step names on a composite type (undefined for a union, which has only `__typename`). */
export function fieldOn(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

/** The composite type a selection step leads to from a type; undefined when the step does not exist there or leads to a leaf. */
export function stepType(schema: GraphQLSchema, from: GraphQLCompositeType, step: BuilderStep): GraphQLCompositeType | undefined {
  if (step.kind === 'fragment') {
    const t = schema.getType(step.typeName);
    return t && isCompositeType(t) ? t : undefined;
  }
  if (step.kind !== 'field') {
    return undefined;
  }
  const f = fieldOn(from, step.name);
  const named = f && getNamedType(f.type);
  return named && isCompositeType(named) ? named : undefined;
}

/** `name: $var` for an argument (declaring the variable), `name: VALUE` for an enum value, `name: { field: $field }` for input-object fields. */
export function argumentText(ctx: ChainContext, field: GraphQLField<unknown, unknown>, argName: string, enumValue?: string, inputFields: readonly string[] = []): string {
  const arg = field.args.find((a) => a.name === argName)!;
  return `${argName}: ${inputValueText(ctx, arg.type, inputFields, enumValue, argName)}`;
}

/** A field's name with its required arguments (and an extra one), as it is written. */
function fieldHead(ctx: ChainContext, field: GraphQLField<unknown, unknown>, extra: ExtraArgument | undefined): string {
  const args = field.args
    .filter((a) => isRequiredArgument(a) || a.name === extra?.name)
    .map((a) => (a.name === extra?.name ? argumentText(ctx, field, a.name, extra.enumValue, extra.inputFields) : argumentText(ctx, field, a.name)));
  return args.length > 0 ? `${field.name}(${args.join(', ')})` : field.name;
}

/**
 * The lines of a chain of steps from `from`, the first without indentation, the next ones with
 * `indent` plus units of `unit`. Throws when a step does not exist in the schema.
 */
export function chainLines(ctx: ChainContext, from: GraphQLCompositeType, steps: readonly BuilderStep[], extra: ExtraArgument | undefined, indent: string, unit: string): string {
  const [step, ...rest] = steps;
  const inner = indent + unit;
  let head: string;
  let next: GraphQLCompositeType | undefined;
  if (step.kind === 'fragment') {
    next = stepType(ctx.schema, from, step);
    if (!next) {
      throw new BuilderError(`Unknown type ${step.typeName}`);
    }
    head = `... on ${step.typeName}`;
  } else if (step.kind === 'field') {
    const field = fieldOn(from, step.name);
    if (!field) {
      throw new BuilderError(`${from.name} has no field ${step.name}`);
    }
    head = fieldHead(ctx, field, rest.length === 0 ? extra : undefined);
    next = stepType(ctx.schema, from, step);
    if (!next) {
      return head;
    }
  } else {
    throw new BuilderError('An argument is not a selection');
  }
  const body = rest.length > 0 ? chainLines(ctx, next, rest, extra, inner, unit) : '__typename';
  return `${head} {\n${inner}${body}\n${indent}}`;
}
