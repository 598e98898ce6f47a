import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import { formatWait } from '../core/http/httpErrors';
import type { Logger } from '../core/logger';
import { buildSentDocument, placeErrors, revealTargets } from '../core/run/embeddedRun';
import type { OperationInfo } from '../core/run/operations';
import { answeredRun, classifyRunError, failedRun, type RunOutcome, type RunOutcomeFailure, type RunRecord, type RunStart } from '../core/run/runRecord';
import { analyseVariables, checkVariables, type VariableValues } from '../core/run/variables';
import { parseSidecar, saveAnswers, variablesErrorOffset, variablesFromSidecar } from '../core/run/variablesFile';
import { LineIndex } from '../core/text/lineIndex';
import type { GraphqlService } from '../services/graphql';
import type { ResultsPresenter } from '../results';
import { presentFailure } from './failureMessages';
import type { HistoryStore } from './historyStore';
import { exportHeaders, type SentRequest } from '../core/run/exportRun';
import type { Environment } from '../core/auth';
import { joinUrl } from '../core/urlPolicy';
import { basename, normalizeArgs, readTextIfExists, sidecarUriFor, type RunArgs } from './runDocuments';
import type { FragmentLookup, HostTemplates } from './hostTemplates';
import { isCodeDocument } from '../platform/codeFiles';
import { chooseRunTarget, type RunTarget } from './runTargets';
import type { ServerDiagnostics } from './serverDiagnostics';
import { promptForVariables } from './variablePrompts';
import { inert } from '../core/text/inert';
import type { RunPermit } from './runPermission';
import { caretAt, wholeRange } from '../platform/ranges';
import { setContextKey } from '../platform/contextKeys';
import type { RunProgress } from './runProgress';

export type { RunOutcome } from '../core/run/runRecord';

/**
 * The schema for a run's variables: the named environment's when one is given (Run on Another
 * Environment), else the document's environment's (its folder's; else the active one's). Undefined
 * when it cannot be had now.
 */
export type VariablesSchema = (signal?: AbortSignal, uri?: vscode.Uri, environment?: Environment) => Promise<GraphQLSchema | undefined>;

/** What the run controller works with (constructor-injected by the run feature). */
export interface RunControllerDeps {
  readonly logger: Logger;
  readonly graphql: Pick<GraphqlService, 'execute'>;
  /** Name of the active environment, if any. */
  activeEnvironment(): string | undefined;
  /** The active environment, for an export (optional: tests may leave it out). */
  environment?(): Environment | undefined;
  readonly presenter: ResultsPresenter;
  readonly diagnostics: ServerDiagnostics;
  readonly history: HistoryStore;
  readonly schema: VariablesSchema;
  /** The workspace's fragments, for spreads a document does not define (optional: tests may leave it out). */
  readonly fragments?: FragmentLookup;
  /** The code files' GraphQL templates (run targets, fragments of the same file). */
  readonly templates: HostTemplates;
  /** Asked before sending (Restricted Mode, a workspace's server, a mutation); optional: tests may leave it out. */
  permit?(operationType: OperationInfo['type'], label: string, environment?: Environment): Promise<RunPermit>;
  /** A configured environment by name, among those of the document's folder (a run on another environment than the document's). */
  environmentNamed?(name: string, uri: vscode.Uri): Environment | undefined;
  /** The environment a document's runs go to: its folder's in a multi-root workspace (optional: tests may leave it out). */
  environmentFor?(uri: vscode.Uri): Environment | undefined;
  /** Where a run in flight shows (the status bar item); optional: tests may leave it out. */
  readonly progress?: RunProgress;
}

/** Runs operations: picks the operation, gathers variables, executes, shows and records. */
export class RunController {
  private lastSentRequest: SentRequest | undefined;

  /** What the last answered run sent (endpoint, query, operation name, variables), for Copy as cURL and the like. */
  get lastSent(): SentRequest | undefined {
    return this.lastSentRequest;
  }

