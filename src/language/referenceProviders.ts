import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { planRename, prepareRename, RenameRefusedError } from '../core/language/renameEdits';
import { SDL_SCHEME } from '../services/schemas';
import { toCorePosition, toRange } from './convert';
import { toLocation, type ReferenceService } from './references';
import { sdlSymbolAt } from './sdlSymbols';
import { addSidecarEdit, sidecarKeyLocation } from './sidecarKeys';
import { CODE_SELECTOR } from '../platform/codeFiles';
import type { CodeFileSettings } from '../services/config';

const GRAPHQL_SELECTOR: vscode.DocumentSelector = [{ language: 'graphql' }, ...CODE_SELECTOR];

/** A refusal the user reads as it is; anything else is logged and reported in plain words. */
function userError(logger: Logger, what: string, err: unknown): Error {
  if (err instanceof RenameRefusedError || err instanceof vscode.CancellationError) {
    return err instanceof RenameRefusedError ? new Error(err.message) : err;
  }
  logger.error(`[language] ${what} failed: ${errorMessage(err)}`);
  return new Error(vscode.l10n.t('{0} failed: {1}', what, errorMessage(err)));
}

/** A References CodeLens over a fragment definition, resolved with the count. */
class FragmentLens extends vscode.CodeLens {
  constructor(
    range: vscode.Range,
    readonly uri: vscode.Uri,
    readonly fragment: string,
  ) {
    super(range);
  }
}

/**
 * Find references, rename (with prepareRename) and the References CodeLens over fragment
 * definitions: thin adapters over the core reference index and rename planning.
 */
export function registerReferenceProviders(
  refs: ReferenceService,
  onDidChangeIndex: vscode.Event<void>,
  logger: Logger,
  codeFiles: Pick<CodeFileSettings, 'codeLensEnabled' | 'onDidChangeCodeLens'>,
): vscode.Disposable {
  const lensesChanged = new vscode.EventEmitter<void>();
  return vscode.Disposable.from(
    lensesChanged,
    onDidChangeIndex(() => lensesChanged.fire()),
    // `tenantGraphql.codeLens.references` is honoured at once.
    codeFiles.onDidChangeCodeLens(() => lensesChanged.fire()),
    vscode.languages.registerReferenceProvider(GRAPHQL_SELECTOR, referenceProvider(refs, logger)),
    vscode.languages.registerRenameProvider(GRAPHQL_SELECTOR, renameProvider(refs, logger)),
    vscode.languages.registerCodeLensProvider(GRAPHQL_SELECTOR, fragmentLensProvider(refs, lensesChanged.event, logger, codeFiles)),
  );
}

/** Find All References: in GraphQL (documents and templates) and in the schema's SDL view, with the sidecar key of a variable. */
function referenceProvider(refs: ReferenceService, logger: Logger): vscode.ReferenceProvider {
  return {
    async provideReferences(document, position, context, token) {
      try {
        await refs.ready(token);
        const uri = document.uri.toString();
        const inSdl = sdlSymbolAt(refs.schemas, document.uri, position.line);
        if (inSdl) {
          // In the schema's SDL view: the usages of the type or field defined at this line.
          return refs.index.references(inSdl.symbol, { schemaOf: refs.schemaOf, schema: inSdl.snapshot.schema, includeDeclaration: true }).map(toLocation);
        }
        const at = refs.index.symbolAt(uri, toCorePosition(position), refs.schemaOf);
        if (!at) {
          return undefined;
        }
        const found = refs.index.references(at.symbol, { schemaOf: refs.schemaOf, schema: refs.schemaOf(uri), includeDeclaration: context.includeDeclaration }).map(toLocation);
        const key = await sidecarKeyLocation(at.location.uri, at.symbol);
        return key ? [...found, key] : found;
      } catch (err) {
        if (err instanceof vscode.CancellationError) {
          return undefined;
        }
        logger.error(`[language] references failed: ${errorMessage(err)}`);
        return undefined;
      }
    },
  };
}

/** Rename: refused in the read-only SDL view; code outside templates left to its language. */
function renameProvider(refs: ReferenceService, logger: Logger): vscode.RenameProvider {
  return {
    prepareRename(document, position) {
      try {
        if (document.uri.scheme === SDL_SCHEME) {
          throw new RenameRefusedError(vscode.l10n.t('The schema view is read-only: its names are defined by the Service.'));
        }
        refs.sync();
        if (document.languageId !== 'graphql' && !refs.index.symbolAt(document.uri.toString(), toCorePosition(position), refs.schemaOf)) {
          // Code outside a GraphQL template: TypeScript's rename answers there, not us.
          return undefined;
        }
        const at = prepareRename(refs.index, document.uri.toString(), toCorePosition(position), refs.schemaOf);
        const symbol = at.symbol;
        const placeholder = symbol.kind === 'schema' ? symbol.coordinate : symbol.name;
        return { range: toRange(at.location.range), placeholder };
      } catch (err) {
        throw userError(logger, vscode.l10n.t('Rename'), err);
      }
    },
    async provideRenameEdits(document, position, newName, token) {
      try {
        await refs.ready(token);
        const plan = planRename(refs.index, document.uri.toString(), toCorePosition(position), newName, refs.schemaOf);
        const edit = new vscode.WorkspaceEdit();
        for (const e of plan.edits) {
          edit.replace(vscode.Uri.parse(e.uri), toRange(e.range), e.newText);
        }
        if (plan.sidecar) {
          await addSidecarEdit(edit, plan.sidecar);
        }
        return edit;
      } catch (err) {
        throw userError(logger, vscode.l10n.t('Rename'), err);
      }
    },
  };
}

/** The fragments' "N references" CodeLens; `changed` fires when they should be asked for again. */
function fragmentLensProvider(
  refs: ReferenceService,
  changed: vscode.Event<void>,
  logger: Logger,
  codeFiles: Pick<CodeFileSettings, 'codeLensEnabled'>,
): vscode.CodeLensProvider<FragmentLens> {
  return {
    onDidChangeCodeLenses: changed,
    provideCodeLenses(document) {
      if (!codeFiles.codeLensEnabled('references', document)) {
        return [];
      }
      try {
        refs.sync();
        return refs.index
          .fragmentDefinitions(document.uri.toString())
          .map((d) => new FragmentLens(toRange(d.location.range), document.uri, d.symbol.kind === 'fragment' ? d.symbol.name : ''));
      } catch (err) {
        logger.error(`[language] fragment CodeLens failed: ${errorMessage(err)}`);
        return [];
      }
    },
    async resolveCodeLens(lens, token) {
      try {
        await refs.ready(token);
      } catch (err) {
        if (!(err instanceof vscode.CancellationError)) {
          logger.error(`[language] fragment CodeLens failed: ${errorMessage(err)}`);
        }
        return undefined;
      }
      const spreads = refs.index.references({ kind: 'fragment', name: lens.fragment }, { schemaOf: refs.schemaOf, includeDeclaration: false }).map(toLocation);
      lens.command = {
        title: spreads.length === 1 ? vscode.l10n.t('1 reference') : vscode.l10n.t('{0} references', spreads.length),
        tooltip: vscode.l10n.t('Show the spreads of fragment {0}', lens.fragment),
        command: spreads.length > 0 ? 'editor.action.showReferences' : '',
        arguments: spreads.length > 0 ? [lens.uri, lens.range.start, spreads] : undefined,
      };
      return lens;
    },
  };
}
