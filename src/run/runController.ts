import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import { formatWait } from '../core/http/httpErrors';
import { mapErrorLocations } from '../core/run/errorLocations';
import { chooseOperation, parseDocument, type OperationInfo } from '../core/run/operations';
import { classifyRunFailure, type RunFailure, type RunFailureKind } from '../core/run/runFailure';
import {
  analyseVariables,
  checkVariables,
  parseSidecar,
  saveAnswers,
  sidecarKey,
  sidecarPathFor,
  variablesFromSidecar,
  type VariableValues,
} from '../core/run/variables';
import { findMemberKey, jsonMemberSpans } from '../core/run/jsonLocation';
import { LineIndex } from '../core/text/lineIndex';
import type { FeatureContext } from '../featureContext';
import type { ResultsPresenter, RunResultView } from '../results/resultsModel';
import { NotSignedInError } from '../service/serviceClient';
import { presentFailure, type LocalFailureKind } from './failureMessages';
import type { HistoryStore } from './historyStore';
import type { SchemaSource } from './schemaSource';
import type { ServerDiagnostics } from './serverDiagnostics';
import { promptForVariables } from './variablePrompts';

/** What `tenantGraphql.runOperation` accepts (all optional; a bare Uri from the editor title works too). */
export interface RunArgs {
  /** The document; default: the active editor's. */
  uri?: vscode.Uri;
  /** Run this operation (CodeLens, history); otherwise the one at `position` or the cursor. */
  operationName?: string;
  position?: vscode.Position;
  /** Use these variables instead of the sidecar's (history re-run, tests). */
  variables?: VariableValues;
  /** Cancels like the notification's Cancel button (for callers that cannot click it). */
  cancellation?: vscode.CancellationToken;
}

/** Why a run did not get to an answer, besides the HTTP failures. */
export type RunOutcomeFailure = RunFailureKind | LocalFailureKind | 'invalidDocument' | 'invalidVariables';

/** What a run resolves to (never a token): enough for tests and callers to tell what happened. */
export interface RunOutcome {
  runId: string;
  /** HTTP status of the final answer; undefined when there was none. */
  status?: number;
  /** Number of GraphQL errors in the answer. */
  errors: number;
  /** The operation that ran (its name, also when not sent as operationName). */
  operationName?: string;
  /** The operationName sent (only when the document holds several operations). */
  sentOperationName?: string;
  durationMs: number;
  bytes?: number;
  attempts?: number;
  environment?: string;
  variables?: VariableValues;
  /** Set when the run failed: the kind of failure, and the message shown. */
  failure?: RunOutcomeFailure;
  message?: string;
  /** Server diagnostics placed in the document. */
  diagnostics: number;
  /** The answer's `data`, when there was one. */
  data?: unknown;
}

/** Runs operations: picks the operation, gathers variables, executes, shows and records. */
export class RunController {
  constructor(
    private readonly features: FeatureContext,
    private readonly presenter: ResultsPresenter,
    private readonly diagnostics: ServerDiagnostics,
    private readonly history: HistoryStore,
    private readonly schema: SchemaSource,
  ) {}

  /** The Run Operation command. Undefined when the user cancelled (silently) or there is nothing to run. */
  async run(arg?: unknown): Promise<RunOutcome | undefined> {
    const args = normalizeArgs(arg);
    const document = await this.documentFor(args.uri);
    if (!document) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Open a GraphQL file (.graphql or .gql) with an operation to run it.'));
      return undefined;
    }
    const text = document.getText();
    const parsed = parseDocument(text);
    let position = args.position;
    if (args.operationName !== undefined) {
      const named = parsed.operations.find((o) => o.name === args.operationName);
      if (!named) {
        return this.localFailure(
          'invalidDocument',
          vscode.l10n.t('{0} holds no operation named "{1}" any more. Open it and run the operation you want.', basename(document.uri), args.operationName),
        );
      }
      position = new vscode.Position(named.range.start.line, named.range.start.character);
    } else if (!position) {
      const editor = vscode.window.activeTextEditor;
      if (editor && editor.document.uri.toString() === document.uri.toString()) {
        position = editor.selection.active;
      }
    }
    const choice = chooseOperation(parsed, position);
    let op: OperationInfo;
    if (choice.kind === 'error') {
      return this.localFailure('invalidDocument', choice.message);
    } else if (choice.kind === 'pick') {
      const picked = await vscode.window.showQuickPick(
        choice.candidates.map((c) => ({ label: c.name ?? c.type, description: c.type, detail: vscode.l10n.t('line {0}', c.range.start.line + 1), op: c })),
        { title: vscode.l10n.t('Which operation of {0} should run?', basename(document.uri)), placeHolder: vscode.l10n.t('The cursor is in no operation: pick one') },
      );
      if (!picked) {
        return undefined;
      }
      op = picked.op;
    } else {
      op = choice.op;
    }
    const sentOperationName = parsed.operations.length > 1 ? op.name : undefined;
    const label = op.name ?? vscode.l10n.t('anonymous {0}', op.type);

