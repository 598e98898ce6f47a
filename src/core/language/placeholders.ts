/**
 * Placeholder values of GraphQL input types (the enum's first value, 0, "", false, [], or an input
 * object with its required fields), one rule for a variables file (JSON) and for an argument
 * written into a document (a GraphQL literal).
 */
import { getNullableType, isEnumType, isInputObjectType, isListType, isRequiredInputField, type GraphQLInputType } from 'graphql';

/** A JSON value of a sidecar. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A placeholder value for a sidecar: the enum's first value, 0, "", false, [], or an input object with its required fields. */
export function sidecarPlaceholder(type: GraphQLInputType, depth = 0): JsonValue {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    return [];
  }
  if (isEnumType(nullable)) {
    return nullable.getValues()[0]?.name ?? null;
  }
  if (isInputObjectType(nullable)) {
    const out: Record<string, JsonValue> = {};
    if (depth < 4) {
      for (const f of Object.values(nullable.getFields())) {
        if (isRequiredInputField(f)) {
          out[f.name] = sidecarPlaceholder(f.type, depth + 1);
        }
      }
    }
    return out;
  }
  switch (nullable.name) {
    case 'Int':
    case 'Float':
      return 0;
    case 'Boolean':
      return false;
    default:
      return '';
  }
}

/** The placeholder of {@link sidecarPlaceholder} as a GraphQL literal (`{ a: 0, kind: OPEN }`). */
export function placeholderLiteral(type: GraphQLInputType): string {
  return literal(type, sidecarPlaceholder(type));
}

function literal(type: GraphQLInputType, value: JsonValue): string {
  const nullable = getNullableType(type);
  if (Array.isArray(value)) {
    return '[]';
  }
  if (isEnumType(nullable)) {
    return value === null ? 'null' : String(value);
  }
  if (isInputObjectType(nullable) && value !== null && typeof value === 'object') {
    const fields = nullable.getFields();
    const entries = Object.entries(value);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([name, v]) => `${name}: ${literal(fields[name].type, v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}
