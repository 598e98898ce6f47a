import { getNamedType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { ScopeRules } from './tenant';

/**
 * Scopes an operation needs, from the tenant's scope rules: a field needs the scope of its
 * coordinate (`Query.tasks`), of the type it returns, and of the type it is selected on.
 * Fragments reachable from the operation count; introspection needs no scope.
 * The document must already be valid against the schema.
 */
export function requiredScopes(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, rules: ScopeRules): Set<string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(def.name.value, def);
    }
  }
  const needed = new Set<string>();
  const add = (scope: string | undefined) => {
    if (scope !== undefined) {
      needed.add(scope);
    }
  };
  const queue: Array<OperationDefinitionNode | FragmentDefinitionNode> = [operation];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const node = queue.pop() as OperationDefinitionNode | FragmentDefinitionNode;
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field(field) {
          if (field.name.value.startsWith('__')) {
            return;
          }
          const parent = typeInfo.getParentType();
          const def = typeInfo.getFieldDef();
          if (parent === null || parent === undefined || def === null || def === undefined) {
            return;
          }
          add(rules.types[parent.name]);
          add(rules.fields[`${parent.name}.${field.name.value}`]);
          add(rules.types[getNamedType(def.type).name]);
        },
        InlineFragment(fragment) {
          if (fragment.typeCondition) {
            add(rules.types[fragment.typeCondition.name.value]);
          }
        },
        FragmentSpread(spread) {
          const name = spread.name.value;
          const target = fragments.get(name);
          if (target && !seen.has(name)) {
            seen.add(name);
            queue.push(target);
          }
        },
      }),
    );
  }
  return needed;
}
