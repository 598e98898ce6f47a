/**
 * The quick fixes that complete a field: add a required argument it lacks (with a placeholder of
 * the argument's type), add a selection to a field of a composite type that has none.
 */
import {
  getNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  isUnionType,
  Kind,
  type ArgumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { endOf, startOf, walkTyped, type ActionText, type CoreCodeAction, type ParsedDefinition, type QuickFixFamily } from './codeActionsShared';
import { placeholderLiteral } from './placeholders';

/** A field's required argument missing: graphql 16 names the field and the argument, 17 their coordinate `Type.field(argument:)`. */
const REQUIRED_ARGUMENT = [
  /^Field "([_A-Za-z][_0-9A-Za-z]*)" argument "([_A-Za-z][_0-9A-Za-z]*)" of type "[^"]+" is required, but it was not provided\./,
  /^Argument "[_A-Za-z][_0-9A-Za-z]*\.([_A-Za-z][_0-9A-Za-z]*)\(([_A-Za-z][_0-9A-Za-z]*):\)" of type "[^"]+" is required, but it was not provided\./,
];
const NEEDS_SELECTION = /^Field "([_A-Za-z][_0-9A-Za-z]*)" of type "[^"]+" must have a selection of subfields\./;

/** What a message about a field says it lacks: a required argument, or a selection; undefined for other messages. */
export function parseFieldProblem(message: string): { lacks: 'argument'; field: string; argument: string } | { lacks: 'selection'; field: string } | undefined {
  for (const re of REQUIRED_ARGUMENT) {
    const m = re.exec(message);
    if (m) {
      return { lacks: 'argument', field: m[1], argument: m[2] };
    }
  }
  const m = NEEDS_SELECTION.exec(message);
  return m ? { lacks: 'selection', field: m[1] } : undefined;
}

/** Add required argument, add selection. */
export const fieldFixes: QuickFixFamily = (doc, schema, def, local, message) => {
  const problem = parseFieldProblem(message);
  if (!problem) {
    return undefined;
  }
  return problem.lacks === 'argument' ? addRequiredArgument(doc, schema, def, local, problem.field, problem.argument) : addSelection(doc, schema, def, local, problem.field);
};

/** The field node a problem about it lies on (its name, or its alias). */
function fieldAt(
  schema: GraphQLSchema,
  def: ParsedDefinition,
  local: number,
  name?: string,
): { node: FieldNode; field: GraphQLField<unknown, unknown> | undefined; parent: GraphQLNamedType | undefined } | undefined {
  let found: { node: FieldNode; field: GraphQLField<unknown, unknown> | undefined; parent: GraphQLNamedType | undefined } | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.FIELD && (name === undefined || node.name.value === name) && (startOf(node) === local || startOf(node.name) === local)) {
        found = { node, field: info.getFieldDef() ?? undefined, parent: info.getParentType() ?? undefined };
        return true;
      }
      return undefined;
    },
    local,
  );
  return found;
}

function addRequiredArgument(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, fieldName: string, argName: string): CoreCodeAction[] {
  const at = fieldAt(schema, def, local, fieldName);
  const arg = at?.field?.args.find((a) => a.name === argName);
  if (!at || !arg || at.node.arguments?.some((a) => a.name.value === argName)) {
    return [];
  }
  const text = `${argName}: ${placeholderLiteral(arg.type)}`;
  const args: readonly ArgumentNode[] = at.node.arguments ?? [];
  const edit = args.length > 0 ? doc.insertAt(def.base + endOf(args[args.length - 1]), `, ${text}`) : doc.insertAt(def.base + endOf(at.node.name), `(${text})`);
  return [{ title: { id: 'addRequiredArgument', args: [argName] }, kind: 'quickfix', isPreferred: true, edits: [edit] }];
}

/** The selection a field of a composite type gets: its `id`, else its first scalar field without required arguments, else `__typename`. */
function defaultSelection(type: GraphQLNamedType): string {
  if (isObjectType(type) || isInterfaceType(type)) {
    const fields = Object.values(type.getFields());
    const plain = fields.filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some(isRequiredArgument));
    return (plain.find((f) => f.name === 'id') ?? plain.find((f) => !f.deprecationReason) ?? plain[0])?.name ?? '__typename';
  }
  return '__typename';
}

function addSelection(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number, fieldName: string): CoreCodeAction[] {
  const at = fieldAt(schema, def, local, fieldName);
  const type = at?.field && getNamedType(at.field.type);
  if (!at || !type || at.node.selectionSet || !(isObjectType(type) || isInterfaceType(type) || isUnionType(type))) {
    return [];
  }
  const selection = defaultSelection(type);
  return [
    { title: { id: 'addSelection', args: [`{ ${selection} }`] }, kind: 'quickfix', isPreferred: true, edits: [doc.insertAt(def.base + endOf(at.node), ` { ${selection} }`)] },
  ];
}
