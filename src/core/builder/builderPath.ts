/**
 * Where a node of the operation builder sits: the root operation type, then the steps from it
 * (a field, an inline fragment on a type, an argument of the field before it, an enum value of
 * that argument). Plain data with a string key, so the tree and the text agree on identities.
 */
import { OperationTypeNode } from 'graphql';

/** One step of a builder path. */
export type BuilderStep =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'fragment'; readonly typeName: string }
  | { readonly kind: 'argument'; readonly name: string }
  | { readonly kind: 'inputField'; readonly name: string }
  | { readonly kind: 'enumValue'; readonly value: string };

/** The operation kinds a builder tree starts from. */
export type RootKind = 'query' | 'mutation' | 'subscription';

/** A node of the builder tree: an operation kind and the steps from its root type. */
export interface BuilderPath {
  readonly root: RootKind;
  readonly steps: readonly BuilderStep[];
}

function stepKey(step: BuilderStep): string {
  switch (step.kind) {
    case 'field':
      return step.name;
    case 'fragment':
      return `...${step.typeName}`;
    case 'argument':
      return `(${step.name})`;
    case 'inputField':
      return `.${step.name}`;
    case 'enumValue':
      return `=${step.value}`;
  }
}

/** The identity of a path (`query:tasks/edges/...Task/(first)`). */
export function pathKey(path: BuilderPath): string {
  return `${path.root}:${path.steps.map(stepKey).join('/')}`;
}

/** The path one step further. */
export function childPath(path: BuilderPath, step: BuilderStep): BuilderPath {
  return { root: path.root, steps: [...path.steps, step] };
}

/** The operation kind of a parsed operation. */
export function rootKindOf(operation: OperationTypeNode): RootKind {
  return operation === OperationTypeNode.MUTATION ? 'mutation' : operation === OperationTypeNode.SUBSCRIPTION ? 'subscription' : 'query';
}

/**
 * Splits a path into its selection steps (fields and fragments) and a trailing argument, the
 * input-object fields inside its value (outermost first) and an enum value, if any.
 */
export function splitPath(path: BuilderPath): { selections: BuilderStep[]; argument?: string; inputFields: string[]; value?: string } {
  const selections: BuilderStep[] = [];
  const inputFields: string[] = [];
  let argument: string | undefined;
  let value: string | undefined;
  for (const step of path.steps) {
    if (step.kind === 'argument') {
      argument = step.name;
    } else if (step.kind === 'inputField') {
      inputFields.push(step.name);
    } else if (step.kind === 'enumValue') {
      value = step.value;
    } else if (argument === undefined) {
      selections.push(step);
    }
  }
  return { selections, argument, inputFields, value };
}
