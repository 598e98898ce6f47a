/**
 * Whether replacing a name node of a definition helps: the check a "Did you mean" or "Replace
 * deprecated" fix passes before it is offered (graphql's validation narrowed by replacementCheck,
 * else the definition validated whole with the name replaced).
 */
import { parse, validate, type ASTNode, type GraphQLSchema } from 'graphql';
import { endOf, startOf, type ActionText, type ParsedDefinition } from './codeActionsShared';
import { ALONE_RULES, isFewer, MAX_ERRORS, narrowBeforeOf, narrowVerdict, rememberForDefinition, taggedProblems, type ReplacedName } from './replacementCheck';

/**
 * True when replacing a name node of the definition leaves no new problem in it and (when
 * `strictly`) one fewer: graphql's validation narrowed to the rules the replacement can change
 * (see replacementCheck), the whole definition validated again only where graphql's error limit
 * could matter. Kept with the definition's parse (rememberForDefinition): a version whose edit
 * left the definition alone asks nothing again. Every input is the definition's (its AST, its
 * text, a node of it), the schema or a key part.
 */
export function replacementHelps(
  doc: ActionText,
  schema: GraphQLSchema,
  def: ParsedDefinition,
  node: ASTNode,
  replacement: string,
  kind: ReplacedName,
  strictly: boolean,
): boolean {
  return rememberForDefinition(def.node, schema, `verdict:${kind}:${startOf(node)}:${endOf(node)}:${strictly}:${replacement}`, () => {
    // One validation of the definition serves every kind of name (each problem tagged with its rule).
    const before = rememberForDefinition(def.node, schema, `before:${kind}`, () =>
      narrowBeforeOf(
        schema,
        def.node,
        kind,
        rememberForDefinition(def.node, schema, 'tagged', () => taggedProblems(schema, def.node)),
      ),
    );
    return narrowVerdict(schema, def.node, node, replacement, kind, before, strictly) ?? wholeVerdict(doc, schema, def, node, replacement, [], strictly);
  });
}

/** The same question answered by validating the definition's text with the name replaced (plus fragment definitions it needs) whole. */
export function wholeVerdict(
  doc: ActionText,
  schema: GraphQLSchema,
  def: ParsedDefinition,
  node: ASTNode,
  replacement: string,
  fragments: readonly string[],
  strictly: boolean,
): boolean {
  const definitionText = doc.text.slice(def.start, def.end);
  const nodeStart = startOf(node) - startOf(def.node);
  const nodeEnd = endOf(node) - startOf(def.node);
  const before = doc.rememberFor(schema, `problems@${def.start}`, () => problemsOf(schema, definitionText, []));
  const after = problemsOf(schema, definitionText.slice(0, nodeStart) + replacement + definitionText.slice(nodeEnd), fragments);
  return after !== undefined && before !== undefined && isFewer(before, after, strictly);
}

/** The messages of graphql's validation of one definition (plus fragment definitions it needs), or undefined when it does not parse. */
function problemsOf(schema: GraphQLSchema, definition: string, fragments: readonly string[]): string[] | undefined {
  try {
    const document = parse([definition, ...fragments].join('\n'));
    return validate(schema, document, ALONE_RULES, { maxErrors: MAX_ERRORS }).map((e) => e.message);
  } catch {
    return undefined;
  }
}
