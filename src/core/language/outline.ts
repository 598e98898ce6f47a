/**
 * Symbols: the outline of a document model (operations and fragments with their fields and
 * spreads, types with their fields and values) and the workspace's operations and fragments
 * matched against a query.
 */
import { Kind, type DefinitionNode, type SelectionSetNode } from 'graphql';
import type { DocumentModel } from './documentModel';
import type { FragmentIndex } from './fragmentIndex';
import type { OutlineItem, OutlineKind, WorkspaceSymbol } from './types';

/** The outline items of every definition of the document, in order. */
export function documentOutline(model: DocumentModel): OutlineItem[] {
  const items: OutlineItem[] = [];
  for (const chunk of model.chunks) {
    for (const def of chunk.info.ast?.definitions ?? []) {
      const item = outlineOf(model, def);
      if (item) {
        items.push(item);
      }
    }
  }
  return items;
}

/** Operations and fragments of `index` whose names contain the query's characters in order. */
export function matchWorkspaceSymbols(index: FragmentIndex, query: string): WorkspaceSymbol[] {
  const q = query.toLowerCase();
  const matches = (name: string) => {
    let at = 0;
    for (const ch of name.toLowerCase()) {
      if (at < q.length && ch === q[at]) {
        at++;
      }
    }
    return at === q.length;
  };
  const out: WorkspaceSymbol[] = [];
  for (const op of index.operations()) {
    if (op.name && matches(op.name)) {
      out.push({ name: op.name, kind: op.operation, uri: op.uri, range: op.range });
    }
  }
  for (const frag of index.all()) {
    if (matches(frag.name)) {
      out.push({ name: frag.name, kind: 'fragment', uri: frag.uri, range: frag.range, containerName: `on ${frag.typeCondition}` });
    }
  }
  return out;
}

function outlineOf(model: DocumentModel, def: DefinitionNode): OutlineItem | undefined {
  const range = model.rangeOf(def);
  if (!range) {
    return undefined;
  }
  const nameRange = ('name' in def && def.name && model.rangeOf(def.name)) || { start: range.start, end: range.start };
  const item = (name: string, kind: OutlineKind, children: OutlineItem[]): OutlineItem => ({
    name,
    kind,
    range,
    selectionRange: nameRange,
    children,
  });
  switch (def.kind) {
    case Kind.OPERATION_DEFINITION:
      return item(def.name?.value ?? `<anonymous ${def.operation}>`, def.operation, selectionOutline(model, def.selectionSet));
    case Kind.FRAGMENT_DEFINITION:
      return item(def.name.value, 'fragment', selectionOutline(model, def.selectionSet));
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_DEFINITION: {
      const kind: OutlineKind = def.kind === Kind.OBJECT_TYPE_DEFINITION ? 'type' : def.kind === Kind.INTERFACE_TYPE_DEFINITION ? 'interface' : 'input';
      const children: OutlineItem[] = [];
      for (const field of def.fields ?? []) {
        const r = model.rangeOf(field);
        const n = model.rangeOf(field.name);
        if (r && n) {
          children.push({ name: field.name.value, kind: kind === 'input' ? 'inputValue' : 'field', range: r, selectionRange: n, children: [] });
        }
      }
      return item(def.name.value, kind, children);
    }
    case Kind.ENUM_TYPE_DEFINITION: {
      const children: OutlineItem[] = [];
      for (const value of def.values ?? []) {
        const r = model.rangeOf(value);
        if (r) {
          children.push({ name: value.name.value, kind: 'enumValue', range: r, selectionRange: r, children: [] });
        }
      }
      return item(def.name.value, 'enum', children);
    }
    case Kind.UNION_TYPE_DEFINITION:
      return item(def.name.value, 'union', []);
    case Kind.SCALAR_TYPE_DEFINITION:
      return item(def.name.value, 'scalar', []);
    case Kind.DIRECTIVE_DEFINITION:
      return item(`@${def.name.value}`, 'directive', []);
    case Kind.SCHEMA_DEFINITION:
      return item('schema', 'schema', []);
    default:
      return undefined;
  }
}

function selectionOutline(model: DocumentModel, selectionSet: SelectionSetNode | undefined): OutlineItem[] {
  const out: OutlineItem[] = [];
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      // Shown flattened into the parent, as graphql-language-service's outline does.
      out.push(...selectionOutline(model, selection.selectionSet));
      continue;
    }
    const range = model.rangeOf(selection);
    const nameRange = model.rangeOf(selection.name);
    if (!range || !nameRange) {
      continue;
    }
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias ? `${selection.alias.value}: ${selection.name.value}` : selection.name.value;
      out.push({ name, kind: 'field', range, selectionRange: nameRange, children: selectionOutline(model, selection.selectionSet) });
    } else {
      out.push({ name: `...${selection.name.value}`, kind: 'fragmentSpread', range, selectionRange: nameRange, children: [] });
    }
  }
  return out;
}