    const variables = await this.gatherVariables(document, op, label, args.variables);
    if (variables === undefined) {
      return undefined;
    }
    if ('failure' in variables) {
      return variables.failure;
    }
    return this.execute(document, text, op, label, sentOperationName, variables.values, args);
  }

  /** Variables from the arguments or the sidecar, checked; missing ones asked for. */
  private async gatherVariables(
    document: vscode.TextDocument,
    op: OperationInfo,
    label: string,
    given: VariableValues | undefined,
  ): Promise<{ values: VariableValues | undefined } | { failure: RunOutcome } | undefined> {
    const defs = op.node?.variableDefinitions ?? [];
    if (defs.length === 0 || !op.node) {
      return { values: undefined };
    }
    const sidecarUri = sidecarUriFor(document.uri);
    let sidecarText: string | undefined;
    let provided: VariableValues = {};
    if (given) {
      provided = given;
    } else if (sidecarUri) {
      sidecarText = await readTextIfExists(sidecarUri);
      if (sidecarText !== undefined) {
        const parsed = parseSidecar(sidecarText);
        if (!parsed.ok) {
          return {
            failure: this.localFailure('invalidVariables', parsed.error.message, {
              uri: sidecarUri,
              position: new vscode.Position(parsed.error.line - 1, parsed.error.column - 1),
            }),
          };
        }
        provided = variablesFromSidecar(parsed.sidecar, op.name);
      }
    }
    const schema: GraphQLSchema | undefined = await this.schema();
    const analysis = analyseVariables(schema, op.node, provided);
    if (analysis.errors.length > 0) {
      return { failure: this.variablesFailure(analysis.errors, sidecarUri, sidecarText, op, given !== undefined) };
    }
    const values: VariableValues = { ...analysis.values };
    if (analysis.missing.length > 0) {
      const answers = await promptForVariables(analysis.missing, label, sidecarUri ? basename(sidecarUri) : undefined);
      if (!answers) {
        return undefined;
      }
      for (const [k, v] of Object.entries(answers.values)) {
        if (v !== undefined) {
          values[k] = v;
        }
      }
      if (answers.save && sidecarUri) {
        await this.saveToSidecar(sidecarUri, op.name, answers.values);
      }
    }
    const final = checkVariables(schema, op.node, values);
    if (final.length > 0) {
      return { failure: this.variablesFailure(final, sidecarUri, sidecarText, op, given !== undefined) };
    }
    return { values };
  }

  private variablesFailure(
    errors: string[],
    sidecarUri: vscode.Uri | undefined,
    sidecarText: string | undefined,
    op: OperationInfo,
    fromArgs: boolean,
  ): RunOutcome {
    const more = errors.length > 1 ? vscode.l10n.t(' ({0} more problems)', errors.length - 1) : '';
    const where = !fromArgs && sidecarUri && sidecarText !== undefined ? vscode.l10n.t(' Fix it in {0}.', basename(sidecarUri)) : '';
    let reveal: { uri: vscode.Uri; position: vscode.Position } | undefined;
    if (!fromArgs && sidecarUri && sidecarText !== undefined) {
      const name = /Variable "\$([_A-Za-z][_0-9A-Za-z]*)"/.exec(errors[0])?.[1];
      const key = sidecarKey(op.name);
      const spans = jsonMemberSpans(sidecarText);
      const span = (name && findMemberKey(spans, [key, name])) || findMemberKey(spans, [key]);
      const p = new LineIndex(sidecarText).positionAt(span?.[0] ?? 0);
      reveal = { uri: sidecarUri, position: new vscode.Position(p.line, p.character) };
    }
    return this.localFailure('invalidVariables', `${errors[0]}${more}${where}`, reveal);
  }

  private async saveToSidecar(uri: vscode.Uri, operationName: string | undefined, values: VariableValues): Promise<void> {
    try {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const current = open ? open.getText() : await readTextIfExists(uri);
      const next = saveAnswers(current, operationName, values);
      if (open) {
        const edit = new vscode.WorkspaceEdit();
        edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), next);
        await vscode.workspace.applyEdit(edit);
        await open.save();
      } else {
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(next));
      }
      this.features.logger.info(`[run] saved variables of ${operationName ?? '(anonymous)'} to ${basename(uri)}`);
    } catch (err) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The variables could not be saved to {0}: {1}', basename(uri), errorMessage(err)));
    }
  }

  private async execute(
    document: vscode.TextDocument,
    text: string,
    op: OperationInfo,
    label: string,
    sentOperationName: string | undefined,
    variables: VariableValues | undefined,
    args: RunArgs,
  ): Promise<RunOutcome | undefined> {
    const runId = randomUUID();
    const at = new Date();
    const started = Date.now();
    const environment = this.features.auth.activeEnvironment()?.name;
    this.diagnostics.clear(document.uri);
    const rerun = [{ uri: document.uri, operationName: op.name, variables }];
    const base = {
      runId,
      operationName: op.name,
      operationType: op.type,
      documentUri: document.uri.toString(),
      at: at.toISOString(),
      variables,
    };
    try {
      const result = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Running {0}', label), cancellable: true },
        async (progress, token) => {
          const controller = new AbortController();
          const abort = () => controller.abort();
          const subscriptions = [token.onCancellationRequested(abort), args.cancellation?.onCancellationRequested(abort)];
          if (args.cancellation?.isCancellationRequested) {
            abort();
          }
          try {
            return await this.features.service.execute(
              { query: text, variables, operationName: sentOperationName, signal: controller.signal },
              {
                onRetryWait: ({ status, attempt, waitMs }) =>
                  progress.report({
                    message:
                      status === 429
                        ? vscode.l10n.t('rate limited (429): waiting {0} before retry {1}', formatWait(waitMs), attempt)
                        : vscode.l10n.t('server error ({0}): waiting {1} before retry {2}', status, formatWait(waitMs), attempt),
                  }),
              },
            );
          } finally {
            subscriptions.forEach((s) => s?.dispose());
          }
        },
      );
      const errors = result.body.errors ?? [];
      const diagnostics = errors.length > 0 ? this.diagnostics.set(document.uri, mapErrorLocations(text, errors, op.nameRange)) : [];
      const view: RunResultView = {
        ...base,
        environment: result.environment.name,
        status: result.status,
        durationMs: result.durationMs,
        bytes: result.bytes,
        body: result.body,
      };
      this.presenter.show(view);
      await this.history.add(
        {
          documentUri: document.uri.toString(),
          operationName: op.name,
          variables: variables ?? {},
          status: result.status,
          outcome: errors.length > 0 ? `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}` : undefined,
          durationMs: result.durationMs,
          environment: result.environment.name,
        },
        view,
      );
      this.features.logger.info(
        `[run] ${label} on ${result.environment.name} -> ${result.status}, ${errors.length} error(s), ${Math.round(result.durationMs)} ms, ` +
          `${result.bytes} bytes${result.attempts > 1 ? `, ${result.attempts} attempts` : ''}`,
      );
      if (errors.length > 0) {
        vscode.window.setStatusBarMessage(
          vscode.l10n.t('$(error) {0}: the Service reported {1} error(s); see the Problems view', label, errors.length),
          8000,
        );
      }
      return {
        runId,
        status: result.status,
        errors: errors.length,
        operationName: op.name,
        sentOperationName,
        durationMs: result.durationMs,
        bytes: result.bytes,
        attempts: result.attempts,
        environment: result.environment.name,
        variables,
        diagnostics: diagnostics.length,
        data: result.body.data,
      };
    } catch (err) {
      const durationMs = Date.now() - started;
      const failure: RunFailure | { kind: LocalFailureKind; message: string; status?: undefined } =
        err instanceof NotSignedInError
          ? { kind: err.environment ? 'notSignedIn' : 'noEnvironment', message: err.message }
          : classifyRunFailure(err);
      if (failure.kind === 'cancelled') {
        this.features.logger.info(`[run] ${label} on ${environment ?? '?'} -> cancelled after ${durationMs} ms`);
        return undefined;
      }
      const shown = presentFailure(failure, rerun);
      let diagnostics = 0;
      if ('graphqlErrors' in failure && failure.graphqlErrors) {
        diagnostics = this.diagnostics.set(document.uri, mapErrorLocations(text, failure.graphqlErrors, op.nameRange)).length;
      }
      const bodyText = 'bodyText' in failure ? failure.bodyText : undefined;
      const view: RunResultView = {
        ...base,
        environment: environment ?? '',
        status: failure.status,
        durationMs,
        failure: bodyText !== undefined ? { title: shown.title, message: shown.message, bodyText } : { title: shown.title, message: shown.message },
      };
      this.presenter.show(view);
      await this.history.add(
        {
          documentUri: document.uri.toString(),
          operationName: op.name,
          variables: variables ?? {},
          status: failure.status ?? 0,
          outcome: shown.title,
          durationMs,
          environment: environment ?? '',
        },
        view,
      );
      this.features.logger.warn(`[run] ${label} on ${environment ?? '?'} -> failed after ${durationMs} ms: ${failure.kind}${failure.status ? ` (${failure.status})` : ''}`);
      this.tell(shown.message, shown.actions);
      return {
        runId,
        status: failure.status,
        errors: 0,
        operationName: op.name,
        sentOperationName,
        durationMs,
        environment,
        variables,
        failure: failure.kind,
        message: shown.message,
        diagnostics,
      };
    }
  }

  /** A failure before anything was sent: tell it (with a way to the variables file) and return it. */
  private localFailure(
    kind: RunOutcomeFailure,
    message: string,
    reveal?: { uri: vscode.Uri; position: vscode.Position },
  ): RunOutcome {
    this.features.logger.info(`[run] not run: ${kind}`);
    const open = vscode.l10n.t('Open Variables File');
    void vscode.window.showErrorMessage(message, ...(reveal ? [open] : [])).then(async (picked) => {
      if (picked === open && reveal) {
        await vscode.window.showTextDocument(reveal.uri, { selection: new vscode.Range(reveal.position, reveal.position) });
      }
    });
    return { runId: randomUUID(), errors: 0, durationMs: 0, failure: kind, message, diagnostics: 0 };
  }

  private tell(message: string, actions: { label: string; command: string; args?: unknown[] }[]): void {
    void vscode.window.showErrorMessage(message, ...actions.map((a) => a.label)).then(async (picked) => {
      const action = actions.find((a) => a.label === picked);
      if (action) {
        await vscode.commands.executeCommand(action.command, ...(action.args ?? []));
      }
    });
  }

  private async documentFor(uri: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
    if (uri) {
      return vscode.workspace.openTextDocument(uri);
    }
    const doc = vscode.window.activeTextEditor?.document;
    return doc && doc.languageId === 'graphql' ? doc : undefined;
  }
}

