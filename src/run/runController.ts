import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { formatWait } from '../core/http/httpErrors';
import type { Logger } from '../core/logger';
import type { VariableValues } from '../core/run/variables';
import { buildSentDocument } from '../core/run/embeddedRun';
import { revealTargets, type SentPlace } from '../core/run/errorLocations';
import type { OperationInfo } from '../core/run/operations';
import { answeredRun, classifyRunError, failedRun, type RunOutcome, type RunOutcomeFailure, type RunRecord, type RunStart } from '../core/run/runRecord';
import type { GraphqlService } from '../services/graphql';
import type { ResultsPresenter } from '../results';
import { presentFailure } from './failureMessages';
import type { HistoryStore } from './historyStore';
import { exportHeaders, type SentRequest } from '../core/run/exportRun';
import type { Environment } from '../core/auth';
import { joinUrl } from '../core/urlPolicy';
import { normalizeArgs, type RunArgs } from './runDocuments';
import type { FragmentLookup, HostTemplates } from './hostTemplates';
import { isCodeDocument } from '../platform/codeFiles';
import { chooseRunTarget, type RunTarget } from './runTargets';
import type { ServerDiagnostics } from './serverDiagnostics';
import { inert } from '../core/text/inert';
import type { RunPermit } from './runPermission';
import { caretAt } from '../platform/ranges';
import { setContextKey } from '../platform/contextKeys';
import type { RunProgress } from './runProgress';
import { gatherVariables, type VariablesSchema } from './runVariables';

export type { RunOutcome } from '../core/run/runRecord';

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

  /**
   * The Run Operation command. Undefined when the user cancelled (silently) or there is nothing to run.
   * @param permit what is asked before sending instead of the person's run's questions (a language-model
   * tool's run, confirmed in the chat before; never reachable through the command's arguments)
   */
  async run(arg?: unknown, permit?: RunControllerDeps['permit']): Promise<RunOutcome | undefined> {
    const args = normalizeArgs(arg);
    const prepared = await this.prepare(args, args.environment);
    if (!prepared || 'failure' in prepared) {
      return prepared?.failure;
    }
    // Unless another environment was named, the document's folder's environment (in a multi-root workspace folders may differ).
    const environment = prepared.chosen ?? this.deps.environmentFor?.(prepared.target.document.uri);
    const permitted = (await (permit ?? this.deps.permit)?.(prepared.target.op.type, prepared.label, environment)) ?? { go: true };
    if (!permitted.go) {
      // The person declined (nothing to say) or was told why.
      this.deps.logger.info(`[run] not run: ${permitted.failure?.kind ?? 'declined'}`);
      return permitted.failure && { runId: randomUUID(), errors: 0, durationMs: 0, failure: permitted.failure.kind, message: permitted.failure.message, diagnostics: 0 };
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

    const variables = await gatherVariables({ schema: this.deps.schema, logger: this.deps.logger }, document, op, label, args.variables, named);
    if (variables === undefined) {
      return undefined;
    }
    if ('problem' in variables) {
      return { failure: this.localFailure('invalidVariables', variables.problem.message, variables.problem.reveal) };
    }
    return { target, label, sentOperationName, variables: variables.values, chosen: named };
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
    // Where the answer's errors go back to (errorLocations.ts): the template (or the whole .graphql file) in its file.
    const place: SentPlace = { sent, doc: target.doc, host: target.host, fallback: target.nameRange };
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
      const diagnostics = errors.length > 0 ? this.deps.diagnostics.show(document.uri, place, errors) : 0;
      record = answeredRun(start, { ...result, environment: result.environment.name }, diagnostics);
      if (errors.length > 0) {
        const said =
          errors.length === 1
            ? vscode.l10n.t('$(error) {0}: the Service reported an error; see the Problems view', label)
            : vscode.l10n.t('$(error) {0}: the Service reported {1} errors; see the Problems view', label, errors.length);
        vscode.window.setStatusBarMessage(said, 8000);
      }
    } catch (err) {
      const durationMs = Date.now() - started;
      const failure = classifyRunError(err);
      if (failure.kind === 'cancelled') {
        this.deps.logger.info(`[run] ${label} on ${start.environment ?? '?'} -> cancelled after ${durationMs} ms`);
        return undefined;
      }
      const shown = presentFailure(failure, [{ uri: document.uri, operationName: op.name, variables }]);
      const diagnostics = 'graphqlErrors' in failure && failure.graphqlErrors ? this.deps.diagnostics.show(document.uri, place, failure.graphqlErrors) : 0;
      record = failedRun(start, failure, shown, durationMs, diagnostics);
      this.tell(shown.message, shown.actions);
    }
    if (target.embedded) {
      // The results panel reveals an error of a template at its place in the code file, not at the sent line and column.
      const errors = record.view.body?.errors;
      record = { ...record, view: { ...record.view, revealAt: errors ? revealTargets(place, errors) : [] } };
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
