/**
 * Whether replacing one name of a definition (a field, argument, input field, type, enum value or
 * directive name) leaves it with fewer problems, as graphql's validation of the definition alone
 * says, without validating it whole per candidate name.
 *
 * graphql's rules are independent visitors: the errors of a validation are the union of what each
 * rule reports. A rule that never reads the kind of name replaced reports the same before and
 * after, so comparing "before" and "after" needs only the rules that can change (the others
 * cancel out of the comparison); they are counted once per definition, for graphql's error limit.
 * The "after" definition is the parsed one with the name swapped (its ancestors copied, the rest
 * shared): no re-parse. Where the error limit could cut a whole validation short, the caller
 * validates whole. A property test checks the narrow answer against whole validation.
 */
import {
  ExecutableDefinitionsRule,
  FieldsOnCorrectTypeRule,
  FragmentsOnCompositeTypesRule,
  KnownArgumentNamesRule,
  KnownDirectivesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  Kind,
  LoneAnonymousOperationRule,
  MaxIntrospectionDepthRule,
  NoFragmentCyclesRule,
  NoUndefinedVariablesRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  OverlappingFieldsCanBeMergedRule,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  SingleFieldSubscriptionsRule,
  UniqueArgumentNamesRule,
  UniqueDirectivesPerLocationRule,
  UniqueFragmentNamesRule,
  UniqueInputFieldNamesRule,
  UniqueOperationNamesRule,
  UniqueVariableNamesRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  specifiedRules,
  validate,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** The kinds of name a replacement can swap. */
export type ReplacedName = 'field' | 'argument' | 'inputField' | 'type' | 'enumValue' | 'directive';

const ALL: readonly ReplacedName[] = ['field', 'argument', 'inputField', 'type', 'enumValue', 'directive'];

/** graphql's error limit used for a definition's problems. */
export const MAX_ERRORS = 50;

/** Rules that need the whole document (other definitions): left out when a definition is checked alone. */
export const ALONE_RULES: readonly ValidationRule[] = specifiedRules.filter((r) => r !== KnownFragmentNamesRule && r !== NoUnusedFragmentsRule);

/**
 * For each of graphql's rules, the kinds of name whose replacement can change what it reports
 * (what the rule reads: see graphql/validation/rules). A rule not listed counts as changed by all.
 */
const CHANGED_BY = new Map<ValidationRule, readonly ReplacedName[]>([
  // The top level, operation and fragment names, variable names and spreads: no replaced name.
  [ExecutableDefinitionsRule, []],
  [UniqueOperationNamesRule, []],
  [LoneAnonymousOperationRule, []],
  [UniqueFragmentNamesRule, []],
  [NoFragmentCyclesRule, []],
  [UniqueVariableNamesRule, []],
  [NoUndefinedVariablesRule, []],
  [NoUnusedVariablesRule, []],
  // Collects the root fields (names, aliases, type conditions, @skip/@include and their values).
  [SingleFieldSubscriptionsRule, ALL],
  // Type names as written (variable types, type conditions).
  [KnownTypeNamesRule, ['type']],
  [FragmentsOnCompositeTypesRule, ['type']],
  [VariablesAreInputTypesRule, ['type']],
  // Field definitions found from parent types and field names.
  [ScalarLeafsRule, ['field', 'type']],
  [FieldsOnCorrectTypeRule, ['field', 'type']],
  [PossibleFragmentSpreadsRule, ['field', 'type']],
  // Directive names (their locations come from the kinds of the nodes around them).
  [KnownDirectivesRule, ['directive']],
  [UniqueDirectivesPerLocationRule, ['directive']],
  // Arguments against the field's or directive's definition.
  [KnownArgumentNamesRule, ['field', 'type', 'argument', 'directive']],
  [UniqueArgumentNamesRule, ['argument']],
  [ProvidedRequiredArgumentsRule, ['field', 'type', 'argument', 'directive']],
  // Values against the input types where they are.
  [ValuesOfCorrectTypeRule, ALL],
  [VariablesInAllowedPositionRule, ['field', 'type', 'argument', 'inputField', 'directive']],
  [UniqueInputFieldNamesRule, ['inputField']],
  // Response names, field definitions and arguments (printed values) of fields that merge; no directives.
  [OverlappingFieldsCanBeMergedRule, ['field', 'type', 'argument', 'inputField', 'enumValue']],
  // Field names (introspection fields) and spreads.
  [MaxIntrospectionDepthRule, ['field']],
]);

/** The rules of a definition's validation a replacement of this kind of name can change, and the others. */
export function rulesFor(kind: ReplacedName): { changed: readonly ValidationRule[]; unchanged: readonly ValidationRule[] } {
  let split = RULES.get(kind);
  if (!split) {
    const changedBy = (r: ValidationRule) => (CHANGED_BY.get(r) ?? ALL).includes(kind);
    split = { changed: ALONE_RULES.filter(changedBy), unchanged: ALONE_RULES.filter((r) => !changedBy(r)) };
    RULES.set(kind, split);
  }
  return split;
}
const RULES = new Map<ReplacedName, { changed: readonly ValidationRule[]; unchanged: readonly ValidationRule[] }>();

/** A document of one definition. */
export function documentOf(definition: DefinitionNode): DocumentNode {
  return { kind: Kind.DOCUMENT, definitions: [definition] };
}

/** The messages of graphql's validation of a document with some rules, or undefined when a rule throws. */
export function messagesOf(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]): string[] | undefined {
  try {
    return validate(schema, document, rules, { maxErrors: MAX_ERRORS }).map((e) => e.message);
  } catch {
    return undefined;
  }
}

