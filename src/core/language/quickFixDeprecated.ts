/**
 * The quick fixes for a deprecated field, argument, input field or enum value: replace it with
 * what its deprecation reason names (when that exists where the old name is and the definition
 * stays as valid as it was), else show the reason.
 */
import { getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType, Kind, type ASTNode, type GraphQLSchema } from 'graphql';
import { endOf, startOf, walkTyped, type ActionText, type CoreCodeAction, type ParsedDefinition, type QuickFixFamily } from './codeActionsShared';
import { replacementHelps } from './quickFixVerdict';

const DEPRECATED_NAME = /^The (?:field|enum value|input field) "?[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*"? is deprecated\./;
/** A deprecated argument of a field or directive: graphql 16's wording, then 17's (`The argument "Type.field(arg:)"`, `"@dir(arg:)"`). */
const DEPRECATED_ARGUMENT =
  /^(?:(?:Field "[_A-Za-z][_0-9A-Za-z]*\.[_A-Za-z][_0-9A-Za-z]*"|Directive "@[_A-Za-z][_0-9A-Za-z]*") argument "[_A-Za-z][_0-9A-Za-z]*"|The argument "(?:[_A-Za-z][_0-9A-Za-z]*\.|@)[_A-Za-z][_0-9A-Za-z]*\([_A-Za-z][_0-9A-Za-z]*:\)") is deprecated\./;

/** Whether a message says a field, argument, input field or enum value is deprecated. */
export function isDeprecationMessage(message: string): boolean {
  return DEPRECATED_NAME.test(message) || DEPRECATED_ARGUMENT.test(message);
}

/** Replace deprecated, show deprecation reason. */
export const deprecationFixes: QuickFixFamily = (doc, schema, def, local, message) => (isDeprecationMessage(message) ? deprecated(doc, schema, def, local) : undefined);

/**
 * The replacement a deprecation reason names (`Use \`dueOn\``, `Use status instead`, GitHub's
 * "\`x\` will be removed. Use \`y\` instead.", `Use Issue.timelineItems`), from the first sentence
 * that starts with "Use" or "Replaced by"; the caller checks it exists where the old name is.
 */
function replacementIn(reason: string | null | undefined): string | undefined {
  const m = reason ? /(?:^|[.!;]\s+)\s*(?:Use|Replaced by)\s+(?:the\s+)?`?@?(?:[_A-Za-z][_0-9A-Za-z]*\.)?([_A-Za-z][_0-9A-Za-z]*)`?/i.exec(reason) : null;
  return m ? m[1] : undefined;
}

function deprecated(doc: ActionText, schema: GraphQLSchema, def: ParsedDefinition, local: number): CoreCodeAction[] {
  let target: { node: ASTNode; name: string; reason: string; replacement?: string } | undefined;
  walkTyped(
    schema,
    def.node,
    (node, info) => {
      if (node.kind === Kind.FIELD && startOf(node.name) === local) {
        const field = info.getFieldDef();
        const parent = info.getParentType();
        if (field?.deprecationReason != null && (isObjectType(parent) || isInterfaceType(parent))) {
          const r = replacementIn(field.deprecationReason);
          const ok = r !== undefined && r !== field.name && parent.getFields()[r] !== undefined && !parent.getFields()[r].deprecationReason;
          target = { node: node.name, name: field.name, reason: field.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return true;
      }
      if (node.kind === Kind.ARGUMENT && startOf(node.name) === local) {
        const arg = info.getArgument();
        const siblings = info.getDirective()?.args ?? info.getFieldDef()?.args ?? [];
        if (arg?.deprecationReason != null) {
          const r = replacementIn(arg.deprecationReason);
          const other = siblings.find((a) => a.name === r);
          const ok = r !== undefined && r !== arg.name && other !== undefined && !other.deprecationReason;
          target = { node: node.name, name: arg.name, reason: arg.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return true;
      }
      if (node.kind === Kind.OBJECT_FIELD && startOf(node.name) === local) {
        const parent = getNamedType(info.getParentInputType() ?? undefined);
        const field = isInputObjectType(parent) ? parent.getFields()[node.name.value] : undefined;
        if (isInputObjectType(parent) && field?.deprecationReason != null) {
          const r = replacementIn(field.deprecationReason);
          const other = r === undefined ? undefined : parent.getFields()[r];
          const ok = r !== undefined && r !== field.name && other !== undefined && !other.deprecationReason;
          target = { node: node.name, name: field.name, reason: field.deprecationReason, ...(ok ? { replacement: r } : {}) };
        }
        return undefined;
      }
      if (node.kind === Kind.ENUM && startOf(node) === local) {
        const type = getNamedType(info.getInputType() ?? undefined);
        if (isEnumType(type)) {
          const value = type.getValue(node.value);
          if (value?.deprecationReason != null) {
            const r = replacementIn(value.deprecationReason);
            const ok = r !== undefined && r !== value.name && type.getValue(r) !== undefined && !type.getValue(r)?.deprecationReason;
            target = { node, name: value.name, reason: value.deprecationReason, ...(ok ? { replacement: r } : {}) };
          }
        }
        return true;
      }
      return undefined;
    },
    local,
  );
  if (!target) {
    return [];
  }
  if (target.replacement !== undefined) {
    const { node, replacement } = target;
    // Only when the definition stays as valid as it was.
    if (replacementHelps(doc, schema, def, node, replacement, false)) {
      return [
        {
          title: { id: 'useReplacement', args: [target.name, replacement] },
          kind: 'quickfix',
          isPreferred: true,
          edits: [doc.replace(def.base + startOf(node), def.base + endOf(node), replacement)],
        },
      ];
    }
  }
  return [{ title: { id: 'showDeprecationReason', args: [target.name] }, kind: 'quickfix', edits: [], reason: target.reason }];
}