  constructor(private readonly deps: RunControllerDeps) {}

  /** The Run Operation command. Undefined when the user cancelled (silently) or there is nothing to run. */
  async run(arg?: unknown): Promise<RunOutcome | undefined> {
    const args = normalizeArgs(arg);
    const prepared = await this.prepare(args, args.environment);
    if (!prepared || 'failure' in prepared) {
      return prepared?.failure;
    }
    // Unless another environment was named, the document's folder's environment (in a multi-root workspace folders may differ).
    const environment = prepared.chosen ?? this.deps.environmentFor?.(prepared.target.document.uri);
    const permit = (await this.deps.permit?.(prepared.target.op.type, prepared.label, environment)) ?? { go: true };
    if (!permit.go) {
      // The person declined (nothing to say) or was told why.
      this.deps.logger.info(`[run] not run: ${permit.failure?.kind ?? 'declined'}`);
      return permit.failure && { runId: randomUUID(), errors: 0, durationMs: 0, failure: permit.failure.kind, message: permit.failure.message, diagnostics: 0 };
    }
    return this.execute(prepared.target, prepared.label, prepared.sentOperationName, prepared.variables, args, environment);
  }

  /**
   * What running the operation would send (endpoint, document with its fragments, operation name,
   * variables from the sidecar or asked for), without sending it: for Export Operation (cURL,
   * fetch, .http) from the CodeLens or the palette. Undefined when the person cancelled or there is
   * nothing to export; a failure (told to the person) when the document or variables are invalid.
   */
  async request(arg?: unknown): Promise<SentRequest | { failure: RunOutcome } | undefined> {
    const prepared = await this.prepare(normalizeArgs(arg));
    if (!prepared || 'failure' in prepared) {
      return prepared;
    }
    const environment = this.deps.environmentFor?.(prepared.target.document.uri) ?? this.deps.environment?.();
    if (!environment) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Choose an environment first (Sign In, or Try the Sandbox): the export names its endpoint.'));
      return undefined;
    }
    const sent = buildSentDocument(prepared.target.doc, this.deps.templates.fragmentResolver(prepared.target.document, this.deps.fragments));
    return {
      endpoint: new URL(joinUrl(environment.baseUrl, 'v1/graphql')).toString(),
      query: sent.text,
      operationName: prepared.sentOperationName,
      variables: prepared.variables,
      environment: environment.name,
      authHeader: environment.authHeader,
      headers: exportHeaders(environment),
      target: environment,
    };
  }

  /**
   * The document, the operation and its variables, as a run or an export needs them; with
   * `environmentName`, that environment among the document's folder's, whose schema the variables
   * are checked against.
   */
  private async prepare(
    args: RunArgs,
    environmentName?: string,
  ): Promise<
    | { target: RunTarget; label: string; sentOperationName: string | undefined; variables: VariableValues | undefined; chosen: Environment | undefined }
    | { failure: RunOutcome }
    | undefined
  > {
    const document = await this.documentFor(args.uri);
    if (!document) {
      void vscode.window.showInformationMessage(
        inert(vscode.l10n.t('Open a GraphQL file (.graphql or .gql), or a code file with a gql template, with an operation to run it.'), { sink: 'notification' }),
      );
      return undefined;
    }
    // A named environment is one of the document's folder's (in a multi-root workspace each folder may define its own).
    const named = environmentName !== undefined ? this.deps.environmentNamed?.(environmentName, document.uri) : undefined;
    if (environmentName !== undefined && !named) {
      return { failure: this.localFailure('noEnvironment', vscode.l10n.t('No environment named "{0}" is configured.', environmentName)) };
    }
    const chosen = await chooseRunTarget(document, args, this.deps.templates);
    if (!chosen) {
      return undefined;
    }
    if ('failure' in chosen) {
      return { failure: this.localFailure('invalidDocument', chosen.failure) };
    }
    const target = chosen.target;
    const op = target.op;
    const sentOperationName = target.doc.parsed.operations.length > 1 ? op.name : undefined;
    const label = op.name ?? vscode.l10n.t('anonymous {0}', op.type);

    const variables = await this.gatherVariables(document, op, label, args.variables, named);
    if (variables === undefined || 'failure' in variables) {
      return variables;
    }
    return { target, label, sentOperationName, variables: variables.values, chosen: named };
  }

  /** Variables from the arguments or the sidecar, checked (against `environment`'s schema when given, else the document's); missing ones asked for. */
  private async gatherVariables(
    document: vscode.TextDocument,
    op: OperationInfo,
    label: string,
    given: VariableValues | undefined,
    environment?: Environment,
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
    const schema: GraphQLSchema | undefined = await this.deps.schema(undefined, document.uri, environment);
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

  private variablesFailure(errors: string[], sidecarUri: vscode.Uri | undefined, sidecarText: string | undefined, op: OperationInfo, fromArgs: boolean): RunOutcome {
    const more = errors.length > 1 ? vscode.l10n.t(' ({0} more problems)', errors.length - 1) : '';
    const where = !fromArgs && sidecarUri && sidecarText !== undefined ? vscode.l10n.t(' Fix it in {0}.', basename(sidecarUri)) : '';
    let reveal: { uri: vscode.Uri; position: vscode.Position } | undefined;
    if (!fromArgs && sidecarUri && sidecarText !== undefined) {
      const p = new LineIndex(sidecarText).positionAt(variablesErrorOffset(sidecarText, op.name, errors[0]));
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
        edit.replace(uri, wholeRange(open), next);
        await vscode.workspace.applyEdit(edit);
        await open.save();
      } else {
        await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(next));
      }
      this.deps.logger.info(`[run] saved variables of ${operationName ?? '(anonymous)'} to ${basename(uri)}`);
    } catch (err) {
      void vscode.window.showWarningMessage(inert(vscode.l10n.t('The variables could not be saved to {0}: {1}', basename(uri), errorMessage(err)), { sink: 'notification' }));
    }
  }

  private async execute(
    target: RunTarget,
    label: string,
    sentOperationName: string | undefined,
    variables: VariableValues | undefined,
    args: RunArgs,
    environment: Environment | undefined,
  ): Promise<RunOutcome | undefined> {
    const { document, op } = target;
    const sent = buildSentDocument(target.doc, this.deps.templates.fragmentResolver(document, this.deps.fragments));
    if (sent.missing.length > 0) {
      this.deps.logger.info(`[run] ${label}: no definition found for fragment(s) ${sent.missing.join(', ')}; sending without them`);
    }
    const place = (errors: unknown) => placeErrors(sent, target.doc, target.host, errors, target.nameRange);
    const start: RunStart = {
      runId: randomUUID(),
      at: new Date().toISOString(),
      label,
      operationName: op.name,
      operationType: op.type,
      sentOperationName,
      documentUri: document.uri.toString(),
      variables,
      environment: environment?.name ?? this.deps.activeEnvironment(),
    };
    const started = Date.now();
    this.deps.diagnostics.clear(document.uri);
    let record: RunRecord;
    let bodyBytes: Uint8Array | undefined;
    try {
      const result = await this.send(sent.text, label, sentOperationName, variables, args, environment);
      this.lastSentRequest = {
        endpoint: new URL(joinUrl(result.environment.baseUrl, 'v1/graphql')).toString(),
        query: sent.text,
        operationName: sentOperationName,
        variables,
        environment: result.environment.name,
        authHeader: result.environment.authHeader,
        headers: exportHeaders(result.environment),
        target: result.environment,
      };
      // Copy Last Run as cURL / fetch and Save Last Run as .http are in the palette from now on.
      setContextKey('tenantGraphql.hasLastRun', true);
      bodyBytes = result.raw;
      const errors = result.body.errors ?? [];
      const diagnostics = errors.length > 0 ? this.deps.diagnostics.set(document.uri, place(errors)).length : 0;
      record = answeredRun(start, { ...result, environment: result.environment.name }, diagnostics);
      if (errors.length > 0) {
        vscode.window.setStatusBarMessage(vscode.l10n.t('$(error) {0}: the Service reported {1} error(s); see the Problems view', label, errors.length), 8000);
      }
    } catch (err) {
      const durationMs = Date.now() - started;
      const failure = classifyRunError(err);
      if (failure.kind === 'cancelled') {
        this.deps.logger.info(`[run] ${label} on ${start.environment ?? '?'} -> cancelled after ${durationMs} ms`);
        return undefined;
      }
      const shown = presentFailure(failure, [{ uri: document.uri, operationName: op.name, variables }]);
      const diagnostics = 'graphqlErrors' in failure && failure.graphqlErrors ? this.deps.diagnostics.set(document.uri, place(failure.graphqlErrors)).length : 0;
      record = failedRun(start, failure, shown, durationMs, diagnostics);
      this.tell(shown.message, shown.actions);
    }
    if (target.embedded) {
      // The results panel reveals an error of a template at its place in the code file, not at the sent line and column.
      const errors = record.view.body?.errors;
      record = { ...record, view: { ...record.view, revealAt: errors ? revealTargets(sent, target.doc, target.host, errors, target.nameRange) : [] } };
    }
    this.deps.presenter.show(record.view, bodyBytes);
    await this.deps.history.add(record.history, record.view, bodyBytes);
    this.deps.logger[record.log.level](record.log.line);
    return record.outcome;
  }

  /** Sends the operation, shown in the status bar while it runs (a click cancels it; retry waits are reported there). */
  private send(text: string, label: string, operationName: string | undefined, variables: VariableValues | undefined, args: RunArgs, environment?: Environment) {
    const controller = new AbortController();
    const abort = () => controller.abort();
    // Quiet by default: a spinner in the status bar that cancels on click, no notification.
    const inFlight = this.deps.progress?.start(label, abort);
    const subscription = args.cancellation?.onCancellationRequested(abort);
    if (args.cancellation?.isCancellationRequested) {
      abort();
    }
    return this.deps.graphql
      .execute(
        { query: text, variables, operationName, signal: controller.signal, environment },
        {
          onRetryWait: ({ status, attempt, waitMs }) =>
            inFlight?.report(
              status === 429
                ? vscode.l10n.t('rate limited (429): waiting {0} before retry {1}', formatWait(waitMs), attempt)
                : vscode.l10n.t('server error ({0}): waiting {1} before retry {2}', status, formatWait(waitMs), attempt),
            ),
        },
      )
      .finally(() => {
        subscription?.dispose();
        inFlight?.end();
      });
  }

  /** A failure before anything was sent: tell it (with a way to the variables file) and return it. */
  private localFailure(kind: RunOutcomeFailure, message: string, reveal?: { uri: vscode.Uri; position: vscode.Position }): RunOutcome {
    this.deps.logger.info(`[run] not run: ${kind}`);
    const open = vscode.l10n.t('Open Variables File');
    void vscode.window.showErrorMessage(inert(message, { sink: 'notification' }), ...(reveal ? [open] : [])).then(async (picked) => {
      if (picked === open && reveal) {
        await vscode.window.showTextDocument(reveal.uri, { selection: caretAt(reveal.position) });
      }
    });
    return { runId: randomUUID(), errors: 0, durationMs: 0, failure: kind, message, diagnostics: 0 };
  }

  private tell(message: string, actions: { label: string; command: string; args?: unknown[] }[]): void {
    void vscode.window.showErrorMessage(inert(message, { sink: 'notification' }), ...actions.map((a) => a.label)).then(async (picked) => {
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
    return doc && (doc.languageId === 'graphql' || isCodeDocument(doc)) ? doc : undefined;
  }
}