/**
 * The definition with one Name or EnumValue node's value replaced: the nodes on the way to it
 * copied, the rest shared (undefined when the node is not in the definition).
 */
export function withNameReplaced<T extends ASTNode>(node: T, target: ASTNode, value: string): T | undefined {
  if (node === target) {
    return { ...node, value };
  }
  const outer = node.loc;
  const inner = target.loc;
  if (outer && inner && (inner.start < outer.start || inner.end > outer.end)) {
    return undefined;
  }
  for (const [key, child] of Object.entries(node) as [string, unknown][]) {
    if (key === 'loc') {
      continue;
    }
    if (Array.isArray(child)) {
      for (let i = 0; i < child.length; i++) {
        const replaced = isNode(child[i]) ? withNameReplaced(child[i] as ASTNode, target, value) : undefined;
        if (replaced) {
          const copy = [...child];
          copy[i] = replaced;
          return { ...node, [key]: copy };
        }
      }
    } else if (isNode(child)) {
      const replaced = withNameReplaced(child, target, value);
      if (replaced) {
        return { ...node, [key]: replaced };
      }
    }
  }
  return undefined;
}

function isNode(v: unknown): v is ASTNode {
  return typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string' && 'loc' in v;
}

/** What the narrow check keeps of a definition's "before": the changed rules' messages and how many the others report. */
export interface NarrowBefore {
  readonly changed: readonly string[];
  readonly unchangedCount: number;
}

/** The narrow "before" of a definition for a kind of name (undefined when a rule throws on it). */
export function narrowBefore(schema: GraphQLSchema, definition: DefinitionNode, kind: ReplacedName): NarrowBefore | undefined {
  const { changed, unchanged } = rulesFor(kind);
  const document = documentOf(definition);
  const others = messagesOf(schema, document, unchanged);
  const mine = others && messagesOf(schema, document, changed);
  return others && mine ? { changed: mine, unchangedCount: others.length } : undefined;
}

/**
 * One validation of a definition alone with all of ALONE_RULES, each problem with the rule that
 * reported it (each rule sees its own view of the shared context whose reportError tags first):
 * what narrowBefore would compute for every kind of name, from one pass instead of two per kind.
 * 'limit' when graphql's error limit cut it short, undefined when a rule throws.
 */
export type TaggedProblems = readonly { readonly rule: ValidationRule; readonly message: string }[] | 'limit' | undefined;

export function taggedProblems(schema: GraphQLSchema, definition: DefinitionNode): TaggedProblems {
  const ruleOf = new Map<GraphQLError, ValidationRule>();
  const rules = ALONE_RULES.map((rule): ValidationRule => (context: ValidationContext) => {
    const own = Object.create(context) as ValidationContext;
    own.reportError = (error: GraphQLError) => {
      ruleOf.set(error, rule);
      context.reportError(error);
    };
    return rule(own);
  });
  let errors: readonly GraphQLError[];
  try {
    errors = validate(schema, documentOf(definition), rules, { maxErrors: MAX_ERRORS });
  } catch {
    return undefined;
  }
  if (errors.length > MAX_ERRORS) {
    return 'limit';
  }
  return errors.map((e) => ({ rule: ruleOf.get(e) as ValidationRule, message: e.message }));
}

