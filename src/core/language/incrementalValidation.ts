/**
 * graphql's validation of an executable document, re-run only for the definitions that changed
 * and the ones that depend on them, with results equal to one `validate(schema, document,
 * specifiedRules)` plus one `validate(schema, document, [NoDeprecatedCustomRule])` over the whole
 * document (as graphql-language-service does).
 *
 * graphql's rules fall in three groups by the state they keep:
 * - per definition (most rules): what they report while visiting a definition depends on that
 *   definition, the fragments it spreads (transitively, found by name in the whole document) and
 *   the schema. Each definition is visited on its own, in a context over the whole document, and
 *   its errors are kept with the fragment definitions they depended on: reused while the
 *   definition node and those fragment nodes are the same objects (an unchanged chunk keeps its
 *   nodes across versions, see DocumentStore);
 * - per fragment name (OverlappingFieldsCanBeMerged and MaxIntrospectionDepth memoise
 *   comparisons of fragments by name across the whole document, so what one definition reports
 *   depends on what was compared before it): definitions are grouped into components that share
 *   fragment names, and a component is visited in document order as a whole;
 * - whole document (unique names, the lone anonymous operation, unused fragments, fragment
 *   cycles, executable definitions): cheap rules that look only at the top level and the spreads;
 *   run over the whole document on every version, without the type walk.
 * Where the whole-document validation would stop early (100 errors of a kind, or graphql's budget
 * of fragment work), it is run as such instead.
 */
