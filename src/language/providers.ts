import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { sdlViewUri } from '../schema';
import { toCompletionItem, toCorePosition, toDocumentSymbol, toRange, toSymbolInformation } from './convert';
import type { LanguageHost } from './languageHost';
import { inert } from '../core/text/inert';

/** The documents the providers serve. */
const GRAPHQL_SELECTOR: vscode.DocumentSelector = { language: 'graphql' };

/**
 * Runs a provider body; a failure is logged and yields `fallback` (a provider must never take
 * the extension host down, and an editor feature failing is not worth a popup).
 */
function guarded<T>(logger: Logger, what: string, fallback: T, body: () => T): T {
  try {
    return body();
  } catch (err) {
    logger.error(`[language] ${what} failed: ${errorMessage(err)}`);
    return fallback;
  }
}

/** Completion: a TextDocument in, vscode.CompletionItems out (also what the adapter benchmark calls). */
export function completionProvider(
  host: LanguageHost,
  logger: Logger,
): vscode.CompletionItemProvider & { provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined } {
  return {
    provideCompletionItems(document: vscode.TextDocument, position: vscode.Position) {
      return guarded(logger, 'completion', undefined, () => {
        const found = host.serviceFor(document.uri);
        const snap = found && host.snapshotOf(document);
        if (!found || !snap) {
          return undefined;
        }
        return found.service.complete(snap, toCorePosition(position)).map(toCompletionItem);
      });
    },
  };
}

/**
 * Registers completion, hover, definition, outline and workspace symbols: thin adapters that
 * convert positions and shapes around the core language service of each document's schema.
 */
export function registerProviders(host: LanguageHost, logger: Logger): vscode.Disposable {
  const completion = completionProvider(host, logger);

  const hover: vscode.HoverProvider = {
    provideHover(document, position) {
      return guarded(logger, 'hover', undefined, () => {
        const found = host.serviceFor(document.uri);
        const snap = found && host.snapshotOf(document);
        const result = found && snap ? found.service.hover(snap, toCorePosition(position)) : null;
        if (!result) {
          return undefined;
        }
        return new vscode.Hover(new vscode.MarkdownString(inert(result.markdown, { sink: 'markdownDoc' })), result.range ? toRange(result.range) : undefined);
      });
    },
  };

  const definition: vscode.DefinitionProvider = {
    provideDefinition(document, position) {
      return guarded(logger, 'definition', undefined, () => {
        const snap = host.snapshotOf(document);
        if (!snap) {
          return undefined;
        }
        const found = host.serviceFor(document.uri);
        const service = found?.service ?? host.anyService(document.uri);
        const target = service.definition(snap, toCorePosition(position));
        if (!target) {
          return undefined;
        }
        if (target.kind === 'fragment') {
          return new vscode.Location(vscode.Uri.parse(target.uri), toRange(target.range));
        }
        if (!found) {
          return undefined;
        }
        return new vscode.Location(sdlViewUri(found.snapshot), new vscode.Position(target.sdlLine, 0));
      });
    },
  };

  const symbols: vscode.DocumentSymbolProvider = {
    provideDocumentSymbols(document) {
      return guarded(logger, 'outline', undefined, () => {
        const snap = host.snapshotOf(document);
        return snap ? host.anyService(document.uri).outline(snap).map(toDocumentSymbol) : undefined;
      });
    },
  };

  const workspaceSymbols: vscode.WorkspaceSymbolProvider = {
    provideWorkspaceSymbols(query) {
      return guarded(logger, 'workspace symbols', [], () => host.anyService().workspaceSymbols(query).map(toSymbolInformation));
    },
  };

  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(GRAPHQL_SELECTOR, completion, '{', '(', ':', '@', '$', '.'),
    vscode.languages.registerHoverProvider(GRAPHQL_SELECTOR, hover),
    vscode.languages.registerDefinitionProvider(GRAPHQL_SELECTOR, definition),
    vscode.languages.registerDocumentSymbolProvider(GRAPHQL_SELECTOR, symbols, { label: 'GraphQL' }),
    vscode.languages.registerWorkspaceSymbolProvider(workspaceSymbols),
  );
}
