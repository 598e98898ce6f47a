import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import type { Environment } from '../core/auth';
import { errorMessage } from '../core/errors';
import { budgetChars } from '../core/agentTools/budget';
import { unavailableSentence, type ToolUnavailable } from '../core/agentTools/toolStates';
import type { AgentToolsServices } from './services';

/** A tool's answer: one text part for the model. */
export function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** The character budget of an invocation (from the caller's token budget, when it gives one). */
export function budgetOf(options: vscode.LanguageModelToolInvocationOptions<unknown>): number {
  return budgetChars(options.tokenizationOptions?.tokenBudget);
}

/** A state in which the tool cannot be used, as its answer. */
export function unavailable(state: ToolUnavailable): vscode.LanguageModelToolResult {
  return textResult(unavailableSentence(state));
}

/** An abort signal that follows a cancellation token (disposed with the returned function). */
export function signalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const sub = token.onCancellationRequested(() => controller.abort());
  if (token.isCancellationRequested) {
    controller.abort();
  }
  return { signal: controller.signal, dispose: () => sub.dispose() };
}

/**
 * The environment a tool works on: the one named, else the active one; or why there is none. The
 * tools' off switch is checked first.
 */
export function environmentFor(services: AgentToolsServices, name: string | undefined): Environment | ToolUnavailable {
  if (!services.enabled()) {
    return { kind: 'disabled' };
  }
  if (name !== undefined && name.trim() !== '') {
    const named = services.environments().find((e) => e.name === name);
    return named ?? { kind: 'unknownEnvironment', name, known: services.environments().map((e) => e.name) };
  }
  return services.activeEnvironment() ?? { kind: 'noEnvironment' };
}

/** The environment's schema, or why there is none (no schema loaded, nobody signed in). */
export async function schemaFor(services: AgentToolsServices, env: Environment, token: vscode.CancellationToken): Promise<GraphQLSchema | ToolUnavailable> {
  const { signal, dispose } = signalOf(token);
  try {
    const schema = await services.schemaOf(env, signal);
    if (schema) {
      return schema;
    }
  } catch (err) {
    services.logger.info(`[tools] the schema of ${env.name} could not be had: ${errorMessage(err)}`);
  } finally {
    dispose();
  }
  return { kind: 'noSchema', environment: env.name, signedIn: (await services.account(env)) !== undefined };
}

/** The named (or active) environment and its schema, or why the tool cannot answer. */
export async function environmentAndSchema(
  services: AgentToolsServices,
  name: string | undefined,
  token: vscode.CancellationToken,
): Promise<{ readonly env: Environment; readonly schema: GraphQLSchema } | ToolUnavailable> {
  const env = environmentFor(services, name);
  if (isUnavailable(env)) {
    return env;
  }
  const schema = await schemaFor(services, env, token);
  return isUnavailable(schema) ? schema : { env, schema };
}

/** Whether a value is one of the unavailable states (not an environment or schema). */
export function isUnavailable(x: unknown): x is ToolUnavailable {
  return typeof x === 'object' && x !== null && 'kind' in x && !('baseUrl' in x) && !('getTypeMap' in x);
}
