/**
 * What one GraphQL document names, and where: fragment definitions and spreads, operation names,
 * variables (per operation or fragment), and, against a schema, the schema coordinates its
 * selections use (`Task`, `Task.status`, `Query.tasks(status:)`, `TaskStatus.DONE`,
 * `TaskFilter.status`). Ranges are the document's own (0-based, the document text only).
 */
import { getNamedType, isEnumType, Kind, TypeInfo, visit, visitWithTypeInfo, type DefinitionNode, type GraphQLSchema, type NameNode } from 'graphql';
import type { DocumentModel } from './documentModel';
import type { Range } from './types';

/** What a name in a document stands for. */
export type ReferenceSymbol =
  | { readonly kind: 'fragment'; readonly name: string }
  | { readonly kind: 'operation'; readonly name: string }
  /**
   * A variable of one operation or fragment: `scope` is `<source id>#<definition index>`;
   * `owner` the operation's name ('' when anonymous) or the fragment's.
   */
  | { readonly kind: 'variable'; readonly name: string; readonly scope: string; readonly owner: string; readonly inFragment: boolean }
  /** A schema coordinate: `Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`, `Input.field`. */
  | { readonly kind: 'schema'; readonly coordinate: string; readonly what: 'type' | 'field' | 'argument' | 'enumValue' | 'inputField' };

/** One place a symbol is named. */
export interface Occurrence {
  readonly symbol: ReferenceSymbol;
  /** The name only (no `$`, `...` or alias). */
  readonly range: Range;
  /** True where the document defines it (fragment or operation name, variable definition). */
  readonly definition: boolean;
}

/** Occurrences of one document, listed and grouped by symbol key. */
export interface Occurrences {
  readonly all: readonly Occurrence[];
  readonly byKey: ReadonlyMap<string, readonly Occurrence[]>;
}

/** A stable key of a symbol (two symbols are the same exactly when their keys are). */
export function symbolKey(symbol: ReferenceSymbol): string {
  switch (symbol.kind) {
    case 'fragment':
      return `f:${symbol.name}`;
    case 'operation':
      return `o:${symbol.name}`;
    case 'variable':
      return `v:${symbol.scope}:${symbol.name}`;
    case 'schema':
      return `s:${symbol.coordinate}`;
  }
}

class Collector {
  private readonly list: Occurrence[] = [];
  private readonly map = new Map<string, Occurrence[]>();

  constructor(private readonly model: DocumentModel) {}

  add(symbol: ReferenceSymbol, node: NameNode, definition: boolean): void {
    const range = this.model.rangeOf(node);
    if (!range) {
      return;
    }
    const occurrence = { symbol, range, definition };
    this.list.push(occurrence);
    const key = symbolKey(symbol);
    const same = this.map.get(key);
    if (same) {
      same.push(occurrence);
    } else {
      this.map.set(key, [occurrence]);
    }
  }

  done(): Occurrences {
    return { all: this.list, byKey: this.map };
  }
}

/** The executable definitions of a document, each with its index among all of them. */
function definitionsOf(model: DocumentModel): DefinitionNode[] {
  const defs: DefinitionNode[] = [];
  for (const chunk of model.chunks) {
    for (const def of chunk.info.ast?.definitions ?? []) {
      defs.push(def);
    }
  }
  return defs;
}

/** Fragments, operations and variables of a document (no schema needed). */
export function syntaxOccurrences(model: DocumentModel, sourceId: string): Occurrences {
  const out = new Collector(model);
  definitionsOf(model).forEach((def, index) => {
    if (def.kind !== Kind.FRAGMENT_DEFINITION && def.kind !== Kind.OPERATION_DEFINITION) {
      return;
    }
    const inFragment = def.kind === Kind.FRAGMENT_DEFINITION;
    const owner = def.name?.value ?? '';
    const variable = (name: string) => ({ kind: 'variable', name, scope: `${sourceId}#${index}`, owner, inFragment }) as const;
    if (inFragment) {
      out.add({ kind: 'fragment', name: owner }, def.name, true);
    } else if (def.name) {
      out.add({ kind: 'operation', name: owner }, def.name, true);
    }
    visit(def, {
      VariableDefinition(node) {
        out.add(variable(node.variable.name.value), node.variable.name, true);
        return false;
      },
      Variable(node) {
        out.add(variable(node.name.value), node.name, false);
      },
      FragmentSpread(node) {
        out.add({ kind: 'fragment', name: node.name.value }, node.name, false);
      },
    });
  });
  return out.done();
}

/**
 * The schema coordinates a document uses, resolved with graphql-js TypeInfo: a field is named
 * after the type it is selected on (`Task.status`, not another type's `status`; the field name,
 * never its alias; inside `fragment F on Node` the field is `Node.id`). Names the schema does not
 * know are left out (validation reports them).
 */
export function schemaOccurrences(model: DocumentModel, schema: GraphQLSchema): Occurrences {
  const out = new Collector(model);
  const typeInfo = new TypeInfo(schema);
  const coordinate = (name: NameNode, coord: string, what: Extract<ReferenceSymbol, { kind: 'schema' }>['what']) =>
    out.add({ kind: 'schema', coordinate: coord, what }, name, false);
  const visitor = visitWithTypeInfo(typeInfo, {
    Field(node) {
      const parent = typeInfo.getParentType();
      if (parent && typeInfo.getFieldDef() && !node.name.value.startsWith('__')) {
        coordinate(node.name, `${parent.name}.${node.name.value}`, 'field');
      }
    },
    Argument(node) {
      const parent = typeInfo.getParentType();
      const field = typeInfo.getFieldDef();
      if (!typeInfo.getDirective() && parent && field && typeInfo.getArgument()) {
        coordinate(node.name, `${parent.name}.${field.name}(${node.name.value}:)`, 'argument');
      }
    },
    ObjectField(node) {
      const parent = typeInfo.getParentInputType();
      if (parent && typeInfo.getInputType()) {
        coordinate(node.name, `${getNamedType(parent).name}.${node.name.value}`, 'inputField');
      }
    },
    EnumValue(node) {
      const type = typeInfo.getInputType();
      const named = type ? getNamedType(type) : undefined;
      if (named && isEnumType(named) && named.getValue(node.value)) {
        // An enum value's node has no NameNode of its own: make one over the same location.
        coordinate({ kind: Kind.NAME, value: node.value, loc: node.loc }, `${named.name}.${node.value}`, 'enumValue');
      }
    },
    NamedType(node) {
      if (schema.getType(node.name.value)) {
        coordinate(node.name, node.name.value, 'type');
      }
    },
  });
  for (const def of definitionsOf(model)) {
    if (def.kind === Kind.FRAGMENT_DEFINITION || def.kind === Kind.OPERATION_DEFINITION) {
      visit(def, visitor);
    }
  }
  return out.done();
}
