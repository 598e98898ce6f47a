/**
 * graphql's validation of an executable document through its public `validate` only, re-run for
 * the parts that changed, with results equal to one `validate(schema, document, specifiedRules)`
 * plus one `validate(schema, document, [NoDeprecatedCustomRule])` over the whole document (as
 * graphql-language-service does).
 *
 * A document is validated in two kinds of calls to `validate`:
 * - the whole-document rules (DOCUMENT_RULES: unique names, the lone anonymous operation, unused
 *   fragments, fragment cycles, executable definitions) over the whole document. What they report
 *   depends only on the document's shape (each definition's kind, name and the fragments it
 *   spreads: documentShape.ts), so a result with no error is kept while the shape stays (an edit
 *   inside a selection set, the usual keystroke, does not run them again);
 * - every other specified rule and the deprecation rule, per component: definitions grouped by
 *   the fragment names they share (a fragment definition counts its own name), validated as a
 *   small document of their own. Those rules look at a definition, the fragments it reaches
 *   (found by name) and the schema; the two that memoise across the document by fragment name
 *   (OverlappingFieldsCanBeMerged, MaxIntrospectionDepth) see only fragments of their component.
 *   A component's result is kept while its definitions are the same nodes (an unchanged chunk
 *   keeps its nodes across versions, see DocumentStore: the same text), per schema (a validator
 *   belongs to one schema object, that is one version of it).
 * Where graphql would stop early (100 errors, or its budget of fragment work spent: an error with
 * no node), the whole document is validated as such instead.
 */
import {
  Kind,
  NoDeprecatedCustomRule,
  specifiedRules,
  validate,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type SelectionNode,
  type ValidationRule,
} from 'graphql';
import * as graphql from 'graphql';
import { documentShape } from './documentShape';

/** Rules whose errors depend on the whole document's top level; run over the whole document. */
export const DOCUMENT_RULES: readonly ValidationRule[] = [
  graphql.ExecutableDefinitionsRule,
  graphql.UniqueOperationNamesRule,
  graphql.LoneAnonymousOperationRule,
  graphql.UniqueFragmentNamesRule,
  graphql.NoUnusedFragmentsRule,
  graphql.NoFragmentCyclesRule,
];

/**
 * Rules that keep state across the whole document other than by top-level definition or fragment
 * name, by their export name (graphql 17's labels of @defer/@stream must be unique in the whole
 * document; graphql 16 has no such rule). A document that has any of their directives is
 * validated whole.
 */
const WHOLE_DOCUMENT_DIRECTIVES = new Set(['defer', 'stream']);
const WHOLE_RULE_NAMES = ['DeferStreamDirectiveLabelRule'];
export const WHOLE_RULES: readonly ValidationRule[] = WHOLE_RULE_NAMES.map((name) => (graphql as unknown as Record<string, ValidationRule | undefined>)[name]).filter(
  (rule): rule is ValidationRule => typeof rule === 'function',
);

/** Everything else graphql specifies: what they report depends on a component of definitions (see the module comment). */
export const PART_RULES: readonly ValidationRule[] = specifiedRules.filter((rule) => !DOCUMENT_RULES.includes(rule) && !WHOLE_RULES.includes(rule));

/** graphql's limit of errors for one `validate` call (its default). */
const MAX_ERRORS = 100;

/** The errors of one validation: graphql's specified rules, and deprecated uses (NoDeprecatedCustomRule). */
export interface ValidationResult {
  readonly errors: readonly GraphQLError[];
  readonly deprecations: readonly GraphQLError[];
  /** Whether the whole document was validated at once (a limit was near), for tests and benchmarks. */
  readonly full: boolean;
}

/**
 * Runs `work` (synchronous) with no stack trace captured for the errors it creates. graphql's
 * GraphQLError captures one, and V8 keeps the frames it captured (with their receivers: the
 * validation's context, the document) until `stack` is read: kept results held about 100 KB per
 * document, and capturing them is 15-30% of a first validation. Nothing reads a validation error's
 * stack. The limit is restored before anything else runs.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * `validate(schema, document, [...rules, NoDeprecatedCustomRule])` in one traversal, the
 * deprecation rule's errors told apart as it reports them (its context is graphql's, with
 * `reportError`, a public method, noting which errors are its own). `stopped`: graphql stopped
 * early (its error limit, or its fragment work budget: the errors it then adds have no node).
 */
