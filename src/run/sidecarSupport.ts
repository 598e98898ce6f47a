import * as vscode from 'vscode';
import { Kind, typeFromAST, type GraphQLInputType, type OperationDefinitionNode } from 'graphql';
import { addToSidecar, removeFromSidecar, sidecarPlaceholder } from '../core/language/codeActionsVariables';
import { parseDocument } from '../core/run/operations';
import { LineIndex } from '../core/text/lineIndex';
import { sidecarCompletions, sidecarProblems } from '../core/run/sidecarAssist';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { KeyedDebouncer } from '../platform/debouncer';
import type { VariablesSchema } from './runVariables';
import { readTextIfExists, sidecarUriFor } from './runDocuments';
import { SIDECAR_OWNER_EXTENSIONS, sidecarKey } from '../core/run/variablesFile';
import { findTemplates } from '../core/embedded/templates';
import { inert } from '../core/text/inert';
import { offsetRange, toRange } from '../platform/ranges';

const SIDECAR = /\.variables\.json$/i;
/** A template that may hold an operation (fragment-only templates have none for the sidecar). */
const OPERATION = /\b(query|mutation|subscription)\b|^\s*\{/;
/** The collection of sidecar problems (types of the variables against the GraphQL document). */
const SIDECAR_DIAGNOSTICS_NAME = 'GraphQL variables';

/**
 * Validation and completion for `x.variables.json` from the operations of `x.graphql` (or
 * `x.gql`, or the GraphQL templates of `x.ts` and the other code files) and the schema: a CompletionItemProvider plus a diagnostic collection. (A JSON schema
 * association through the JSON extension cannot be per file, and needs no code in which to
 * tell variables apart per operation.)
 */
export class SidecarSupport implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(SIDECAR_DIAGNOSTICS_NAME);
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timers = new KeyedDebouncer();

  constructor(
    private readonly schema: VariablesSchema,
    private readonly logger: Logger,
    /** `tenantGraphql.embedded.tags`, through the configuration service. */
    private readonly templateTags: () => readonly string[],
  ) {
    this.disposables.push(
      vscode.languages.registerCompletionItemProvider({ pattern: '**/*.variables.json' }, { provideCompletionItems: (d, p, t) => this.complete(d, p, t) }, '"', ':'),
      vscode.languages.registerCodeActionsProvider(
        { pattern: '**/*.variables.json' },
        { provideCodeActions: (d, _r, c) => this.codeActions(d, c) },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
      ),
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d.uri)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document.uri)),
      vscode.workspace.onDidSaveTextDocument((d) => this.schedule(d.uri)),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (SIDECAR.test(d.uri.path)) {
          this.collection.delete(d.uri);
        }
      }),
    );
    for (const d of vscode.workspace.textDocuments) {
      this.schedule(d.uri);
    }
  }

  /** Re-checks a sidecar now (also when `uri` is its GraphQL document). Returns the diagnostics set. */
  async validate(uri: vscode.Uri): Promise<vscode.Diagnostic[]> {
    const sidecar = SIDECAR.test(uri.path) ? uri : sidecarOf(uri);
    if (!sidecar) {
      return [];
    }
    const text = await readTextIfExists(sidecar);
    const operations = text === undefined ? undefined : await this.operationsFor(sidecar);
    if (text === undefined || operations === undefined) {
      this.collection.delete(sidecar);
      return [];
    }
    const schema = await this.schema(undefined, sidecar);
    const lines = new LineIndex(text);
    const diagnostics = sidecarProblems(schema, operations, text).map((p) => {
      const s = lines.positionAt(p.span[0]);
      const e = lines.positionAt(p.span[1]);
      const d = new vscode.Diagnostic(
        toRange({ start: s, end: e }),
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information,
      );
      d.source = SIDECAR_DIAGNOSTICS_NAME;
      return d;
    });
    this.collection.set(sidecar, diagnostics);
    return diagnostics;
  }

  private schedule(uri: vscode.Uri): void {
    if (uri.scheme === 'output' || (!SIDECAR.test(uri.path) && !sidecarUriFor(uri))) {
      return;
    }
    const key = uri.toString();
    this.timers.schedule(key, 250, () => {
      this.validate(uri).catch((err: unknown) => this.logger.warn(`[run] checking variables of ${uri.path}: ${errorMessage(err)}`));
    });
  }

  private async complete(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[]> {
    const operations = await this.operationsFor(document.uri);
    if (!operations || token.isCancellationRequested) {
      return [];
    }
    const schema = await this.schema(undefined, document.uri);
    const text = document.getText();
    return sidecarCompletions(schema, operations, text, document.offsetAt(position)).map((c, i) => {
      const item = new vscode.CompletionItem(
        c.label,
        c.kind === 'value' ? vscode.CompletionItemKind.Value : c.kind === 'operation' ? vscode.CompletionItemKind.Module : vscode.CompletionItemKind.Property,
      );
      item.insertText = c.insertText;
      item.filterText = c.insertText;
      item.range = offsetRange(document, c.replace[0], c.replace[1]);
      item.sortText = String(i).padStart(4, '0');
      if (c.detail) {
        item.detail = c.detail;
      }
      if (c.documentation) {
        item.documentation = new vscode.MarkdownString(inert(c.documentation, { sink: 'markdownDoc' }));
      }
      return item;
    });
  }

  /**
   * Quick fixes on the sidecar's problems: remove a variable the operation does not declare, add
   * the variables it declares but the file lacks, each with a typed placeholder.
   */
  private async codeActions(document: vscode.TextDocument, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const ours = context.diagnostics.filter((d) => d.source === SIDECAR_DIAGNOSTICS_NAME);
    if (ours.length === 0) {
      return [];
    }
    try {
      const text = document.getText();
      const out: vscode.CodeAction[] = [];
      const whole = offsetRange(document, 0, text.length);
      const action = (title: string, diagnostic: vscode.Diagnostic, next: string): vscode.CodeAction => {
        const a = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        a.diagnostics = [diagnostic];
        a.isPreferred = true;
        a.edit = new vscode.WorkspaceEdit();
        a.edit.replace(document.uri, whole, next);
        return a;
      };
      let operations: OperationDefinitionNode[] | undefined;
      for (const d of ours) {
        const unused = /^The operation (.+) declares no variable \$([_A-Za-z][_0-9A-Za-z]*); it is not sent\.$/.exec(d.message);
        if (unused) {
          out.push(action(vscode.l10n.t('Remove `{0}` from {1}', unused[2], basename(document.uri)), d, removeFromSidecar(text, unused[1], unused[2])));
          continue;
        }
        const missing = /^No value for (.+): you will be asked when you run (.+)\.$/.exec(d.message);
        if (missing) {
          operations ??= await this.operationsFor(document.uri);
          const schema = await this.schema(undefined, document.uri);
          const op = operations?.find((o) => sidecarKey(o.name?.value) === missing[2]);
          if (!op || !schema) {
            continue;
          }
          let next = text;
          const names: string[] = [];
          for (const m of missing[1].matchAll(/\$([_A-Za-z][_0-9A-Za-z]*) \(/g)) {
            const def = op.variableDefinitions?.find((v) => v.variable.name.value === m[1]);
            const type = def && typeFromAST(schema, def.type);
            if (type) {
              next = addToSidecar(next, missing[2], m[1], sidecarPlaceholder(type as GraphQLInputType));
              names.push(m[1]);
            }
          }
          if (names.length > 0) {
            out.push(action(vscode.l10n.t('Add {0} with placeholder values', names.map((n) => `\`${n}\``).join(', ')), d, next));
          }
        }
      }
      return out;
    } catch (err) {
      this.logger.warn(`[run] code actions of ${document.uri.path}: ${errorMessage(err)}`);
      return [];
    }
  }

  /**
   * The operations of the files next to a sidecar (`x.graphql`, `x.gql`, and the GraphQL templates of
   * `x.ts`, `x.tsx`, … which share `x.variables.json`); undefined when there is none, or while one of
   * them does not parse (its operations are unknown then: no verdict on the sidecar).
   */
  private async operationsFor(sidecar: vscode.Uri): Promise<OperationDefinitionNode[] | undefined> {
    let found: OperationDefinitionNode[] | undefined;
    for (const ext of SIDECAR_OWNER_EXTENSIONS) {
      const uri = sidecar.with({ path: sidecar.path.replace(SIDECAR, `.${ext}`) });
      const text = await readTextIfExists(uri);
      if (text === undefined) {
        continue;
      }
      const documents = ext === 'graphql' || ext === 'gql' ? [text] : templateTextsOf(text, this.templateTags());
      for (const document of documents) {
        const ast = parseDocument(document).ast;
        if (!ast) {
          return undefined;
        }
        found = [...(found ?? []), ...ast.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)];
      }
      found ??= [];
    }
    return found;
  }

  dispose(): void {
    this.timers.dispose();
    this.disposables.forEach((d) => d.dispose());
    this.collection.dispose();
  }
}

function sidecarOf(uri: vscode.Uri): vscode.Uri | undefined {
  return sidecarUriFor(uri);
}

/** The GraphQL of a code file's templates that hold operations. */
function templateTextsOf(text: string, tags: readonly string[]): string[] {
  return findTemplates(text, { tags })
    .filter((t) => OPERATION.test(t.text))
    .map((t) => t.text);
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
