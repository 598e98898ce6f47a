/**
 * graphql's specified rules as the language engine runs them: the rules grouped by the state they
 * keep and a document's definitions grouped into components (see incrementalValidation.ts),
 * graphql's limits for one validation, and the whole-document validation of a document validated
 * once (the workspace after a schema change).
 */
import {
  BREAK,
  ExecutableDefinitionsRule,
  GraphQLError,
  Kind,
  KnownTypeNamesRule,
  LoneAnonymousOperationRule,
  MaxIntrospectionDepthRule,
  NoDeprecatedCustomRule,
  NoFragmentCyclesRule,
  NoUnusedFragmentsRule,
  OverlappingFieldsCanBeMergedRule,
  UniqueFragmentNamesRule,
  UniqueOperationNamesRule,
  specifiedRules,
  validate,
  visit,
  type ASTNode,
  type ASTVisitor,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type TypeInfo,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** Rules whose errors depend on the whole document's top level; run on every version. */
export const DOCUMENT_RULES: readonly ValidationRule[] = [
  ExecutableDefinitionsRule,
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  UniqueFragmentNamesRule,
  NoUnusedFragmentsRule,
  NoFragmentCyclesRule,
];
/** Rules that memoise by fragment name across the document; run per component of definitions. */
export const COMPONENT_RULES: readonly ValidationRule[] = [OverlappingFieldsCanBeMergedRule, MaxIntrospectionDepthRule];
/** The rest of graphql's specified rules: what they report depends on one definition and what it spreads. */
export const DEFINITION_RULES: readonly ValidationRule[] = specifiedRules.filter((rule) => !DOCUMENT_RULES.includes(rule) && !COMPONENT_RULES.includes(rule));

/**
 * graphql's KnownTypeNamesRule, built only when a definition names a type the schema lacks: the
 * rule lists every type name of the schema up front (for its suggestions), a large share of
 * validating one definition on GitHub's schema. Same errors. (The idea came with the workspace
 * validation of schema changes.)
 */
const lazyKnownTypeNamesRule: ValidationRule = (context) => {
  let rule: ASTVisitor | undefined;
  const schema = context.getSchema();
  return {
    NamedType(node, key, parent, path, ancestors) {
      if (schema.getType(node.name.value)) {
        return undefined;
      }
      rule ??= KnownTypeNamesRule(context);
      // graphql's rule is a plain { NamedType(...) } visitor.
      const enter = (rule as { NamedType?: (...args: unknown[]) => unknown }).NamedType;
      return typeof enter === 'function' ? (enter.call(rule, node, key, parent, path, ancestors) as undefined) : undefined;
    },
  };
};

/** DEFINITION_RULES as run: KnownTypeNamesRule built lazily. */
export const DEFINITION_RULES_RUN: readonly ValidationRule[] = DEFINITION_RULES.map((rule) => (rule === KnownTypeNamesRule ? lazyKnownTypeNamesRule : rule));

/** Whether a definition holds a variable anywhere (memoised per node: nodes never change). */
const holdsVariables = new WeakMap<DefinitionNode, boolean>();

function hasVariables(def: DefinitionNode): boolean {
  let found = holdsVariables.get(def);
  if (found === undefined) {
    found = false;
    visit(def, {
      Variable() {
        found = true;
        return BREAK;
      },
    });
    holdsVariables.set(def, found);
  }
  return found;
}

/**
 * Not a rule of graphql's: it fills the context's memo of `getVariableUsages` (what graphql's
 * NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition ask for each operation
 * and the fragments it spreads) from the traversal validation makes anyway, instead of graphql
 * visiting each of those definitions again with a TypeInfo of its own (a quarter of the CPU of
 * validating a document; issue 28). Run first, so an operation's usages are in the memo when the
 * rules ask, on leaving it. Equal to graphql's own answer: graphql's `getVariableUsages(node)`
 * visits `node` with a new TypeInfo, skips variable definitions, and records each Variable's
 * node, `getInputType()`, `getDefaultValue()` and `getParentInputType()` in visit order; the
 * traversal's TypeInfo at a top-level definition holds what a new one does (each definition
 * before it entered and left: its stacks are empty again, its directive, argument and enum
 * value reset on leaving), and it enters the same nodes in the same order below it (the merged
 * visitor of `visitInParallel` never skips a subtree). A fragment that holds no variable at all
 * has no usages: set before the traversal, so one spread by an earlier operation is not visited
 * again either. Everything else (another graphql's context) is left to graphql.
 */
const variableUsagesRule: ValidationRule = (context) => {
  const own = context as unknown as { _typeInfo?: TypeInfo; _variableUsages?: unknown };
  const typeInfo = own._typeInfo;
  const known = own._variableUsages;
  if (!typeInfo || !(known instanceof Map)) {
    return {};
  }
  const memo = known as Map<ASTNode, unknown[]>;
  let usages: unknown[] | undefined;
  let inVariableDefinition = 0;
  const definition = {
    enter() {
      usages = [];
    },
    leave(node: DefinitionNode) {
      if (usages && !memo.has(node)) {
        memo.set(node, usages);
      }
      usages = undefined;
    },
  };
  return {
    Document(node) {
      for (const def of node.definitions) {
        if (def.kind === Kind.FRAGMENT_DEFINITION && !memo.has(def) && !hasVariables(def)) {
          memo.set(def, []);
        }
      }
    },
    OperationDefinition: definition,
    FragmentDefinition: definition,
    VariableDefinition: {
      enter() {
        inVariableDefinition++;
      },
      leave() {
        inVariableDefinition--;
      },
    },
    Variable(node) {
      if (usages && inVariableDefinition === 0) {
        usages.push({ node, type: typeInfo.getInputType(), defaultValue: typeInfo.getDefaultValue(), parentType: typeInfo.getParentInputType() });
      }
    },
  };
};

/** graphql's limits for one `validate` call (its defaults). */
export const MAX_ERRORS = 100;
export const FRAGMENT_WORK_BUDGET = 50_000;

/** The errors of one validation: graphql's specified rules, and deprecated uses (NoDeprecatedCustomRule). */
export interface ValidationResult {
  readonly errors: readonly GraphQLError[];
  readonly deprecations: readonly GraphQLError[];
  /** Whether the whole document was validated at once (a limit was near), for tests and benchmarks. */
  readonly full: boolean;
  /** Reused from a validation against an earlier version of the schema (see validateReusing), for tests and benchmarks. */
  readonly reused?: boolean;
}

/**
 * graphql's specified rules and the deprecation rule in one traversal of the whole document (the
 * deprecation rule's errors told apart as it reports them): what a document validated once needs
 * (the workspace after a schema change), where per-definition bookkeeping would only cost. Equal
 * to `validate(schema, document, specifiedRules)` and `validate(schema, document,
 * [NoDeprecatedCustomRule])`; past graphql's error cap in all, those two run as such.
 */
export function validateWhole(schema: GraphQLSchema, definitions: readonly DefinitionNode[]): ValidationResult {
  const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
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
  const rules = specifiedRules.map((rule) => (rule === KnownTypeNamesRule ? lazyKnownTypeNamesRule : rule));
  const all = validate(schema, document, [variableUsagesRule, ...rules, deprecationRule], { maxErrors: MAX_ERRORS });
  if (all.length >= MAX_ERRORS) {
    return { errors: validate(schema, document, specifiedRules), deprecations: validate(schema, document, [NoDeprecatedCustomRule]), full: true };
  }
  return { errors: all.filter((e) => !tagged.has(e)), deprecations: all.filter((e) => tagged.has(e)), full: true };
}

export function sameNodes<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) {
    return false;
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
}

