import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { quickFixes, type FixableDiagnostic } from '../core/language/quickFixes';
import { extractFragment, refactorings } from '../core/language/codeActionsRefactor';
import { extractFragmentToConstant, fragmentConstantName } from '../core/language/codeActionsConstant';
import { ActionText, isName, type CodeActionTitleId, type CoreCodeAction, type CoreCodeActionKind, type TextEdit } from '../core/language/codeActionsShared';
import { toHostRange, toTemplatePosition } from '../core/embedded/templateSources';
import { addToSidecar, extractVariable, sidecarHas, sidecarPlaceholder, variableAt, type VariableAt } from '../core/language/codeActionsVariables';
import { sidecarPathFor } from '../core/run/variablesFile';
import type { Position, Range } from '../core/text/position';
import type { TextDocumentSnapshot } from '../core/language/types';
import { inert } from '../core/text/inert';
import { LineIndex } from '../core/text/lineIndex';
import { CODE_SELECTOR } from '../platform/codeFiles';
import { toCorePosition, toRange } from './convert';
import type { LanguageHost } from './languageHost';
import { fromRange, offsetRange } from '../platform/ranges';

/** The command an "Extract fragment" action runs (it asks for the name first). */
export const EXTRACT_FRAGMENT_COMMAND = 'tenantGraphql.extractFragment';
/** The command "Show deprecation reason" runs. */
export const SHOW_DEPRECATION_REASON_COMMAND = 'tenantGraphql.showDeprecationReason';

/** Diagnostics the fixes read: local validation, the workspace validation and the Service's errors (not the sidecar's). */
const FIXABLE_SOURCES = new Set(['GraphQL', 'GraphQL (server)', 'GraphQL (workspace)']);

const KINDS: Record<CoreCodeActionKind, vscode.CodeActionKind> = {
  quickfix: vscode.CodeActionKind.QuickFix,
  'refactor.extract': vscode.CodeActionKind.RefactorExtract,
  'refactor.inline': vscode.CodeActionKind.RefactorInline,
  'refactor.rewrite': vscode.CodeActionKind.RefactorRewrite,
};

/** Each action's title, localised. */
function titleOf(id: CodeActionTitleId, args: readonly string[]): string {
  const [a = '', b = ''] = args.map((s) => inert(s, { sink: 'quickPick' }));
  switch (id) {
    case 'didYouMean':
      return vscode.l10n.t('Change `{0}` to `{1}`', a, b);
    case 'declareVariable':
      return vscode.l10n.t('Declare `{0}`', a);
    case 'removeUnusedVariable':
      return vscode.l10n.t('Remove unused `{0}`', a);
    case 'useReplacement':
      return vscode.l10n.t('Replace deprecated `{0}` with `{1}`', a, b);
    case 'showDeprecationReason':
      return vscode.l10n.t('Show why `{0}` is deprecated', a);
    case 'removeUnusedFragment':
      return vscode.l10n.t('Remove unused fragment `{0}`', a);
    case 'addRequiredArgument':
      return vscode.l10n.t('Add required argument `{0}:`', a);
    case 'addSelection':
      return vscode.l10n.t('Add selection `{0}`', a);
    case 'addTypename':
      return vscode.l10n.t('Add `__typename` (selection on {0})', a);
    case 'nameOperation':
      return vscode.l10n.t('Name the operation `{0}`', a);
    case 'extractFragment':
      return vscode.l10n.t('Extract fragment…');
    case 'inlineFragment':
      return vscode.l10n.t('Inline fragment `{0}`', a);
    case 'inlineAllSpreads':
      return vscode.l10n.t('Inline all spreads of `{0}`', a);
    case 'addToSidecar':
      return vscode.l10n.t('Add `{0}` to {1}', a, b);
    case 'extractVariable':
      return vscode.l10n.t('Extract variable `{0}` (value to {1})', a, b);
  }
}

/** The GraphQL text a range is in: a GraphQL document, or the template of a code file (and where it starts in the host). */
interface GraphqlText {
  readonly text: string;
  /** The text as a document of its own (the GraphQL document, or the template). */
  readonly snapshot: TextDocumentSnapshot;
  readonly base?: Position;
  /** The same object for one version of the text (the snapshot, or the template's source): what parsed work is kept under. */
  readonly key: object;
}

