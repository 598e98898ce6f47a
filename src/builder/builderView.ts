import * as vscode from 'vscode';
import { builderChildren, builderRoots, keysOnTheWay, searchBuilder, type BuilderNode } from '../core/builder/builderTree';
import { pathKey } from '../core/builder/builderPath';
import type { BuilderState } from '../core/builder/builderState';
import type { GraphQLSchema } from 'graphql';
import { inert } from '../core/text/inert';
import { setContextKey } from '../platform/contextKeys';

/** A fragment spread of the text, shown under the selection that holds it (no box: it stays as it is). */
export interface SpreadItem {
  readonly kind: 'spread';
  readonly parentKey: string;
  readonly name: string;
}

/** An element of the builder's tree. */
export type BuilderElement = BuilderNode | SpreadItem;

/** What the tree shows from: the schema and the state of the text (undefined when there is none). */
export interface BuilderSource {
  readonly schema?: GraphQLSchema;
  readonly state?: BuilderState;
}

/**
 * The builder's tree: root types, then fields, arguments, enum values and possible types computed
 * when a node expands; each with a box ticked when the operation under the cursor selects it.
 */
export class BuilderTree implements vscode.TreeDataProvider<BuilderElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<BuilderElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private searchText = '';
  private searchKeys: Set<string> | undefined;
  private deprecatedShown = true;

  constructor(private readonly source: () => BuilderSource) {
    setContextKey('tenantGraphql.builderShowsDeprecated', true);
  }

  /** The text searched for ('' for none). */
  get search(): string {
    return this.searchText;
  }

  /** Keeps only the ways to the fields whose name contains the text (the shortest way to each). */
  setSearch(text: string): number {
    this.searchText = text.trim();
    const schema = this.source().schema;
    const found = schema && this.searchText !== '' ? searchBuilder(schema, this.searchText) : [];
    this.searchKeys = this.searchText === '' ? undefined : keysOnTheWay(found);
    setContextKey('tenantGraphql.builderSearched', this.searchText !== '');
    this.changed.fire(undefined);
    return found.length;
  }

  get showsDeprecated(): boolean {
    return this.deprecatedShown;
  }

  setShowDeprecated(show: boolean): void {
    this.deprecatedShown = show;
    setContextKey('tenantGraphql.builderShowsDeprecated', show);
    this.changed.fire(undefined);
  }

  /** Redraws (the text, the cursor or the schema changed). */
  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(element?: BuilderElement): BuilderElement[] {
    const { schema, state } = this.source();
    if (!schema || (element && element.kind === 'spread')) {
      return [];
    }
    const ticked = state?.ticked;
    const nodes = element ? builderChildren(schema, element.path, { showDeprecated: this.deprecatedShown, ticked }) : builderRoots(schema);
    const shown = this.searchKeys ? nodes.filter((n) => this.searchKeys!.has(pathKey(n.path)) || ticked?.has(pathKey(n.path))) : nodes;
    const parentKey = element && pathKey(element.path);
    const spreads: SpreadItem[] = parentKey ? (state?.spreads.get(parentKey) ?? []).map((name) => ({ kind: 'spread', parentKey, name })) : [];
    return [...spreads, ...shown];
  }

  getTreeItem(element: BuilderElement): vscode.TreeItem {
    if (element.kind === 'spread') {
      const item = new vscode.TreeItem(`...${element.name}`, vscode.TreeItemCollapsibleState.None);
      item.id = `${element.parentKey}/spread:${element.name}`;
      item.description = vscode.l10n.t('fragment spread');
      item.iconPath = new vscode.ThemeIcon('symbol-reference');
      item.accessibilityInformation = { label: vscode.l10n.t('Fragment spread {0}, kept as written', element.name) };
      item.contextValue = 'builderSpread';
      return item;
    }
    const state = this.source().state;
    const key = pathKey(element.path);
    const checked = state?.ticked.has(key) === true;
    const searching = this.searchKeys?.has(key) === true && element.expandable;
    const collapsible = !element.expandable
      ? vscode.TreeItemCollapsibleState.None
      : element.kind === 'root' || searching
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(element.label, collapsible);
    item.id = key;
    const aliases = state?.aliases.get(key);
    const value = state?.argumentValues.get(key);
    const parts = [
      element.typeText,
      value !== undefined ? `= ${value}` : '',
      aliases ? vscode.l10n.t('as {0}', aliases.join(', ')) : '',
      element.deprecated !== undefined ? vscode.l10n.t('deprecated') : '',
    ];
    item.description = inert(parts.filter((p) => p !== '').join(' · '), { sink: 'treeItem' });
    if (element.kind !== 'root') {
      item.checkboxState = {
        state: checked ? vscode.TreeItemCheckboxState.Checked : vscode.TreeItemCheckboxState.Unchecked,
        tooltip: checked ? vscode.l10n.t('Selected: clear to remove it from the operation') : vscode.l10n.t('Not selected: tick to add it to the operation'),
        accessibilityInformation: { label: vscode.l10n.t('Select {0}', element.label) },
      };
      // The keyboard's way to the box: VS Code's tree keeps Space to expand, and runs a node's
      // command on Enter (and on a click of its label), so that command flips the box.
      item.command = { command: 'tenantGraphql.builder.toggle', title: vscode.l10n.t('Tick or Untick'), arguments: [{ path: element.path }] };
    }
    const what =
      element.kind === 'argument'
        ? vscode.l10n.t('argument')
        : element.kind === 'inputField'
          ? vscode.l10n.t('input field')
          : element.kind === 'enumValue'
            ? vscode.l10n.t('value')
            : element.kind === 'fragment'
              ? vscode.l10n.t('inline fragment')
              : element.kind === 'root'
                ? vscode.l10n.t('{0} root', element.typeText)
                : vscode.l10n.t('field');
    const status = element.kind === 'root' ? '' : checked ? vscode.l10n.t('selected') : vscode.l10n.t('not selected');
    item.accessibilityInformation = {
      label: inert(
        [
          element.label,
          what,
          element.typeText,
          element.required ? vscode.l10n.t('required') : '',
          aliases ? vscode.l10n.t('as {0}', aliases.join(', ')) : '',
          element.deprecated !== undefined ? vscode.l10n.t('deprecated') : '',
          status,
        ]
          .filter((p) => p !== '')
          .join(', '),
        { sink: 'treeItem' },
      ),
    };
    item.iconPath = new vscode.ThemeIcon(
      element.deprecated !== undefined
        ? 'warning'
        : element.kind === 'argument'
          ? 'symbol-parameter'
          : element.kind === 'inputField'
            ? 'symbol-property'
            : element.kind === 'enumValue'
              ? 'symbol-enum-member'
              : element.kind === 'fragment'
                ? 'symbol-interface'
                : element.kind === 'root'
                  ? 'symbol-namespace'
                  : 'symbol-field',
    );
    const tooltip = new vscode.MarkdownString();
    tooltip.appendCodeblock(`${element.label}${element.typeText && element.kind !== 'root' ? `: ${element.typeText}` : ''}`, 'graphql');
    for (const text of [
      element.description,
      element.deprecated !== undefined ? vscode.l10n.t('Deprecated: {0}', element.deprecated) : undefined,
      element.required ? vscode.l10n.t('Required: always given, as a variable of the operation.') : undefined,
    ]) {
      if (text) {
        tooltip.appendMarkdown(`\n\n${inert(text, { sink: 'markdownDoc' })}`);
      }
    }
    item.tooltip = tooltip;
    item.contextValue = element.kind === 'field' && element.path.steps.length === 1 ? 'builderRootField' : `builder-${element.kind}`;
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