import {
  GraphQLError,
  Kind,
  assertValidSchema,
  NoDeprecatedCustomRule,
  TypeInfo,
  ValidationContext,
  getEnterLeaveForKind,
  specifiedRules,
  validate,
  visit,
  visitInParallel,
  visitWithTypeInfo,
  type ASTVisitor,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLSchema,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { documentShape } from './documentShape';
import { validateReusing } from './validationReuse';
import {
  COMPONENT_RULES,
  DEFINITION_RULES_RUN,
  DOCUMENT_RULES,
  FRAGMENT_WORK_BUDGET,
  MAX_ERRORS,
  componentsOf,
  sameNodes,
  smallDocument,
  spentWork,
  validateWhole,
  type ValidationResult,
} from './validationRules';

export type { ValidationResult } from './validationRules';

interface DefinitionEntry {
  /** The fragment definitions the errors depended on: the definition's spread closure, by name. */
  readonly closure: readonly (FragmentDefinitionNode | undefined)[];
  readonly errors: readonly GraphQLError[];
  readonly deprecations: readonly GraphQLError[];
  /** graphql's fragment work spent on it (see FRAGMENT_WORK_BUDGET). */
  readonly work: number;
}

interface ComponentEntry {
  readonly members: readonly DefinitionNode[];
  readonly closure: readonly (FragmentDefinitionNode | undefined)[];
  readonly errors: readonly GraphQLError[];
  readonly work: number;
}

/** Fragment names spread directly in a definition: nodes do not change, and the schema plays no part (shared by every validator). */
const directSpreads = new WeakMap<DefinitionNode, readonly string[]>();

/** Incremental validation against one schema (one per schema version). */
export class IncrementalValidator {
  private readonly definitions = new WeakMap<DefinitionNode, DefinitionEntry>();
  /** Keyed by a component's first member. */
  private readonly components = new WeakMap<DefinitionNode, ComponentEntry>();
  /** graphql's fragment spreads of a selection set (ValidationContext.getFragmentSpreads), across versions. */
  private readonly selectionSpreads = new WeakMap<SelectionSetNode, readonly FragmentSpreadNode[]>();
  /** The last run of the whole-document rules that reported nothing, and the components last grouped, by document shape (documentShape.ts). */
  private shapeMemo: { readonly shape: string; documentWork?: number; components?: readonly (readonly number[])[] } | undefined;

  /**
   * @param whole validate every call in one traversal (see validateWhole): for documents validated
   * once; `'reuse'`: the same, reusing the result of an earlier version of the schema where it
   * provably holds (see validateReusing)
   */
  constructor(
    readonly schema: GraphQLSchema,
    private readonly whole: boolean | 'reuse' = false,
  ) {}

  /** Validates a document of executable definitions (the chunks' definitions, then external fragments). */
  validate(definitions: readonly DefinitionNode[]): ValidationResult {
    return this.validateWithin(definitions, Infinity, () => 0) as ValidationResult;
  }

  /**
   * As validate, but returns undefined when `deadline` (a `now()` time) passed before all stale
   * definitions were validated: what was done is kept, and the next call goes on from there.
   */
  validateWithin(definitions: readonly DefinitionNode[], deadline: number, now: () => number): ValidationResult | undefined {
    // As graphql's validate: a schema that is not valid (and not built `assumeValid`) is refused.
    assertValidSchema(this.schema);
    if (this.whole) {
      return this.whole === 'reuse' ? validateReusing(this.schema, definitions) : validateWhole(this.schema, definitions);
    }
    try {
      return this.validateParts(definitions, deadline, now);
    } catch (err) {
      if (!(err instanceof GraphQLError)) {
        throw err;
      }
      // graphql's fragment work budget spent within one part (a definition, a component): its
      // context throws graphql's abort, which validate() reports ("Validation aborted.") instead.
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
      return { errors: validate(this.schema, document, specifiedRules), deprecations: validate(this.schema, document, [NoDeprecatedCustomRule]), full: true };
    }
  }

  /** validateWithin for a validator that keeps results per part (not `whole`). */
  private validateParts(definitions: readonly DefinitionNode[], deadline: number, now: () => number): ValidationResult | undefined {
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions };
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(def.name.value, def); // the last one wins, as in graphql's context
      }
    }
    const closures = new Map<DefinitionNode, { names: string[]; nodes: (FragmentDefinitionNode | undefined)[] }>();
    for (const def of definitions) {
      closures.set(def, this.closureOf(def, fragments));
    }

    let work = 0;
    let ran = false;
    const errors: GraphQLError[] = [];
    const deprecations: GraphQLError[] = [];
    // The same shape as the last version (an edit inside a selection set): its whole-document
    // rules' result when they reported nothing, and its components, hold for this one.
    const shape = documentShape(definitions, (def) => this.spreadsOf(def));
    const memo = this.shapeMemo?.shape === shape ? this.shapeMemo : { shape };
    this.shapeMemo = memo;
    // Whole-document rules: a shallow walk (they look at top-level definitions and spreads only).
    if (memo.documentWork === undefined) {
      const documentWork = this.runDocumentRules(document, errors);
      if (errors.length === 0) {
        memo.documentWork = documentWork;
      }
      work += documentWork;
    } else {
      work += memo.documentWork;
    }

    // Component rules: definitions sharing fragment names validated together, in document order.
    memo.components ??= componentsOf(definitions, closures);
    for (const members of memo.components.map((group) => group.map((i) => definitions[i]))) {
      const closure = members.flatMap((m) => closures.get(m)?.nodes ?? []);
      let entry = this.components.get(members[0]);
      if (!entry || !sameNodes(entry.members, members) || !sameNodes(entry.closure, closure)) {
        if (ran && now() > deadline) {
          return undefined; // after one unit at least: every call makes progress
        }
        ran = true;
        entry = this.runComponent(members, closure);
        this.components.set(members[0], entry);
      }
      errors.push(...entry.errors);
      work += entry.work;
    }

    // Per-definition rules.
    for (const def of definitions) {
      const closure = closures.get(def)?.nodes ?? [];
      let entry = this.definitions.get(def);
      if (!entry || !sameNodes(entry.closure, closure)) {
        if (ran && now() > deadline) {
          return undefined; // after one unit at least: every call makes progress
        }
        ran = true;
        entry = this.runDefinition(def, closure);
        this.definitions.set(def, entry);
      }
      errors.push(...entry.errors);
      deprecations.push(...entry.deprecations);
      work += entry.work;
    }

    if (errors.length >= MAX_ERRORS || deprecations.length >= MAX_ERRORS || work >= FRAGMENT_WORK_BUDGET) {
      // graphql would stop early, at a point that depends on the order of the whole walk.
      return { errors: validate(this.schema, document, specifiedRules), deprecations: validate(this.schema, document, [NoDeprecatedCustomRule]), full: true };
    }
    return { errors, deprecations, full: false };
  }

  /** The names a definition spreads, transitively, and the fragment definitions they resolve to. */
  private closureOf(def: DefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): { names: string[]; nodes: (FragmentDefinitionNode | undefined)[] } {
    const names: string[] = [];
    const nodes: (FragmentDefinitionNode | undefined)[] = [];
    const seen = new Set<string>();
    const pending = [...this.spreadsOf(def)];
    while (pending.length > 0) {
      const name = pending.pop() as string;
      if (seen.has(name)) {
        continue;
      }
      seen.add(name);
      const fragment = fragments.get(name);
      names.push(name);
      nodes.push(fragment);
      if (fragment) {
        pending.push(...this.spreadsOf(fragment));
      }
    }
    return { names, nodes };
  }

  /**
   * A validation context whose fragment spreads per selection set are memoised across versions
   * (AST nodes never change), so the whole-document rules cost a walk of the top level only.
   */
  private context(document: DocumentNode, typeInfo: TypeInfo, errors: GraphQLError[]): ValidationContext {
    const memo = this.selectionSpreads;
    const context = new ValidationContext(this.schema, document, typeInfo, (e) => errors.push(e));
    const own = context.getFragmentSpreads.bind(context);
    context.getFragmentSpreads = (node: SelectionSetNode) => {
      let spreads = memo.get(node);
      if (!spreads) {
        spreads = own(node);
        memo.set(node, spreads);
      }
      return spreads;
    };
    return context;
  }

  /** The fragment names a definition spreads directly (memoised per node). */
  spreadsOf(def: DefinitionNode): readonly string[] {
    let names = directSpreads.get(def);
    if (!names) {
      // graphql's visit order (spreads are found only in selection sets), without its visitor
      // machinery: a tenth of the first validation of a workspace. Iterative, as graphql's visit.
      const found: string[] = [];
      const lists: (readonly SelectionNode[])[] = 'selectionSet' in def && def.selectionSet ? [def.selectionSet.selections] : [];
      const at = lists.map(() => 0);
      while (lists.length > 0) {
        const top = lists.length - 1;
        const selection = lists[top][at[top]++];
        if (!selection) {
          lists.pop();
          at.pop();
        } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
          found.push(selection.name.value);
        } else if (selection.selectionSet) {
          lists.push(selection.selectionSet.selections);
          at.push(0);
        }
      }
      names = found;
      directSpreads.set(def, names);
    }
    return names;
  }

  private runDocumentRules(document: DocumentNode, errors: GraphQLError[]): number {
    const context = this.context(document, new TypeInfo(this.schema), errors);
    const visitors = DOCUMENT_RULES.map((rule) => rule(context));
    // These rules read only the Document and top-level definitions (each returns false or has no
    // visitor below them), so the walk stops there.
    const call = (node: DocumentNode | DefinitionNode, leaving: boolean) => {
      for (const visitor of visitors) {
        const { enter, leave } = getEnterLeaveForKind(visitor, node.kind);
        const fn = leaving ? leave : enter;
        (fn as ((this: ASTVisitor, node: unknown) => unknown) | undefined)?.call(visitor, node);
      }
    };
    call(document, false);
    for (const def of document.definitions) {
      call(def, false);
      call(def, true);
    }
    call(document, true);
    return spentWork(context);
  }

  private runComponent(members: readonly DefinitionNode[], closure: readonly (FragmentDefinitionNode | undefined)[]): ComponentEntry {
    const errors: GraphQLError[] = [];
    const typeInfo = new TypeInfo(this.schema);
    const context = this.context(smallDocument(members, closure), typeInfo, errors);
    const visitor = visitWithTypeInfo(typeInfo, visitInParallel(COMPONENT_RULES.map((rule) => rule(context))));
    for (const member of members) {
      visit(member, visitor);
    }
    return { members, closure, errors, work: spentWork(context) };
  }

  private runDefinition(def: DefinitionNode, closure: readonly (FragmentDefinitionNode | undefined)[]): DefinitionEntry {
    const errors: GraphQLError[] = [];
    const deprecations: GraphQLError[] = [];
    const typeInfo = new TypeInfo(this.schema);
    const document = smallDocument([def], closure);
    const context = this.context(document, typeInfo, errors);
    const deprecationContext = this.context(document, typeInfo, deprecations);
    const visitors = [...DEFINITION_RULES_RUN.map((rule) => rule(context)), NoDeprecatedCustomRule(deprecationContext)];
    visit(def, visitWithTypeInfo(typeInfo, visitInParallel(visitors)));
    return { closure, errors, deprecations, work: spentWork(context) + spentWork(deprecationContext) };
  }
}

const validators = new WeakMap<GraphQLSchema, IncrementalValidator>();
const reusingValidators = new WeakMap<GraphQLSchema, IncrementalValidator>();

/**
 * The validator of a schema for documents validated once (the workspace after a schema change):
 * whole-document validation, nothing kept per definition; with `reuse`, a document's result
 * against an earlier version is reused where it provably holds (validateReusing).
 */
export function validatorFor(schema: GraphQLSchema, reuse = false): IncrementalValidator {
  const cache = reuse ? reusingValidators : validators;
  let validator = cache.get(schema);
  if (!validator) {
    validator = new IncrementalValidator(schema, reuse ? 'reuse' : true);
    cache.set(schema, validator);
  }
  return validator;
}