function graphqlTextAt(host: LanguageHost, document: vscode.TextDocument, range: vscode.Range): GraphqlText | undefined {
  if (document.languageId === 'graphql') {
    const snap = host.snapshotOf(document);
    return snap && { text: snap.text, snapshot: snap, key: snap };
  }
  const at = host.templateAt(document, range.start);
  if (!at) {
    return undefined;
  }
  // The whole range must lie in the same template: edits never touch the code around it.
  const end = toTemplatePosition(at.source.basePosition, toCorePosition(range.end));
  const endOffset = end && document.offsetAt(range.end) - at.source.baseOffset;
  if (endOffset === undefined || endOffset > at.source.text.length) {
    return undefined;
  }
  return { text: at.snap.text, snapshot: at.snap, base: at.source.basePosition, key: at.source };
}

/** A host range as a range of the GraphQL text (undefined when it starts before a template). */
function toLocal(at: GraphqlText, r: vscode.Range): Range | undefined {
  if (!at.base) {
    return fromRange(r);
  }
  const start = toTemplatePosition(at.base, toCorePosition(r.start));
  const end = toTemplatePosition(at.base, toCorePosition(r.end));
  return start && end ? { start, end } : undefined;
}

function toHost(at: GraphqlText, r: Range): vscode.Range {
  return toRange(at.base ? toHostRange(at.base, r) : r);
}

function workspaceEdit(uri: vscode.Uri, at: GraphqlText, edits: readonly TextEdit[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) {
    edit.replace(uri, toHost(at, e.range), e.newText);
  }
  return edit;
}

/** An action whose edit is made when it is picked (it reads the sidecar file then, not while the light bulb asks). */
class LazyAction extends vscode.CodeAction {
  constructor(
    title: string,
    kind: vscode.CodeActionKind,
    readonly makeEdit: () => Promise<vscode.WorkspaceEdit | undefined>,
  ) {
    super(title, kind);
  }
}

/** The sidecar of a document (`x.graphql`, `x.ts` -> `x.variables.json`), for files on disk. */
function sidecarUriOf(uri: vscode.Uri): vscode.Uri | undefined {
  const path = uri.scheme === 'untitled' ? undefined : sidecarPathFor(uri.path);
  return path ? uri.with({ path }) : undefined;
}

