import * as vscode from 'vscode';
import { registerCommands } from '../platform/commands';
import { AgentDocuments } from './agentDocuments';
import { openAgentOperation } from './commands/openAgentOperation';
import { runOperationTool, validateOperationTool } from './operationTools';
import { describeTypeTool, environmentsTool, searchSchemaTool } from './schemaTools';
import type { AgentToolsServices } from './services';

export type { AgentToolsServices } from './services';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** The tools' names, as package.json `contributes.languageModelTools` declares them. */
export const AGENT_TOOL_NAMES = [
  'tenantGraphql_searchSchema',
  'tenantGraphql_describeType',
  'tenantGraphql_validateOperation',
  'tenantGraphql_runOperation',
  'tenantGraphql_environments',
] as const;

type ToolName = (typeof AGENT_TOOL_NAMES)[number];

/** What the integration tests reach of the tools (never a command). */
export interface AgentToolsTestApi {
  /** The tool's prepareInvocation (what VS Code asks before invoking; with a confirmation, the chat asks the person). */
  prepare(name: string, input: object): Promise<vscode.PreparedToolInvocation | null | undefined>;
  /** The tool's invoke, as VS Code calls it once the person confirmed. */
  invoke(name: string, input: object): Promise<vscode.LanguageModelToolResult | null | undefined>;
}

/**
 * The language-model tools: search schema, describe type, validate operation, run operation and
 * environments, for agents in the chat (`vscode.lm.registerTool`), on the person's own session and
 * guards; and the command that opens an agent's operation in an editor.
 */
export class AgentToolsFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: AgentToolsTestApi | undefined;

  constructor(services: AgentToolsServices) {
    const documents = new AgentDocuments();
    const tools: Record<ToolName, vscode.LanguageModelTool<never>> = {
      tenantGraphql_searchSchema: searchSchemaTool(services),
      tenantGraphql_describeType: describeTypeTool(services),
      tenantGraphql_validateOperation: validateOperationTool(services, documents),
      tenantGraphql_runOperation: runOperationTool(services, documents),
      tenantGraphql_environments: environmentsTool(services),
    };
    // A VS Code without the language-model API (a build with chat removed) still gets the rest of the extension.
    const registrations = typeof vscode.lm?.registerTool === 'function' ? AGENT_TOOL_NAMES.map((name) => vscode.lm.registerTool(name, tools[name])) : [];
    if (registrations.length === 0) {
      services.logger.info('[tools] this VS Code has no language-model tools API: the tools are not registered');
    }
    this.disposables = vscode.Disposable.from(documents, ...registrations, registerCommands([openAgentOperation], { documents }, services.logger, 'tools'));
    if (__TEST_API__) {
      const none = new vscode.CancellationTokenSource().token;
      const tool = (name: string) => {
        const found = tools[name as ToolName] as vscode.LanguageModelTool<object> | undefined;
        if (!found) {
          throw new Error(`no tool named ${name}`);
        }
        return found;
      };
      this.testApi = {
        prepare: async (name, input) => tool(name).prepareInvocation?.({ input }, none),
        invoke: async (name, input) => tool(name).invoke({ input, toolInvocationToken: undefined }, none),
      };
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
