/**
 * The quick fixes about declarations: declare a variable used but not declared (with the type of
 * its use), remove a variable or a fragment declared but never used.
 */
import { isNonNullType, Kind, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';
import { endOf, removeDefinition, startOf, walkTyped, type ActionText, type CoreCodeAction, type ParsedDefinition, type QuickFixFamily, type TextEdit } from './codeActionsShared';

const UNDEFINED_VARIABLE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" is not defined/;
const UNUSED_VARIABLE = /^Variable "\$([_A-Za-z][_0-9A-Za-z]*)" is never used/;
const UNUSED_FRAGMENT = /^Fragment "([_A-Za-z][_0-9A-Za-z]*)" is never used\./;

/** What a message says about a declaration: a variable used but not declared, a variable or fragment never used. */
export function parseDeclarationProblem(message: string): { problem: 'undefinedVariable' | 'unusedVariable' | 'unusedFragment'; name: string } | undefined {
  for (const [re, problem] of [
    [UNDEFINED_VARIABLE, 'undefinedVariable'],
    [UNUSED_VARIABLE, 'unusedVariable'],
    [UNUSED_FRAGMENT, 'unusedFragment'],
  ] as const) {
    const m = re.exec(message);
    if (m) {
      return { problem, name: m[1] };
    }
  }
  return undefined;
}

/** Declare variable, remove unused variable, remove unused fragment. */
export const declarationFixes: QuickFixFamily = (doc, schema, def, local, message) => {
  const found = parseDeclarationProblem(message);
  switch (found?.problem) {
    case undefined:
      return undefined;
    case 'undefinedVariable':
      return declareVariable(doc, schema, def, local, found.name);
    case 'unusedVariable':
      return removeUnusedVariable(doc, def, local, found.name);
    case 'unusedFragment':
      return def.node.kind === Kind.FRAGMENT_DEFINITION && def.node.name.value === found.name ? [removeUnusedFragment(doc, def, found.name)] : [];
  }
};

/** The operation a problem is in (only operations declare variables). */
function operationOf(def: ParsedDefinition): OperationDefinitionNode | undefined {
  return def.node.kind === Kind.OPERATION_DEFINITION ? def.node : undefined;
}

function declareVariable(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, name: string): CoreCodeAction[] {
  const op = operationOf(def);
  if (!op || op.variableDefinitions?.some((v) => v.variable.name.value === name)) {
    return [];
  }
  // The type where the variable is used; a non-null use wins (it is what every use accepts).
  let type: GraphQLInputType | undefined;
  let usedHere = false;
  walkTyped(schema, op, (node, info) => {
    if (node.kind === Kind.VARIABLE && node.name.value === name) {
      const t = info.getInputType() ?? undefined;
      usedHere ||= startOf(node) === local;
      if (t && (!type || (isNonNullType(t) && !isNonNullType(type)))) {
        type = t;
      }
    }
  });
  // The problem lies on a use of the variable, or on the operation's name (graphql reports both).
  const onOperation = local === startOf(op) || (op.name !== undefined && local === startOf(op.name));
  if (!type || !(usedHere || onOperation)) {
    return [];
  }
  const declaration = `$${name}: ${String(type)}`;
  return [{ title: { id: 'declareVariable', args: [declaration] }, kind: 'quickfix', isPreferred: true, edits: [addVariableDefinition(doc, def, op, declaration)] }];
}

/** The edit that adds a variable definition to an operation, in the formatter's style. */
export function addVariableDefinition(doc: ActionText, def: ParsedDefinition, op: OperationDefinitionNode, declaration: string): TextEdit {
  const defs = op.variableDefinitions ?? [];
  if (defs.length > 0) {
    return doc.insertAt(def.base + endOf(defs[defs.length - 1]), `, ${declaration}`);
  }
  if (op.name) {
    return doc.insertAt(def.base + endOf(op.name), `(${declaration})`);
  }
  const opStart = def.base + startOf(op);
  if (doc.text.startsWith('{', opStart)) {
    return doc.insertAt(opStart, `query (${declaration}) `);
  }
  // `query {`: after the keyword.
  return doc.insertAt(opStart + op.operation.length, ` (${declaration})`);
}

function removeUnusedVariable(doc: ActionText, def: ParsedDefinition, local: number, name: string): CoreCodeAction[] {
  const op = operationOf(def);
  const defs = op?.variableDefinitions ?? [];
  const i = defs.findIndex((v) => v.variable.name.value === name);
  if (!op || i < 0 || (startOf(defs[i]) !== local && startOf(defs[i].variable) !== local)) {
    return [];
  }
  return [{ title: { id: 'removeUnusedVariable', args: [`$${name}`] }, kind: 'quickfix', isPreferred: true, edits: [removeVariableDefinition(doc, def, defs, i)] }];
}

function removeVariableDefinition(doc: ActionText, def: ParsedDefinition, defs: readonly VariableDefinitionNode[], i: number): TextEdit {
  const b = def.base;
  if (defs.length === 1) {
    // The whole `(...)`, and the blank before it when one is left (`query ($a: Int) {`).
    let open = b + startOf(defs[0]);
    while (open > 0 && doc.text[open - 1] !== '(') {
      open--;
    }
    open--;
    let close = b + endOf(defs[0]);
    while (close < doc.text.length && doc.text[close] !== ')') {
      close++;
    }
    const blankBefore = doc.text[open - 1] === ' ' && /\b(query|mutation|subscription) $/.test(doc.text.slice(Math.max(0, open - 14), open));
    return doc.replace(blankBefore ? open - 1 : open, close + 1, '');
  }
  if (i > 0) {
    return doc.replace(b + endOf(defs[i - 1]), b + endOf(defs[i]), '');
  }
  return doc.replace(b + startOf(defs[0]), b + startOf(defs[1]), '');
}

function removeUnusedFragment(doc: ActionText, def: ParsedDefinition, name: string): CoreCodeAction {
  return { title: { id: 'removeUnusedFragment', args: [name] }, kind: 'quickfix', isPreferred: true, edits: [removeDefinition(doc, def)] };
}
