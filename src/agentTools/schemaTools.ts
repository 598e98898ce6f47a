import * as vscode from 'vscode';
import { fitBlocks, fitText } from '../core/agentTools/budget';
import { describeType } from '../core/agentTools/describeType';
import { environmentsText, listEnvironments } from '../core/agentTools/environmentList';
import { searchExcerpts, searchSchema } from '../core/agentTools/schemaSearch';
import type { AgentToolsServices } from './services';
import { budgetOf, environmentAndSchema, isUnavailable, textResult, unavailable } from './toolContext';

/** Input of the search schema tool (package.json `languageModelTools`). */
export interface SearchSchemaInput {
  readonly query: string;
  readonly environment?: string;
}

/** Input of the describe type tool. */
export interface DescribeTypeInput {
  readonly name: string;
  readonly environment?: string;
}

/** Search schema: words in, SDL excerpts of the matching types, fields, arguments and enum values out. */
export function searchSchemaTool(services: AgentToolsServices): vscode.LanguageModelTool<SearchSchemaInput> {
  return {
    prepareInvocation: (options) => ({ invocationMessage: vscode.l10n.t('Searching the GraphQL schema for "{0}"', String(options.input.query ?? '')) }),
    invoke: async (options, token) => {
      const found = await environmentAndSchema(services, options.input.environment, token);
      if (isUnavailable(found)) {
        return unavailable(found);
      }
      const { env, schema } = found;
      const query = String(options.input.query ?? '');
      const matches = searchSchema(schema, query);
      if (matches.length === 0) {
        return textResult(`Nothing in the schema of ${env.name} matches "${query}". Try other words (type or field names, or words of their descriptions).`);
      }
      const blocks = searchExcerpts(services.sdlViewOf(schema), matches);
      const lead = `${matches.length} ${matches.length === 1 ? 'match' : 'matches'} in the schema of ${env.name} for "${query}", best first, as SDL excerpts:`;
      const body = fitBlocks(
        blocks,
        budgetOf(options) - lead.length - 1,
        '\n\n',
        (shown, total) => `[Cut: ${shown} of ${total} types shown. Search with more specific words, or describe one type.]`,
      );
      return textResult(`${lead}\n${body.text}`);
    },
  };
}

/** Describe type: a type's (or a member's) SDL with fields, arguments, descriptions and deprecations. */
export function describeTypeTool(services: AgentToolsServices): vscode.LanguageModelTool<DescribeTypeInput> {
  return {
    prepareInvocation: (options) => ({ invocationMessage: vscode.l10n.t('Reading the GraphQL type {0}', String(options.input.name ?? '')) }),
    invoke: async (options, token) => {
      const found = await environmentAndSchema(services, options.input.environment, token);
      if (isUnavailable(found)) {
        return unavailable(found);
      }
      const { env, schema } = found;
      const described = describeType(schema, services.sdlViewOf(schema), String(options.input.name ?? ''), env.name);
      if (!described.found) {
        return textResult(described.message);
      }
      const fitted = fitText(
        `From the schema of ${env.name}:\n${described.sdl}`,
        budgetOf(options),
        (shown, total) => `[Cut: ${shown} of ${total} characters shown. Describe one member (Type.field) for the rest.]`,
      );
      return textResult(fitted.text);
    },
  };
}

/** Environments: names, which is active, signed in or not; never a credential. */
export function environmentsTool(services: AgentToolsServices): vscode.LanguageModelTool<Record<string, never>> {
  return {
    prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Listing the Tenant GraphQL environments') }),
    invoke: async () => {
      if (!services.enabled()) {
        return unavailable({ kind: 'disabled' });
      }
      const active = services.activeEnvironment()?.name;
      const states = await Promise.all(
        services.environments().map(async (environment) => ({
          environment,
          active: environment.name === active,
          account: await services.account(environment),
          allowed: services.isAllowed(environment),
        })),
      );
      return textResult(environmentsText(listEnvironments(states), services.trusted()));
    },
  };
}
