import * as vscode from 'vscode';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  isIntrospectionType,
  isRequiredArgument,
  isCompositeType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { SchemaSnapshot } from '../core/schema/schemaSnapshot';
import { argsOf, defaultValueText, fieldsOf, kindWord, type ExplorerNode } from '../core/schema/explorerModel';
import { inert } from '../core/text/inert';
import { setContextKey } from '../platform/contextKeys';

export { asExplorerNode, sdlKeyOf, type ExplorerNode } from '../core/schema/explorerModel';

function iconOf(type: GraphQLNamedType): vscode.ThemeIcon {
  if (isObjectType(type)) {
    return new vscode.ThemeIcon('symbol-class');
  }
  if (isInterfaceType(type)) {
    return new vscode.ThemeIcon('symbol-interface');
  }
  if (isInputObjectType(type)) {
    return new vscode.ThemeIcon('symbol-struct');
  }
  if (isEnumType(type)) {
    return new vscode.ThemeIcon('symbol-enum');
  }
  if (isUnionType(type)) {
    return new vscode.ThemeIcon('symbol-misc');
  }
  return new vscode.ThemeIcon('symbol-constant');
}

function markdown(...parts: (string | undefined | null)[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  for (const p of parts) {
    if (p) {
      // Descriptions come from the Service's schema: formatting kept, links, images, HTML and icons inert.
      md.appendMarkdown(`${inert(p, { sink: 'markdownDoc' })}\n\n`);
    }
  }
  return md;
}

const code = (text: string) => '`' + text.replace(/`/g, "'") + '`';

/**
 * The schema explorer: root operation types first, then every other type; fields with their
 * arguments (and the fields of their type, to follow a path); descriptions as tooltips;
 * deprecations marked. A filter keeps the types whose name or a field's name contains the text.
 */
export class SchemaExplorer implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private filterText = '';
  private shown: GraphQLSchema | undefined;

  constructor(private readonly snapshot: () => SchemaSnapshot | undefined) {}

  /** The schema the explorer shows now. */
  currentSnapshot(): SchemaSnapshot | undefined {
    return this.snapshot();
  }

  /** The text types and fields are filtered by ('' for none). */
  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    this.filterText = text.trim();
    setContextKey('tenantGraphql.explorerFiltered', this.filterText !== '');
    this.changed.fire(undefined);
  }

  /** Redraws when the schema to show is another one. */
  refresh(force = false): void {
    const schema = this.snapshot()?.schema;
    if (force || schema !== this.shown) {
      this.changed.fire(undefined);
    }
  }

  /** Labels of the top-level nodes, as shown (for the filter command's result and tests). */
  rootLabels(): string[] {
    return this.getChildren(undefined).map((n) => (n.kind === 'type' ? n.typeName : ''));
  }

  getChildren(element?: ExplorerNode): ExplorerNode[] {
    const schema = this.snapshot()?.schema;
    this.shown = schema;
    if (!schema) {
      return [];
    }
    const q = this.filterText.toLowerCase();
    const matches = (name: string) => q === '' || name.toLowerCase().includes(q);
    if (!element) {
      const roots: ExplorerNode[] = [];
      const rootNames = new Set<string>();
      for (const [root, type] of [
        ['query', schema.getQueryType()],
        ['mutation', schema.getMutationType()],
        ['subscription', schema.getSubscriptionType()],
      ] as const) {
        if (type) {
          rootNames.add(type.name);
          if (matches(type.name) || fieldsOf(type).some((f) => matches(f.name))) {
            roots.push({ kind: 'type', typeName: type.name, root });
          }
        }
      }
      const others = Object.values(schema.getTypeMap())
        .filter((t) => !rootNames.has(t.name) && !isIntrospectionType(t) && !(isScalarType(t) && isSpecifiedScalarType(t)))
        .filter((t) => matches(t.name) || fieldsOf(t).some((f) => matches(f.name)) || (isEnumType(t) && t.getValues().some((v) => matches(v.name))))
        .sort((a, b) => a.name.localeCompare(b.name));
      return [...roots, ...others.map((t): ExplorerNode => ({ kind: 'type', typeName: t.name }))];
    }
    const type = schema.getType(element.typeName);
    switch (element.kind) {
      case 'type': {
        if (!type) {
          return [];
        }
        const all = q === '' || element.nested || matches(type.name);
        if (isEnumType(type)) {
          return type
            .getValues()
            .filter((v) => all || matches(v.name))
            .map((v) => ({ kind: 'enumValue', typeName: type.name, valueName: v.name }));
        }
        if (isUnionType(type)) {
          return type.getTypes().map((t) => ({ kind: 'type', typeName: t.name, nested: true }));
        }
        return fieldsOf(type)
          .filter((f) => all || matches(f.name))
          .map((f) => ({ kind: 'field', typeName: type.name, fieldName: f.name }));
      }
      case 'field': {
        const field = fieldsOf(type).find((f) => f.name === element.fieldName);
        if (!field) {
          return [];
        }
        const args: ExplorerNode[] = argsOf(field).map((a) => ({ kind: 'argument', typeName: element.typeName, fieldName: field.name, argName: a.name }));
        const named = getNamedType(field.type);
        if (isUnionType(named)) {
          return [...args, ...named.getTypes().map((t): ExplorerNode => ({ kind: 'type', typeName: t.name, nested: true }))];
        }
        return [...args, ...fieldsOf(named).map((f): ExplorerNode => ({ kind: 'field', typeName: named.name, fieldName: f.name, nested: true }))];
      }
      default:
        return [];
    }
  }

  getTreeItem(element: ExplorerNode): vscode.TreeItem {
    const schema = this.snapshot()?.schema;
    const type = schema?.getType(element.typeName);
    if (!schema || !type) {
      return new vscode.TreeItem(element.typeName);
    }
    const deprecatedText = vscode.l10n.t('deprecated');
    switch (element.kind) {
      case 'type': {
        const item = new vscode.TreeItem(type.name, isScalarType(type) ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
        item.description = element.root ? vscode.l10n.t('{0} root', element.root) : kindWord(type);
        item.iconPath = element.root ? new vscode.ThemeIcon('symbol-namespace') : iconOf(type);
        item.tooltip = markdown(`**${kindWord(type)} ${type.name}**`, type.description);
        item.contextValue = 'type';
        return item;
      }
      case 'field': {
        const field = fieldsOf(type).find((f) => f.name === element.fieldName);
        if (!field) {
          return new vscode.TreeItem(element.fieldName);
        }
        const named = getNamedType(field.type);
        const args = argsOf(field);
        const expandable = args.length > 0 || fieldsOf(named).length > 0 || isUnionType(named);
        const item = new vscode.TreeItem(field.name, expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        const deprecated = 'deprecationReason' in field && field.deprecationReason != null;
        item.description = `${String(field.type)}${deprecated ? ` · ${deprecatedText}` : ''}`;
        item.iconPath = new vscode.ThemeIcon(deprecated ? 'warning' : 'symbol-field');
        const signature =
          args.length > 0 ? `${field.name}(${args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(field.type)}` : `${field.name}: ${String(field.type)}`;
        item.tooltip = markdown(
          code(signature),
          field.description,
          deprecated ? `*${vscode.l10n.t('Deprecated: {0}', (field as { deprecationReason?: string }).deprecationReason ?? '')}*` : undefined,
        );
        item.contextValue = isInputObjectType(type) ? 'inputField' : 'field';
        return item;
      }
      case 'argument': {
        const field = fieldsOf(type).find((f) => f.name === element.fieldName);
        const arg = argsOf(field).find((a) => a.name === element.argName);
        if (!arg) {
          return new vscode.TreeItem(element.argName);
        }
        const item = new vscode.TreeItem(arg.name, vscode.TreeItemCollapsibleState.None);
        const defaultText = defaultValueText(arg) !== undefined ? ` = ${defaultValueText(arg)}` : '';
        const deprecated = arg.deprecationReason != null;
        item.description = `${String(arg.type)}${defaultText}${deprecated ? ` · ${deprecatedText}` : ''}`;
        item.iconPath = new vscode.ThemeIcon(deprecated ? 'warning' : 'symbol-parameter');
        item.tooltip = markdown(
          code(`${arg.name}: ${String(arg.type)}${defaultText}`),
          isRequiredArgument(arg) ? vscode.l10n.t('Required.') : undefined,
          arg.description,
          deprecated ? `*${vscode.l10n.t('Deprecated: {0}', arg.deprecationReason ?? '')}*` : undefined,
        );
        item.contextValue = 'argument';
        return item;
      }
      case 'enumValue': {
        const value = isEnumType(type) ? type.getValue(element.valueName) : undefined;
        if (!value) {
          return new vscode.TreeItem(element.valueName);
        }
        const item = new vscode.TreeItem(value.name, vscode.TreeItemCollapsibleState.None);
        const deprecated = value.deprecationReason != null;
        item.description = deprecated ? deprecatedText : undefined;
        item.iconPath = new vscode.ThemeIcon(deprecated ? 'warning' : 'symbol-enum-member');
        item.tooltip = markdown(
          code(`${type.name}.${value.name}`),
          value.description,
          deprecated ? `*${vscode.l10n.t('Deprecated: {0}', value.deprecationReason ?? '')}*` : undefined,
        );
        item.contextValue = 'enumValue';
        return item;
      }
    }
  }

  /** The text "Insert Field" puts into the editor: a selection set for composite types, required arguments as tab stops. */
  insertionFor(node: ExplorerNode): vscode.SnippetString | undefined {
    const schema = this.snapshot()?.schema;
    const type = schema?.getType(node.typeName);
    if (!type) {
      return undefined;
    }
    if (node.kind === 'enumValue') {
      return new vscode.SnippetString().appendText(node.valueName);
    }
    if (node.kind !== 'field') {
      return undefined;
    }
    const field = fieldsOf(type).find((f) => f.name === node.fieldName);
    if (!field) {
      return undefined;
    }
    const snippet = new vscode.SnippetString().appendText(field.name);
    const required = argsOf(field).filter(isRequiredArgument);
    if (required.length > 0) {
      snippet.appendText('(');
      required.forEach((a, i) => {
        snippet.appendText(`${i > 0 ? ', ' : ''}${a.name}: `);
        snippet.appendPlaceholder('');
      });
      snippet.appendText(')');
    }
    if (!isInputObjectType(type) && isCompositeType(getNamedType(field.type))) {
      snippet.appendText(' {\n\t');
      snippet.appendTabstop(0);
      snippet.appendText('\n}');
    }
    return snippet;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