function validateTagged(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: readonly ValidationRule[],
): { errors: GraphQLError[]; deprecations: GraphQLError[]; stopped: boolean } {
  const tagged = new Set<GraphQLError>();
  const deprecationRule: ValidationRule = (context) =>
    NoDeprecatedCustomRule(
      Object.create(context, {
        reportError: {
          value: (error: GraphQLError) => {
            tagged.add(error);
            context.reportError(error);
          },
        },
      }) as typeof context,
    );
  const all = withoutStackTraces(() => validate(schema, document, [...rules, deprecationRule], { maxErrors: MAX_ERRORS }));
  const errors: GraphQLError[] = [];
  const deprecations: GraphQLError[] = [];
  let stopped = all.length >= MAX_ERRORS;
  for (const error of all) {
    (tagged.has(error) ? deprecations : errors).push(error);
    stopped ||= !error.nodes || error.nodes.length === 0;
  }
  return { errors, deprecations, stopped };
}

/** graphql's two validations of a whole document, as such. */
function validateAsGraphql(schema: GraphQLSchema, document: DocumentNode): ValidationResult {
  return withoutStackTraces(() => ({ errors: validate(schema, document, specifiedRules), deprecations: validate(schema, document, [NoDeprecatedCustomRule]), full: true }));
}

/**
 * The whole document in one traversal: what a document validated once needs (the workspace after
 * a schema change), where per-part bookkeeping would only cost. Equal to graphql's two validations.
 */
export function validateWhole(schema: GraphQLSchema, definitions: readonly DefinitionNode[]): ValidationResult {
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
  const { errors, deprecations, stopped } = validateTagged(schema, document, specifiedRules);
  return stopped || deprecations.length >= MAX_ERRORS ? validateAsGraphql(schema, document) : { errors, deprecations, full: true };
}

interface PartEntry {
  readonly members: readonly DefinitionNode[];
  readonly errors: readonly GraphQLError[];
  readonly deprecations: readonly GraphQLError[];
  readonly stopped: boolean;
}

/** Fragment names spread directly in a definition: nodes do not change, and the schema plays no part (shared by every validator). */
const directSpreads = new WeakMap<DefinitionNode, readonly string[]>();

/** Whether a definition uses @defer or @stream (see WHOLE_RULES; memoised per node). */
const deferOrStream = new WeakMap<DefinitionNode, boolean>();

function usesDeferOrStream(def: DefinitionNode): boolean {
  let found = deferOrStream.get(def);
  if (found === undefined) {
    found = false;
    graphql.visit(def, {
      Directive(node) {
        if (WHOLE_DOCUMENT_DIRECTIVES.has(node.name.value)) {
          found = true;
          return graphql.BREAK;
        }
        return undefined;
      },
    });
    deferOrStream.set(def, found);
  }
  return found;
}

/** The fragment names a definition spreads directly, in graphql's visit order (memoised per node). */
export function spreadsOf(def: DefinitionNode): readonly string[] {
  let names = directSpreads.get(def);
  if (!names) {
    const found: string[] = [];
    const walk = (selections: readonly SelectionNode[]) => {
      for (const selection of selections) {
        if (selection.kind === Kind.FRAGMENT_SPREAD) {
          found.push(selection.name.value);
        } else if (selection.selectionSet) {
          walk(selection.selectionSet.selections);
        }
      }
    };
    if ('selectionSet' in def && def.selectionSet) {
      walk(def.selectionSet.selections);
    }
    names = found;
    directSpreads.set(def, names);
  }
  return names;
}

/**
 * Definitions grouped by shared fragment names (a fragment definition counts its own name), as
 * indices of `definitions`: each group in document order, the groups ordered by their first member.
 */
