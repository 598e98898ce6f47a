/**
 * The code actions of GraphQL documents and code files' templates, as VS Code asks for them: the
 * provider and its registration. Beside it: codeActionText (the GraphQL text at a range, and its
 * edits mapped to the host), codeActionTitles (titles and kinds), sidecarActions (the actions
 * that read or write the sidecar), extractFragmentAction (the Extract fragment command's work).
 */
import * as vscode from 'vscode';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { quickFixes, type FixableDiagnostic } from '../core/language/quickFixes';
import { refactorings } from '../core/language/codeActionsRefactor';
import type { CoreCodeAction } from '../core/language/codeActionsShared';
import { variableAt } from '../core/language/codeActionsVariables';
import { CODE_SELECTOR } from '../platform/codeFiles';
import { KINDS, titleOf } from './codeActionTitles';
import { ActionTexts, graphqlTextAt, toLocal, workspaceEdit, type GraphqlText } from './codeActionText';
import { extractFragmentAt, type ExtractPlace } from './extractFragmentAction';
import type { LanguageHost } from './languageHost';
import { addToSidecarAction, extractVariableActions, LazyAction, sidecarUriOf } from './sidecarActions';

/** The command an "Extract fragment" action runs (it asks for the name first). */
export const EXTRACT_FRAGMENT_COMMAND = 'tenantGraphql.extractFragment';
/** The command "Show deprecation reason" runs. */
export const SHOW_DEPRECATION_REASON_COMMAND = 'tenantGraphql.showDeprecationReason';

/** Diagnostics the fixes read: local validation, the workspace validation and the Service's errors (not the sidecar's). */
const FIXABLE_SOURCES = new Set(['GraphQL', 'GraphQL (server)', 'GraphQL (workspace)']);

/**
 * Quick fixes and refactorings for GraphQL documents and the GraphQL templates of code files:
 * a thin adapter over the core's pure functions. Computed only when VS Code asks (light bulb,
 * Ctrl+.), from the diagnostics VS Code hands over.
 */
export class GraphqlCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorExtract, vscode.CodeActionKind.RefactorInline, vscode.CodeActionKind.RefactorRewrite],
  };

  private readonly texts: ActionTexts;

  constructor(
    private readonly host: LanguageHost,
    private readonly logger: Logger,
  ) {
    this.texts = new ActionTexts(host);
  }

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] | Promise<vscode.CodeAction[]> {
    const failed = (err: unknown): vscode.CodeAction[] => {
      this.logger.error(`[language] code actions failed: ${errorMessage(err)}`);
      return [];
    };
    try {
      const result = this.actions(document, range, context);
      return Array.isArray(result) ? result : result.catch(failed);
    } catch (err) {
      return failed(err);
    }
  }

  async resolveCodeAction(action: vscode.CodeAction): Promise<vscode.CodeAction> {
    if (action instanceof LazyAction && !action.edit) {
      try {
        action.edit = await action.makeEdit();
      } catch (err) {
        this.logger.error(`[language] ${action.title} failed: ${errorMessage(err)}`);
      }
    }
    return action;
  }

  private actions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] | Promise<vscode.CodeAction[]> {
    const at = graphqlTextAt(this.host, document, range);
    const schema = at && this.host.serviceFor(document.uri)?.snapshot.schema;
    if (!at || !schema) {
      return [];
    }
    const out: vscode.CodeAction[] = [];
    const wants = (kind: vscode.CodeActionKind) => !context.only || context.only.contains(kind) || kind.contains(context.only);
    if (wants(vscode.CodeActionKind.QuickFix)) {
      const given: vscode.Diagnostic[] = [];
      const fixable: FixableDiagnostic[] = [];
      for (const d of context.diagnostics) {
        const local = d.source !== undefined && FIXABLE_SOURCES.has(d.source) ? toLocal(at, d.range) : undefined;
        if (local) {
          given.push(d);
          fixable.push({ range: local, message: d.message });
        }
      }
      if (fixable.length > 0) {
        // The workspace's fragments only for an unknown spread (the index is large in a large workspace).
        const fragments = fixable.some((d) => d.message.startsWith('Unknown fragment')) ? this.host.index.all().map((f) => ({ name: f.name, typeCondition: f.typeCondition })) : [];
        for (const action of quickFixes(this.texts.of(at), schema, fixable, { fragments })) {
          out.push(
            this.toAction(
              document,
              at,
              action,
              (action.diagnostics ?? []).map((i) => given[i]),
              range,
            ),
          );
        }
      }
    }
    if (wants(vscode.CodeActionKind.Refactor)) {
      const local = toLocal(at, range);
      if (local) {
        out.push(...refactorings(this.texts.of(at), schema, local).map((a) => this.toAction(document, at, a, [], range)));
        out.push(...extractVariableActions(document, at, this.texts.of(at), schema, local));
        const variable = variableAt(this.texts.of(at), schema, local);
        const sidecar = variable && sidecarUriOf(document.uri);
        if (variable && sidecar) {
          // On a variable definition only: whether the sidecar has it is read from the file.
          return addToSidecarAction(sidecar, variable).then((action) => (action ? [...out, action] : out));
        }
      }
    }
    return out;
  }

  private toAction(document: vscode.TextDocument, at: GraphqlText, action: CoreCodeAction, diagnostics: vscode.Diagnostic[], range: vscode.Range): vscode.CodeAction {
    const out = new vscode.CodeAction(titleOf(action.title.id, action.title.args), KINDS[action.kind]);
    if (diagnostics.length > 0) {
      out.diagnostics = diagnostics;
    }
    if (action.isPreferred) {
      out.isPreferred = true;
    }
    if (action.needsName === 'fragment') {
      out.command = { command: EXTRACT_FRAGMENT_COMMAND, title: out.title, arguments: [document.uri, range] };
    } else if (action.reason !== undefined) {
      out.command = { command: SHOW_DEPRECATION_REASON_COMMAND, title: out.title, arguments: [action.title.args[0], action.reason] };
    } else {
      out.edit = workspaceEdit(document.uri, at, action.edits);
    }
    return out;
  }

  /** Extract fragment at a range of a document (extractFragmentAt says how). */
  extractFragment(uri: vscode.Uri, range: vscode.Range, name?: string, place?: ExtractPlace): Promise<boolean> {
    return extractFragmentAt(this.host, this.texts, uri, range, name, place);
  }
}

/** Registers the code actions for GraphQL documents and code files' templates, with the two commands their actions run. */
export function registerCodeActions(host: LanguageHost, logger: Logger): { provider: GraphqlCodeActions; disposable: vscode.Disposable } {
  const provider = new GraphqlCodeActions(host, logger);
  const disposable = vscode.Disposable.from(
    vscode.languages.registerCodeActionsProvider({ language: 'graphql' }, provider, GraphqlCodeActions.metadata),
    vscode.languages.registerCodeActionsProvider(CODE_SELECTOR, provider, GraphqlCodeActions.metadata),
  );
  return { provider, disposable };
}
