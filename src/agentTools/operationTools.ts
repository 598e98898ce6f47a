import * as vscode from 'vscode';
import { parseDocument } from '../core/run/operations';
import { checkVariables } from '../core/run/variables';
import { serverHost, type Environment } from '../core/auth';
import { inert } from '../core/text/inert';
import { MAX_DOCUMENT_CHARS } from '../core/text/limits';
import { codeBlock, diagnosticsText, pickOperation, runAnswerText, toolDiagnostics } from '../core/agentTools/operationText';
import type { AgentDocuments } from './agentDocuments';
import type { AgentToolsServices, ToolRunPermit } from './services';
import { budgetOf, environmentFor, isUnavailable, schemaFor, textResult, unavailable } from './toolContext';
import { answerOf } from './runAnswer';

/** Input of the validate operation tool. */
export interface ValidateInput {
  readonly document: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
  readonly environment?: string;
}

/** Input of the run operation tool. */
export interface RunInput {
  readonly document: string;
  readonly operationName?: string;
  readonly variables?: Record<string, unknown>;
  readonly jsonPath?: string;
}

/** What the validate and run tools add at the end: the person's one action to see the operation. */
const OPEN_HINT = 'The person can open this operation in an editor with "Tenant GraphQL: Open the Agent\'s Operation".';

function variablesOf(input: { readonly variables?: unknown }): Record<string, unknown> {
  const v = input.variables;
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Validate operation: the editor's diagnostics of a document (and the variables' problems), with positions and suggestions. */
export function validateOperationTool(services: AgentToolsServices, documents: AgentDocuments): vscode.LanguageModelTool<ValidateInput> {
  return {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Checking a GraphQL operation against the schema') }),
    invoke: async (options, token) => {
      const env = environmentFor(services, options.input.environment);
      if (isUnavailable(env)) {
        return unavailable(env);
      }
      const text = String(options.input.document ?? '');
      if (text.length > MAX_DOCUMENT_CHARS) {
        return unavailable({ kind: 'tooLarge', limit: MAX_DOCUMENT_CHARS });
      }
      const schema = await schemaFor(services, env, token);
      if (isUnavailable(schema)) {
        return unavailable(schema);
      }
      const variables = variablesOf(options.input);
      documents.remember({ text, variables });
      const diagnostics = toolDiagnostics(services.validate(text, schema) ?? []);
      const parts = [diagnosticsText(diagnostics, env.name, budgetOf(options))];
      if (options.input.variables !== undefined) {
        const picked = pickOperation(text, options.input.operationName, variables);
        const node = picked.ok ? parseDocument(text).operations.find((o) => o.name === picked.name)?.node : undefined;
        const problems = node ? checkVariables(schema, node, variables) : [];
        parts.push(problems.length > 0 ? `Problems of the variables: ${problems.join(' ')}` : picked.ok ? 'The variables fit the operation.' : picked.message);
      }
      parts.push(OPEN_HINT);
      return textResult(parts.join('\n'));
    },
  };
}

/** Run operation: the person's run path on the active environment; a mutation is confirmed in the chat first. */
export function runOperationTool(services: AgentToolsServices, documents: AgentDocuments): vscode.LanguageModelTool<RunInput> {
  return {
    prepareInvocation: (options) => {
      const env = services.activeEnvironment();
      const text = String(options.input.document ?? '');
      const picked = pickOperation(text, options.input.operationName, variablesOf(options.input));
      const label = picked.ok ? (picked.name ?? vscode.l10n.t('anonymous {0}', picked.type)) : vscode.l10n.t('an operation');
      const where = env ? inert(env.name, { sink: 'notification' }) : vscode.l10n.t('no environment');
      // A mutation an agent wrote always asks (even where the person's own runs do not); a read-only environment refuses it without asking.
      if (picked.ok && picked.type === 'mutation' && env && !env.readOnly && services.enabled()) {
        const variables =
          options.input.variables !== undefined ? `\n\n${vscode.l10n.t('Variables:')}\n\n${codeBlock(JSON.stringify(options.input.variables, null, 2), 'json')}` : '';
        return {
          invocationMessage: vscode.l10n.t('Running mutation {0} on {1}', label, where),
          confirmationMessages: {
            title: vscode.l10n.t('Run mutation {0} on {1}?', label, where),
            message: new vscode.MarkdownString(
              `${inert(vscode.l10n.t('An agent asks to run this mutation on {0} ({1}) with your session. A mutation changes data.', env.name, serverHost(env.baseUrl)), { sink: 'markdownDoc' })}\n\n${codeBlock(text, 'graphql')}${variables}`,
            ),
          },
        };
      }
      return { invocationMessage: vscode.l10n.t('Running {0} on {1}', label, where) };
    },
    invoke: async (options, token) => {
      const env = environmentFor(services, undefined);
      // Restricted Mode first: there, the workspace's environments are not even listed.
      if (services.enabled() && !services.trusted()) {
        return unavailable({ kind: 'restricted' });
      }
      if (isUnavailable(env)) {
        return unavailable(env);
      }
      if (!services.isAllowed(env)) {
        return unavailable({ kind: 'notAllowed', environment: env.name });
      }
      if ((await services.account(env)) === undefined) {
        return unavailable({ kind: 'signedOut', environment: env.name });
      }
      const text = String(options.input.document ?? '');
      if (text.length > MAX_DOCUMENT_CHARS) {
        return unavailable({ kind: 'tooLarge', limit: MAX_DOCUMENT_CHARS });
      }
      const variables = variablesOf(options.input);
      const picked = pickOperation(text, options.input.operationName, variables);
      if (!picked.ok) {
        return textResult(`${picked.message} Nothing was sent.`);
      }
      const label = picked.name ?? `the anonymous ${picked.type}`;
      if (picked.missingVariables.length > 0) {
        return unavailable({ kind: 'missingVariables', operation: label, names: picked.missingVariables });
      }
      if (picked.type === 'mutation' && env.readOnly) {
        return unavailable({ kind: 'readOnly', environment: env.name, operation: label });
      }
      const uri = documents.add({ text, variables }, picked.name ?? picked.type);
      const outcome = await services.run({ uri, operationName: picked.name, variables, environment: env.name, cancellation: token }, (type, _label, target) =>
        Promise.resolve(toolPermit(services, type, target ?? env)),
      );
      const answer = await answerOf(services, env.name, label, outcome, options.input.jsonPath);
      return textResult(`${runAnswerText(answer, budgetOf(options) - OPEN_HINT.length - 1)}\n${OPEN_HINT}`);
    },
  };
}

/**
 * Asked by the run path just before sending a tool's run: the guards of the person's run without
 * its questions (the chat asked about a mutation already): Restricted Mode and a workspace's
 * server not allowed send nothing, a read-only environment refuses a mutation.
 */
function toolPermit(services: AgentToolsServices, type: 'query' | 'mutation' | 'subscription', env: Environment): ToolRunPermit {
  if (!services.trusted()) {
    return { go: false, failure: { kind: 'restricted', message: 'Running operations is not available in Restricted Mode.' } };
  }
  if (!services.isAllowed(env)) {
    return { go: false, failure: { kind: 'notApproved', message: `The server of "${env.name}" has not been allowed in this workspace.` } };
  }
  if (type === 'mutation' && env.readOnly) {
    return { go: false, failure: { kind: 'readOnly', message: `Mutations are refused on "${env.name}": it is marked read-only.` } };
  }
  return { go: true };
}
