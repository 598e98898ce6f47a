/**
 * The documents a generation takes: parsed in the order the codegen CLI loads them, and checked
 * as GraphQL Code Generator and its near-operation-file preset would check them, so that a
 * document they would fail the whole run for becomes a problem of its own (it keeps its last good
 * types) and the others are generated (generateTypes.ts).
 */
import {
  Kind,
  parse,
  specifiedRules,
  validate,
  visit,
  type ASTNode,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

/** A GraphQL document of the workspace: a `.graphql` file, or one template of a code file. */
export interface SourceDocument {
  /** Our id of the document (a file URI, or a template id); problems name it. */
  readonly id: string;
  /** The file it lives in (an absolute path): where the near-operation file goes. */
  readonly location: string;
  readonly text: string;
}

/** A document that got no new types, and why (codegen's or graphql's message). */
export interface DocumentProblem {
  readonly id: string;
  readonly message: string;
}

/** The rules codegen validates documents with (graphql's, less those it leaves out). */
const CODEGEN_RULES = specifiedRules.filter((rule) => !['NoUnusedFragments', 'NoUnusedVariables', 'KnownDirectives'].some((ignored) => rule.name.startsWith(ignored)));

export interface Parsed {
  readonly source: SourceDocument;
  readonly document: DocumentNode;
}

/**
 * Parses the documents, in the order of their files as the codegen CLI loads them (its `sort`
 * option: by path; a file's templates in file order); those that do not parse become problems.
 */
export function parseAll(documents: readonly SourceDocument[], problems: DocumentProblem[]): Parsed[] {
  const parsed: Parsed[] = [];
  for (const source of [...documents].sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0))) {
    try {
      parsed.push({ source, document: parse(source.text) });
    } catch (err) {
      problems.push({ id: source.id, message: firstLine(err) });
    }
  }
  return parsed;
}

/**
 * The documents that validate against the schema with the rules codegen uses, each with the
 * fragments it spreads from the others; the rest become problems (the preset and codegen would
 * throw for the whole run). Documents `checked` says no to are kept unvalidated: they only lend
 * their fragments (and a fragment that does not validate fails the documents that spread it).
 */
export function validOnly(schema: GraphQLSchema, parsed: readonly Parsed[], problems: DocumentProblem[], checked: (p: Parsed) => boolean = () => true): Parsed[] {
  if (parsed.length > 1 && parsed.every(checked) && validTogether(schema, parsed)) {
    return [...parsed];
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const p of parsed) {
    for (const d of p.document.definitions) {
      if (d.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(d.name.value)) {
        fragments.set(d.name.value, d);
      }
    }
  }
  return parsed.filter((p) => {
    if (!checked(p)) {
      return true;
    }
    const own = new Set(p.document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => (d as FragmentDefinitionNode).name.value));
    const used: FragmentDefinitionNode[] = [];
    const seen = new Set<string>();
    const collect = (node: ASTNode) =>
      visit(node, {
        FragmentSpread(spread) {
          const name = spread.name.value;
          const fragment = fragments.get(name);
          if (!own.has(name) && !seen.has(name) && fragment) {
            seen.add(name);
            used.push(fragment);
            collect(fragment);
          }
        },
      });
    collect(p.document);
    const errors = validate(schema, { kind: Kind.DOCUMENT, definitions: [...p.document.definitions, ...used] }, CODEGEN_RULES);
    if (errors.length > 0) {
      problems.push({ id: p.source.id, message: errors[0].message });
    }
    return errors.length === 0;
  });
}

/**
 * Whether all the documents validate as one: one validation of every definition (each fragment
 * name once) instead of one per document with the fragments it spreads, which validates a shared
 * fragment again in every document that uses it. No error in the whole means none in any
 * document's part of it (each document's definitions and the fragments it spreads are in the
 * whole, and the rules kept find no error in a part that they do not find in the whole); with an
 * error, or two fragments of one name, each document is validated on its own to say which fail.
 */
function validTogether(schema: GraphQLSchema, parsed: readonly Parsed[]): boolean {
  const fragmentNames = new Set<string>();
  const definitions: DefinitionNode[] = [];
  for (const p of parsed) {
    for (const d of p.document.definitions) {
      if (d.kind === Kind.FRAGMENT_DEFINITION) {
        if (fragmentNames.has(d.name.value)) {
          return false;
        }
        fragmentNames.add(d.name.value);
      }
      definitions.push(d);
    }
  }
  return validate(schema, { kind: Kind.DOCUMENT, definitions }, CODEGEN_RULES).length === 0;
}

/**
 * Leaves out documents the near-operation-file preset cannot take at all (it throws for the whole
 * run): a fragment on a type the schema does not have, two different fragments of one name, or an
 * introspection field with a selection (`__schema { … }`, `__type(…) { … }`: its `isUsingTypes`
 * looks every field with a selection up in its type's fields, which have no meta fields; for a
 * document that validates it throws nowhere else).
 */
export function presetReady(schema: GraphQLSchema, parsed: readonly Parsed[], problems: DocumentProblem[]): Parsed[] {
  const fragments = new Map<string, { text: string; ids: string[] }>();
  const ready: Parsed[] = [];
  for (const p of parsed) {
    const own = p.document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
    const unknown = own.find((f) => !schema.getType(f.typeCondition.name.value));
    if (unknown) {
      problems.push({ id: p.source.id, message: `Unknown type "${unknown.typeCondition.name.value}" (fragment ${unknown.name.value}).` });
      continue;
    }
    const meta = metaFieldWithSelection(p.document);
    if (meta) {
      problems.push({
        id: p.source.id,
        message: `GraphQL Code Generator's near-operation-file preset cannot generate types for an introspection field with a selection ("${meta}").`,
      });
      continue;
    }
    ready.push(p);
    for (const f of own) {
      const text = p.source.text.slice(f.loc?.start ?? 0, f.loc?.end ?? 0);
      const known = fragments.get(f.name.value);
      if (!known) {
        fragments.set(f.name.value, { text, ids: [p.source.id] });
      } else if (known.text !== text) {
        known.ids.push(p.source.id);
        known.text = '\u0000'; // differs: every definition of the name is left out
      }
    }
  }
  const clashing = new Set<string>();
  for (const [name, f] of fragments) {
    if (f.text === '\u0000') {
      for (const id of f.ids) {
        clashing.add(id);
        problems.push({ id, message: `There are several different fragments named "${name}".` });
      }
    }
  }
  return ready.filter((p) => !clashing.has(p.source.id));
}

/** The name of the first introspection field (`__…`) with a selection in the document, if any. */
function metaFieldWithSelection(document: DocumentNode): string | undefined {
  const inSet = (set: SelectionSetNode | undefined): string | undefined => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD && selection.name.value.startsWith('__') && (selection.selectionSet?.selections.length ?? 0) > 0) {
        return selection.name.value;
      }
      const found = selection.kind === Kind.FRAGMENT_SPREAD ? undefined : inSet(selection.selectionSet);
      if (found) {
        return found;
      }
    }
    return undefined;
  };
  for (const definition of document.definitions) {
    const found = definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION ? inSet(definition.selectionSet) : undefined;
    if (found) {
      return found;
    }
  }
  return undefined;
}

/** The first line of a thrown error's message. */
export function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].trim();
}
