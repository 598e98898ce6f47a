/**
 * The entry of the built extension (dist/extension.js): what VS Code requires. It holds nothing
 * but this loader, so that the extension host's thread is never held by one long `require`
 * (that thread is shared with every other extension): graphql (dist/graphqlBase.js: its language, type system and errors; dist/graphql.js:
 * the rest), graphql-language-service (dist/languageService.js), the
 * extension's core (dist/core.js: src/core and src/shared) and its features (dist/features.js, the
 * composition root in ./extension.ts) are each required in a task of its own, with the thread
 * yielded between them and before `activate` runs. Each bundle is compiled and run once; a later
 * bundle takes the modules of an earlier one from it (scripts/build.mjs maps the imports), so there
 * is one copy of each module in the host and `instanceof` checks hold.
 */
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from './extension';
import { inert } from './core/text/inert';

/** Set by the build: the five bundles beside this one, in the order they are required. */
declare const __GRAPHQL_BASE_MODULE__: string;
declare const __GRAPHQL_MODULE__: string;
declare const __LANGUAGE_SERVICE_MODULE__: string;
declare const __CORE_MODULE__: string;
declare const __FEATURES_MODULE__: string;

const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Loads the bundles one task at a time, then activates the features. */
export async function activate(context: vscode.ExtensionContext): Promise<TenantGraphqlTestApi | undefined> {
  let features: typeof import('./extension');
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    require(__GRAPHQL_BASE_MODULE__);
    await nextTask();
    require(__GRAPHQL_MODULE__);
    await nextTask();
    require(__LANGUAGE_SERVICE_MODULE__);
    await nextTask();
    require(__CORE_MODULE__);
    await nextTask();
    features = require(__FEATURES_MODULE__) as typeof import('./extension');
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch (err) {
    // A bundle missing or broken (a damaged install): say so, the features cannot say it themselves.
    const message = err instanceof Error ? err.message : String(err);
    const shown = inert(message.split('\n')[0], { sink: 'notification' });
    void vscode.window.showErrorMessage(inert(vscode.l10n.t('Tenant GraphQL could not load its code ({0}). Reinstall the extension.', shown), { sink: 'notification' }));
    throw err;
  }
  await nextTask();
  return features.activate(context);
}

/** Nothing to do: everything is disposed through `context.subscriptions`. */
export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
