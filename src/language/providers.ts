import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { sdlViewUri } from '../services/schemas';
import { toCompletionItem, toCorePosition, toDocumentSymbol, toRange, toSymbolInformation } from './convert';
import type { LanguageHost } from './languageHost';
import { inert } from '../core/text/inert';
import { toHostRange } from '../core/embedded/templateSources';
import type { OutlineItem, Position, Range, TextDocumentSnapshot } from '../core/language/types';
import { CODE_SELECTOR } from '../platform/codeFiles';

/** The documents the providers serve. */
const GRAPHQL_SELECTOR: vscode.DocumentSelector = { language: 'graphql' };

/** What a question at a position is about: a GraphQL document, or a template of a code file. */
interface GraphqlAt {
  readonly snap: TextDocumentSnapshot;
  readonly position: Position;
  /** Where the template starts in the host file (undefined: the document is GraphQL itself). */
  readonly base?: Position;
}

/** The GraphQL text at a position: the whole document, the template of a code file, or nothing (code outside templates). */
function graphqlAt(host: LanguageHost, document: vscode.TextDocument, position: vscode.Position): GraphqlAt | undefined {
  if (document.languageId === 'graphql') {
    const snap = host.snapshotOf(document);
    return snap && { snap, position: toCorePosition(position) };
  }
  const at = host.templateAt(document, position);
  return at && { snap: at.snap, position: at.position, base: at.source.basePosition };
}

/** A range of the GraphQL text as a range of the document. */
function hostRange(at: Pick<GraphqlAt, 'base'>, r: Range): vscode.Range {
  return toRange(at.base ? toHostRange(at.base, r) : r);
}

/** An outline entry of a template, moved to its place in the host file. */
function hostOutline(base: Position, item: OutlineItem): OutlineItem {
  return { ...item, range: toHostRange(base, item.range), selectionRange: toHostRange(base, item.selectionRange), children: item.children.map((c) => hostOutline(base, c)) };
}

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
        const at = graphqlAt(host, document, position);
        const found = at && host.serviceFor(document.uri);
        if (!at || !found) {
          return undefined;
        }
        return found.service.complete(at.snap, at.position).map(toCompletionItem);
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
        const at = graphqlAt(host, document, position);
        const found = at && host.serviceFor(document.uri);
        const result = at && found ? found.service.hover(at.snap, at.position) : null;
        if (!at || !result) {
          return undefined;
        }
        return new vscode.Hover(new vscode.MarkdownString(inert(result.markdown, { sink: 'markdownDoc' })), result.range ? hostRange(at, result.range) : undefined);
      });
    },
  };

  const definition: vscode.DefinitionProvider = {
    provideDefinition(document, position) {
      return guarded(logger, 'definition', undefined, () => {
        const at = graphqlAt(host, document, position);
        if (!at) {
          return undefined;
        }
        const found = host.serviceFor(document.uri);
        const service = found?.service ?? host.anyService(document.uri);
        const target = service.definition(at.snap, at.position);
        if (!target) {
          return undefined;
        }
        if (target.kind === 'fragment') {
          // A fragment in a template (this one or another code file's) is shown in its host file.
          return host.location(target.uri, target.range);
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
        if (document.languageId !== 'graphql') {
          // A code file: each template's operations and fragments, where they are in the file.
          const service = host.anyService(document.uri);
          return host
            .templatesOf(document)
            .flatMap((source) => service.outline(host.templateSnapshot(document, source)).map((item) => toDocumentSymbol(hostOutline(source.basePosition, item))));
        }
        const snap = host.snapshotOf(document);
        return snap ? host.anyService(document.uri).outline(snap).map(toDocumentSymbol) : undefined;
      });
    },
  };

  const workspaceSymbols: vscode.WorkspaceSymbolProvider = {
    provideWorkspaceSymbols(query) {
      return guarded(logger, 'workspace symbols', [], () =>
        host
          .anyService()
          .workspaceSymbols(query)
          .flatMap((symbol) => {
            // Symbols in templates point into their host files.
            const location = host.location(symbol.uri, symbol.range);
            return location ? [toSymbolInformation(symbol, location)] : [];
          }),
      );
    },
  };

  return vscode.Disposable.from(
    vscode.languages.registerCompletionItemProvider(GRAPHQL_SELECTOR, completion, '{', '(', ':', '@', '$', '.'),
    vscode.languages.registerHoverProvider(GRAPHQL_SELECTOR, hover),
    vscode.languages.registerDefinitionProvider(GRAPHQL_SELECTOR, definition),
    vscode.languages.registerDocumentSymbolProvider(GRAPHQL_SELECTOR, symbols, { label: 'GraphQL' }),
    vscode.languages.registerWorkspaceSymbolProvider(workspaceSymbols),
    // The same providers inside the GraphQL templates of code files; outside templates they
    // answer nothing, so TypeScript's own features are untouched.
    vscode.languages.registerCompletionItemProvider(CODE_SELECTOR, completion, '{', '(', ':', '@', '$'),
    vscode.languages.registerHoverProvider(CODE_SELECTOR, hover),
    vscode.languages.registerDefinitionProvider(CODE_SELECTOR, definition),
    vscode.languages.registerDocumentSymbolProvider(CODE_SELECTOR, symbols, { label: 'GraphQL' }),
  );
}
