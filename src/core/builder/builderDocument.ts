/**
 * The builder's reading of a GraphQL text: the operation under the cursor, and the selections a
 * path leads to (through inline fragments without a type condition, which add no step).
 */
import { Kind, parse, type DocumentNode, type FieldNode, type InlineFragmentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { BuilderStep } from './builderPath';

/** A selection a step matched, and the selection set it lies in. */
export interface Match {
  readonly node: FieldNode | InlineFragmentNode;
  readonly parent: SelectionSetNode;
}

/** The parsed text, or the parser's message. */
export type Parsed = { readonly ok: true; readonly document: DocumentNode } | { readonly ok: false; readonly message: string };

/** Parses a GraphQL text; a blank text is an empty document. */
export function parseBuilderText(text: string): Parsed {
  if (text.trim() === '') {
    return { ok: true, document: { kind: Kind.DOCUMENT, definitions: [] } };
  }
  try {
    return { ok: true, document: parse(text) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/** The operations of a document, in text order. */
export function operationsOf(document: DocumentNode): OperationDefinitionNode[] {
  return document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
}

/**
 * The operation the builder works on: the one under the cursor (offset), or the only one of the
 * document when the cursor is outside every operation.
 */
export function builderOperation(document: DocumentNode, offset: number): OperationDefinitionNode | undefined {
  const operations = operationsOf(document);
  const at = operations.find((o) => o.loc !== undefined && o.loc.start <= offset && offset <= o.loc.end);
  return at ?? (operations.length === 1 ? operations[0] : undefined);
}

/** Whether a selection is what a step names (a field by its name, whatever its alias; an inline fragment by its type). */
function matchesStep(node: FieldNode | InlineFragmentNode, step: BuilderStep): boolean {
  if (step.kind === 'field') {
    return node.kind === Kind.FIELD && node.name.value === step.name;
  }
  return step.kind === 'fragment' && node.kind === Kind.INLINE_FRAGMENT && node.typeCondition?.name.value === step.typeName;
}

/** The selections of a set that match a step, looking through inline fragments without a type condition. */
export function matchesIn(set: SelectionSetNode, step: BuilderStep): Match[] {
  const out: Match[] = [];
  for (const s of set.selections) {
    if (s.kind === Kind.FRAGMENT_SPREAD) {
      continue;
    }
    if (matchesStep(s, step)) {
      out.push({ node: s, parent: set });
    } else if (s.kind === Kind.INLINE_FRAGMENT && !s.typeCondition) {
      out.push(...matchesIn(s.selectionSet, step));
    }
  }
  return out;
}

/** Every selection a list of selection steps leads to from a selection set. */
export function matchesOf(set: SelectionSetNode, steps: readonly BuilderStep[]): Match[] {
  let sets: SelectionSetNode[] = [set];
  let found: Match[] = [];
  for (const step of steps) {
    found = sets.flatMap((s) => matchesIn(s, step));
    sets = found.map((m) => m.node.selectionSet).filter((s): s is SelectionSetNode => s !== undefined);
  }
  return found;
}
