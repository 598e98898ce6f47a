import * as vscode from 'vscode';
import type { BuilderCommand } from './builderCommand';

/**
 * Tenant GraphQL: Search the Operation Builder. Keeps the shortest way to each field whose name
 * contains the text (asked for, or the argument). Resolves to the number of fields found.
 */
export const builderSearch: BuilderCommand = {
  id: 'tenantGraphql.builder.search',
  run: async ({ feature }, arg): Promise<number | undefined> => {
    let text = typeof arg === 'string' ? arg : undefined;
    if (text === undefined) {
      text = await vscode.window.showInputBox({
        title: vscode.l10n.t('Search the operation builder'),
        prompt: vscode.l10n.t('Fields whose name contains this text, each by its shortest way from a root. Leave empty to show everything.'),
        value: feature.tree.search,
      });
      if (text === undefined) {
        return undefined;
      }
    }
    const found = feature.tree.setSearch(text);
    feature.view.description = feature.tree.search ? vscode.l10n.t('"{0}": {1} field(s)', feature.tree.search, found) : undefined;
    return found;
  },
};

/** Tenant GraphQL: Clear the Operation Builder Search. */
export const builderClearSearch: BuilderCommand = {
  id: 'tenantGraphql.builder.clearSearch',
  run: ({ feature }) => {
    feature.tree.setSearch('');
    feature.view.description = undefined;
  },
};

/** Tenant GraphQL: Hide Deprecated in the Operation Builder (a deprecated member the operation selects stays). */
export const builderHideDeprecated: BuilderCommand = {
  id: 'tenantGraphql.builder.hideDeprecated',
  run: ({ feature }) => feature.tree.setShowDeprecated(false),
};

/** Tenant GraphQL: Show Deprecated in the Operation Builder. */
export const builderShowDeprecated: BuilderCommand = {
  id: 'tenantGraphql.builder.showDeprecated',
  run: ({ feature }) => feature.tree.setShowDeprecated(true),
};