/**
 * narrowBefore's answer from a definition's taggedProblems: the same as validating with the two
 * rule sets apart. Where one pass with every rule hit graphql's error limit (or a rule threw
 * after it), the split of the two apart is not known from it: then computed apart.
 */
export function narrowBeforeOf(schema: GraphQLSchema, definition: DefinitionNode, kind: ReplacedName, all: TaggedProblems): NarrowBefore | undefined {
  if (all === undefined) {
    return undefined;
  }
  if (all === 'limit') {
    return narrowBefore(schema, definition, kind);
  }
  const changed = changedSet(kind);
  const mine = all.filter((p) => changed.has(p.rule)).map((p) => p.message);
  return { changed: mine, unchangedCount: all.length - mine.length };
}

function changedSet(kind: ReplacedName): ReadonlySet<ValidationRule> {
  let set = CHANGED_SETS.get(kind);
  if (!set) {
    set = new Set(rulesFor(kind).changed);
    CHANGED_SETS.set(kind, set);
  }
  return set;
}
const CHANGED_SETS = new Map<ReplacedName, ReadonlySet<ValidationRule>>();

/**
 * The verdict of the narrow check: true when the replacement leaves no new problem (and, when
 * `strictly`, one fewer); false when it does or a rule throws; undefined when graphql's error limit
 * could have cut either whole validation short (then the caller validates whole).
 */
export function narrowVerdict(
  schema: GraphQLSchema,
  definition: DefinitionNode,
  target: ASTNode,
  replacement: string,
  kind: ReplacedName,
  before: NarrowBefore | undefined,
  strictly: boolean,
): boolean | undefined {
  if (!before) {
    return false;
  }
  if (kind === 'enumValue' && (replacement === 'true' || replacement === 'false' || replacement === 'null')) {
    // Written out, these parse as other kinds of value.
    return undefined;
  }
  const after = withNameReplaced(definition, target, replacement);
  if (!after) {
    return undefined;
  }
  const changedAfter = messagesOf(schema, documentOf(after), rulesFor(kind).changed);
  if (!changedAfter) {
    return false;
  }
  // Below the limit, a whole validation reports the union of what each rule reports.
  if (before.unchangedCount + before.changed.length > MAX_ERRORS || before.unchangedCount + changedAfter.length > MAX_ERRORS) {
    return undefined;
  }
  return isFewer(before.changed, changedAfter, strictly);
}

/** True when `after` is `before` with no new problem, and (when `strictly`) at least one fewer. */
export function isFewer(before: readonly string[], after: readonly string[], strictly = true): boolean {
  if (strictly && after.length >= before.length) {
    return false;
  }
  const left = [...before];
  for (const m of after) {
    const i = left.indexOf(m);
    if (i < 0) {
      return false;
    }
    left.splice(i, 1);
  }
  return true;
}

/**
 * What was worked out about one definition (its narrow "before"s, the verdicts on its names),
 * kept with the definition's parse. The language service keeps the parse of a definition an edit
 * did not touch (the same AST object) in the text's next version, so the first question of a new
 * version about such a definition is answered from the work of the last one, and a parse is of
 * the definition's text alone: the same AST is the same text. Per schema; gone with the parse.
 */
const byDefinition = new WeakMap<DefinitionNode, WeakMap<GraphQLSchema, Map<string, unknown>>>();

/** A value computed once per definition parse, schema and key (see byDefinition). */
export function rememberForDefinition<T>(definition: DefinitionNode, schema: GraphQLSchema, key: string, compute: () => T): T {
  let bySchema = byDefinition.get(definition);
  if (!bySchema) {
    bySchema = new WeakMap();
    byDefinition.set(definition, bySchema);
  }
  let memo = bySchema.get(schema);
  if (!memo) {
    memo = new Map();
    bySchema.set(schema, memo);
  }
  if (!memo.has(key)) {
    memo.set(key, compute());
  }
  return memo.get(key) as T;
}