/** graphql's fragment work a context spent (its internal budget; 0 if a graphql version has none). */
export function spentWork(context: ValidationContext): number {
  const remaining = (context as unknown as { _remainingFragmentWork?: unknown })._remainingFragmentWork;
  return typeof remaining === 'number' ? FRAGMENT_WORK_BUDGET - remaining : 0;
}

/**
 * The document a definition (or component) is validated in: itself and the fragment definitions
 * its spreads resolve to, which is all graphql's per-definition rules look up (no type system
 * definitions exist in an executable document, and fragments are found by name). Smaller than the
 * whole document, so rules that read `getDocument()` when built cost nothing per definition.
 */
export function smallDocument(members: readonly DefinitionNode[], closure: readonly (FragmentDefinitionNode | undefined)[]): DocumentNode {
  const definitions = new Set<DefinitionNode>(members);
  for (const fragment of closure) {
    if (fragment) {
      definitions.add(fragment);
    }
  }
  return { kind: Kind.DOCUMENT, definitions: [...definitions] };
}

/**
 * Definitions grouped by shared fragment names (a fragment definition counts its own name), as
 * indices of `definitions`: each group in document order, the groups ordered by their first member.
 */
export function componentsOf(definitions: readonly DefinitionNode[], closures: ReadonlyMap<DefinitionNode, { names: string[] }>): number[][] {
  const parent = definitions.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<string, number>();
  definitions.forEach((def, i) => {
    const names = closures.get(def)?.names ?? [];
    const own = def.kind === Kind.FRAGMENT_DEFINITION ? [def.name.value, ...names] : names;
    for (const name of own) {
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