export function componentsOf(definitions: readonly DefinitionNode[]): number[][] {
  const parent = definitions.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<string, number>();
  const byName = new Map<string, DefinitionNode[]>();
  for (const def of definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) {
      byName.set(def.name.value, [...(byName.get(def.name.value) ?? []), def]);
    }
  }
  definitions.forEach((def, i) => {
    // The names it reaches: its own (a fragment) and what it spreads, through the fragments of this document.
    const reached = new Set<string>(def.kind === Kind.FRAGMENT_DEFINITION ? [def.name.value] : []);
    const pending = [...spreadsOf(def)];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      if (!reached.has(name)) {
        reached.add(name);
        for (const fragment of byName.get(name) ?? []) {
          pending.push(...spreadsOf(fragment));
        }
      }
    }
    for (const name of reached) {
      const j = owner.get(name);
      if (j === undefined) {
        owner.set(name, i);
      } else {
        const a = find(i);
        const b = find(j);
        if (a !== b) {
          parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
  });
  const groups = new Map<number, number[]>();
  definitions.forEach((_, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) {
      group.push(i);
    } else {
      groups.set(root, [i]);
    }
  });
  return [...groups.values()];
}

function sameNodes<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Incremental validation against one schema (one per schema version). */
export class IncrementalValidator {
  /** Keyed by a component's first member. */
  private readonly parts = new WeakMap<DefinitionNode, PartEntry>();
  /** The shape of the last document whose whole-document rules reported nothing, and its components (documentShape.ts). */
  private shapeMemo: { readonly shape: string; clean?: boolean; components?: readonly (readonly number[])[] } | undefined;

  /** @param whole validate every call in one traversal (see validateWhole): for documents validated once */
  constructor(
    readonly schema: GraphQLSchema,
    private readonly whole = false,
  ) {}

  /** Validates a document of executable definitions (the chunks' definitions, then external fragments). */
  validate(definitions: readonly DefinitionNode[]): ValidationResult {
    return this.validateWithin(definitions, Infinity, () => 0) as ValidationResult;
  }

  /** The fragment names a definition spreads directly. */
  spreadsOf(def: DefinitionNode): readonly string[] {
    return spreadsOf(def);
  }

  /**
   * As validate, but returns undefined when `deadline` (a `now()` time) passed before all stale
   * parts were validated: what was done is kept, and the next call goes on from there.
   */
  validateWithin(definitions: readonly DefinitionNode[], deadline: number, now: () => number): ValidationResult | undefined {
    if (this.whole || (WHOLE_RULES.length > 0 && definitions.some(usesDeferOrStream))) {
      return validateWhole(this.schema, definitions);
    }
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
    const shape = documentShape(definitions, spreadsOf);
    const memo = this.shapeMemo?.shape === shape ? this.shapeMemo : { shape };
    this.shapeMemo = memo;

    const errors: GraphQLError[] = [];
    const deprecations: GraphQLError[] = [];
    if (!memo.clean) {
      const found = this.runDocumentRules(document);
      memo.clean = found.length === 0;
      errors.push(...found);
    }

    let ran = false;
    let stopped = false;
    memo.components ??= componentsOf(definitions);
    for (const group of memo.components) {
      const members = group.map((i) => definitions[i]);
      let entry = this.parts.get(members[0]);
      if (!entry || !sameNodes(entry.members, members)) {
        if (ran && now() > deadline) {
          return undefined; // after one part at least: every call makes progress
        }
        ran = true;
        entry = { members, ...validateTagged(this.schema, { kind: Kind.DOCUMENT, definitions: members }, PART_RULES) };
        this.parts.set(members[0], entry);
      }
      errors.push(...entry.errors);
      deprecations.push(...entry.deprecations);
      stopped ||= entry.stopped;
    }
    if (stopped || errors.length >= MAX_ERRORS || deprecations.length >= MAX_ERRORS) {
      // graphql would stop early, at a point that depends on the order of the whole walk.
      return validateAsGraphql(this.schema, document);
    }
    return { errors, deprecations, full: false };
  }

  /** The whole-document rules over the whole document. */
  private runDocumentRules(document: DocumentNode): readonly GraphQLError[] {
    return withoutStackTraces(() => validate(this.schema, document, DOCUMENT_RULES, { maxErrors: MAX_ERRORS }));
  }
}

const validators = new WeakMap<GraphQLSchema, IncrementalValidator>();

/** The validator of a schema for documents validated once (the workspace after a schema change): whole-document validation, nothing kept. */
export function validatorFor(schema: GraphQLSchema): IncrementalValidator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = new IncrementalValidator(schema, true);
    validators.set(schema, validator);
  }
  return validator;
}
