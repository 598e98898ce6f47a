/**
 * Code actions between an operation's variables and its sidecar (`x.variables.json`): add a
 * declared variable to the sidecar with a typed placeholder, remove a sidecar variable the
 * operation does not declare, and extract a literal argument into a variable (declared with the
 * argument's type, its value moved to the sidecar). Pure: texts and the schema in, new texts and
 * edits out (the sidecar edited with jsonc-parser, so its comments and formatting stay).
 */
import { Kind, typeFromAST, valueFromASTUntyped, type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { applyEdits as applyJsonEdits, modify } from 'jsonc-parser';
import { ActionText, actionText, endOf, startOf, walkTyped, type TextEdit } from './codeActionsShared';
import { addVariableDefinition } from './quickFixDeclarations';
import { parseSidecar, saveAnswers, sidecarKey } from '../run/variablesFile';
import type { Range } from '../text/position';

import { sidecarPlaceholder, type JsonValue } from './placeholders';

export { sidecarPlaceholder, type JsonValue };

/** A variable definition at a position: its operation's sidecar key, its name and type. */
export interface VariableAt {
  readonly operationKey: string;
  readonly name: string;
  readonly type: GraphQLInputType;
}

/** The variable definition (or use) the position is on, in an operation. */
export function variableAt(text: string | ActionText, schema: GraphQLSchema, range: Range): VariableAt | undefined {
  const doc = actionText(text);
  const offset = doc.lines.offsetAt(range.start);
  const def = doc.definitionAt(offset);
  if (!def || def.node.kind !== Kind.OPERATION_DEFINITION) {
    return undefined;
  }
  const op = def.node;
  const local = offset - def.base;
  const hit = (op.variableDefinitions ?? []).find((v) => startOf(v) <= local && local <= endOf(v));
  const name = hit?.variable.name.value;
  const type = hit && typeFromAST(schema, hit.type);
  return name && type ? { operationKey: sidecarKey(op.name?.value), name, type: type as GraphQLInputType } : undefined;
}

/** True when the sidecar's entry of the operation has the variable (an unreadable sidecar counts as having it: no edit offered). */
export function sidecarHas(sidecarText: string | undefined, operationKey: string, name: string): boolean {
  if (sidecarText === undefined) {
    return false;
  }
  const parsed = parseSidecar(sidecarText);
  if (!parsed.ok) {
    return true;
  }
  const entry = Object.prototype.hasOwnProperty.call(parsed.sidecar, operationKey) ? parsed.sidecar[operationKey] : undefined;
  return entry !== undefined && Object.prototype.hasOwnProperty.call(entry, name);
}

/** The sidecar's new text with the variable added to the operation's entry (a new sidecar when there is none). */
export function addToSidecar(sidecarText: string | undefined, operationKey: string, name: string, value: JsonValue): string {
  return saveAnswers(sidecarText, operationKey === sidecarKey(undefined) ? undefined : operationKey, { [name]: value });
}

/** The sidecar's new text without the variable in the operation's entry. */
export function removeFromSidecar(sidecarText: string, operationKey: string, name: string): string {
  return applyJsonEdits(sidecarText, modify(sidecarText, [operationKey, name], undefined, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}

/** Extract variable: the GraphQL edits and the sidecar value of a literal argument at a position. */
export interface ExtractedVariable {
  readonly edits: readonly TextEdit[];
  readonly operationKey: string;
  readonly name: string;
  readonly value: JsonValue;
}

/**
 * Extract variable from the literal argument value at a position (in an operation): `$<argument>`
 * (made unique) declared with the argument's type, the literal replaced by it; the value goes to
 * the sidecar (the caller writes it).
 */
export function extractVariable(text: string | ActionText, schema: GraphQLSchema, range: Range): ExtractedVariable | undefined {
  const doc = actionText(text);
  const offset = doc.lines.offsetAt(range.start);
  const def = doc.definitionAt(offset);
  if (!def || def.node.kind !== Kind.OPERATION_DEFINITION) {
    return undefined;
  }
  const op: OperationDefinitionNode = def.node;
  const local = offset - def.base;
  let found: ExtractedVariable | undefined;
  walkTyped(
    schema,
    op,
    (node, info) => {
      if (node.kind !== Kind.ARGUMENT || startOf(node) > local || local > endOf(node)) {
        return undefined;
      }
      const argument = info.getArgument();
      if (!argument || node.value.kind === Kind.VARIABLE || containsVariable(node.value)) {
        return true;
      }
      const taken = new Set((op.variableDefinitions ?? []).map((v) => v.variable.name.value));
      let name = argument.name;
      for (let n = 2; taken.has(name); n++) {
        name = `${argument.name}${n}`;
      }
      const declaration = `$${name}: ${String(argument.type)}`;
      found = {
        edits: [doc.replace(def.base + startOf(node.value), def.base + endOf(node.value), `$${name}`), addVariableDefinition(doc, def, op, declaration)],
        operationKey: sidecarKey(op.name?.value),
        name,
        // (graphql builds objects without a prototype: plain JSON for the sidecar.)
        value: JSON.parse(JSON.stringify(valueFromASTUntyped(node.value))) as JsonValue,
      };
      return true;
    },
    local,
  );
  return found;
}

function containsVariable(node: { kind: string }): boolean {
  return JSON.stringify(node, (k, v: unknown) => (k === 'loc' ? undefined : v)).includes(`"kind":"${Kind.VARIABLE}"`);
}