/** The sidecar's text (the editor's when open), undefined when there is no such file. */
async function sidecarText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    return open.getText();
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Adds the sidecar's new text to an edit: the whole file replaced (jsonc-parser kept its formatting), or created. */
function withSidecar(edit: vscode.WorkspaceEdit, uri: vscode.Uri, before: string | undefined, after: string): vscode.WorkspaceEdit {
  if (before === undefined) {
    edit.createFile(uri, { ignoreIfExists: true });
    edit.insert(uri, new vscode.Position(0, 0), after);
  } else {
    // The whole of `before` (the editor's text when open, else the file's): no document is opened to ask.
    edit.replace(uri, toRange(new LineIndex(before).rangeOf(0, before.length)), after);
  }
  return edit;
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/**
 * Quick fixes and refactorings for GraphQL documents and the GraphQL templates of code files:
 * a thin adapter over the core's pure functions. Computed only when VS Code asks (light bulb,
 * Ctrl+.), from the diagnostics VS Code hands over.
 */
export class GraphqlCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.RefactorExtract, vscode.CodeActionKind.RefactorInline, vscode.CodeActionKind.RefactorRewrite],
  };

  /** The parsed text of each version asked about (VS Code asks again at every cursor move). */
  private readonly texts = new WeakMap<object, ActionText>();

  constructor(
    private readonly host: LanguageHost,
    private readonly logger: Logger,
  ) {}

  private textOf(at: GraphqlText): ActionText {
    let text = this.texts.get(at.key);
    if (!text) {
      // The language service's split and parses of this version (no second parse of the text).
      text = new ActionText(at.text, this.host.definitionParses(at.snapshot));
      this.texts.set(at.key, text);
    }
    return text;
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
        for (const action of quickFixes(this.textOf(at), schema, fixable, { fragments })) {
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
        out.push(...refactorings(this.textOf(at), schema, local).map((a) => this.toAction(document, at, a, [], range)));
        out.push(...this.extractVariableActions(document, at, schema, local));
        const variable = variableAt(this.textOf(at), schema, local);
        const sidecar = variable && sidecarUriOf(document.uri);
        if (variable && sidecar) {
          // On a variable definition only: whether the sidecar has it is read from the file.
          return this.addToSidecarAction(sidecar, variable).then((action) => (action ? [...out, action] : out));
        }
      }
    }
    return out;
  }

  /** "Add `x` to tasks.variables.json" with a typed placeholder, when the sidecar's entry of the operation lacks the variable. */
  private async addToSidecarAction(sidecar: vscode.Uri, variable: VariableAt): Promise<vscode.CodeAction | undefined> {
    const before = await sidecarText(sidecar);
    if (sidecarHas(before, variable.operationKey, variable.name)) {
      return undefined;
    }
    const action = new vscode.CodeAction(titleOf('addToSidecar', [variable.name, basename(sidecar)]), vscode.CodeActionKind.RefactorRewrite);
    action.edit = withSidecar(new vscode.WorkspaceEdit(), sidecar, before, addToSidecar(before, variable.operationKey, variable.name, sidecarPlaceholder(variable.type)));
    return action;
  }

  /** Extract a literal argument into a variable, its value to the sidecar (the edit made when picked: it reads the sidecar). */
  private extractVariableActions(document: vscode.TextDocument, at: GraphqlText, schema: GraphQLSchema, local: Range): vscode.CodeAction[] {
    const sidecar = sidecarUriOf(document.uri);
    if (!sidecar) {
      return [];
    }
    const out: vscode.CodeAction[] = [];
    const extracted = extractVariable(this.textOf(at), schema, local);
    if (extracted) {
      const title = titleOf('extractVariable', [`$${extracted.name}`, basename(sidecar)]);
      out.push(
        new LazyAction(title, vscode.CodeActionKind.RefactorExtract, async () => {
          const before = await sidecarText(sidecar);
          return withSidecar(workspaceEdit(document.uri, at, extracted.edits), sidecar, before, addToSidecar(before, extracted.operationKey, extracted.name, extracted.value));
        }),
      );
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

  /**
   * Extract fragment at a range of a document: the name is `name` when given (tests, scripts),
   * else asked for; in a code template, `place` says where the fragment goes ('template': the end
   * of the same template; 'constant': a new `gql` constant before the statement), else it is asked
   * for. Returns true when the document was changed.
   */
  async extractFragment(uri: vscode.Uri, range: vscode.Range, name?: string, place?: ExtractPlace): Promise<boolean> {
    const document = await vscode.workspace.openTextDocument(uri);
    const at = graphqlTextAt(this.host, document, range);
    const schema = at && this.host.serviceFor(document.uri)?.snapshot.schema;
    const local = at && toLocal(at, range);
    if (!at || !schema || !local) {
      return false;
    }
    const chosen =
      name ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Extract fragment'),
        prompt: vscode.l10n.t('Name of the new fragment'),
        validateInput: (value) => (isName(value) ? undefined : vscode.l10n.t('A fragment name is letters, digits and _, not starting with a digit.')),
      }));
    if (!chosen) {
      return false;
    }
    const template = at.base ? this.host.templateAt(document, range.start)?.source.template : undefined;
    const where = template ? (place ?? (await pickPlace(chosen))) : 'template';
    if (!where) {
      return false;
    }
    if (where === 'constant' && template) {
      const hostEdits = extractFragmentToConstant(document.getText(), template, schema, local, chosen);
      if (!hostEdits) {
        this.cannotExtract(chosen);
        return false;
      }
      const edit = new vscode.WorkspaceEdit();
      for (const e of hostEdits) {
        edit.replace(uri, offsetRange(document, e.start, e.end), e.newText);
      }
      return vscode.workspace.applyEdit(edit);
    }
    const edits = extractFragment(this.textOf(at), schema, local, chosen);
    if (!edits) {
      this.cannotExtract(chosen);
      return false;
    }
    return vscode.workspace.applyEdit(workspaceEdit(uri, at, edits));
  }

  private cannotExtract(name: string): void {
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Cannot extract a fragment named {0} here: select whole fields of one selection set, and pick a name no fragment of the document (and no constant of the file) has.',
        inert(name, { sink: 'notification' }),
      ),
    );
  }
}

/** Where Extract fragment puts the fragment of a code template. */
export type ExtractPlace = 'template' | 'constant';

async function pickPlace(name: string): Promise<ExtractPlace | undefined> {
  const items: (vscode.QuickPickItem & { place: ExtractPlace })[] = [
    { label: vscode.l10n.t('Into this template'), description: vscode.l10n.t('after its last definition'), place: 'template' },
    {
      label: vscode.l10n.t('Into a new `gql` constant'),
      description: `const ${fragmentConstantName(inert(name, { sink: 'quickPick' }))} = gql\`…\``,
      place: 'constant',
    },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Extract fragment: where does it go?') });
  return picked?.place;
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