/** The sidecar of a document (`tasks.graphql` -> `tasks.variables.json`), if it can have one. */
export function sidecarUriFor(uri: vscode.Uri): vscode.Uri | undefined {
  const path = sidecarPathFor(uri.path);
  return path ? uri.with({ path }) : undefined;
}

/** The text of a file (the editor's text when it is open); undefined when it does not exist. */
export async function readTextIfExists(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) {
    return open.getText();
  }
  if (vscode.workspace.fs.isWritableFileSystem(uri.scheme) === undefined) {
    return undefined; // a virtual document (e.g. a schema view): no sidecar there
  }
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (err) {
    if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') {
      return undefined;
    }
    throw err;
  }
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

function normalizeArgs(arg: unknown): RunArgs {
  if (arg instanceof vscode.Uri) {
    return { uri: arg };
  }
  if (arg === null || typeof arg !== 'object') {
    return {};
  }
  const a = arg as Record<string, unknown>;
  const out: RunArgs = {};
  if (a.uri instanceof vscode.Uri) {
    out.uri = a.uri;
  } else if (typeof a.uri === 'string') {
    out.uri = vscode.Uri.parse(a.uri);
  }
  if (typeof a.operationName === 'string') {
    out.operationName = a.operationName;
  }
  const p = a.position as { line?: unknown; character?: unknown } | undefined;
  if (p && typeof p.line === 'number' && typeof p.character === 'number') {
    out.position = new vscode.Position(p.line, p.character);
  }
  if (a.variables !== null && typeof a.variables === 'object' && !Array.isArray(a.variables)) {
    out.variables = a.variables as VariableValues;
  }
  const c = a.cancellation as vscode.CancellationToken | undefined;
  if (c && typeof c.isCancellationRequested === 'boolean' && typeof c.onCancellationRequested === 'function') {
    out.cancellation = c;
  }
  return out;
}
