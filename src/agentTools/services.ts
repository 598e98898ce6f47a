import type * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import type { Environment } from '../core/auth';
import type { Logger } from '../core/logger';
import type { LanguageDiagnostic } from '../core/language/types';
import type { RunOutcome } from '../core/run/runRecord';
import type { LocalFailureKind } from '../core/run/runRecord';
import type { SchemaSdlView } from '../core/schema/sdlView';
import type { FilterAnswer } from '../core/results/jsonFilter';

/** Whether a run may go ahead (the run feature's permit, asked before sending). */
export type ToolRunPermit = { readonly go: true } | { readonly go: false; readonly failure?: { readonly kind: LocalFailureKind; readonly message: string } };

/** What a tool run asks the run feature: the document (a URI of ours), the operation, the variables and the environment by name. */
export interface ToolRunRequest {
  readonly uri: vscode.Uri;
  readonly operationName?: string;
  readonly variables: Record<string, unknown>;
  readonly environment: string;
  readonly cancellation?: vscode.CancellationToken;
}

/**
 * What the language-model tools are built from, wired by the composition root: the settings and
 * environments (configuration and auth services), the schemas, and the language and run
 * features' parts (the editor's validation, the person's run path), as functions.
 */
export interface AgentToolsServices {
  readonly logger: Logger;
  /** `tenantGraphql.languageModelTools.enabled`. */
  enabled(): boolean;
  /** False in Restricted Mode. */
  trusted(): boolean;
  environments(): readonly Environment[];
  activeEnvironment(): Environment | undefined;
  /** Requests may go to this environment's server now (trusted, and a workspace's server allowed). */
  isAllowed(env: Environment): boolean;
  /** The display name of the account signed in to this environment's server, if any. */
  account(env: Environment): Promise<string | undefined>;
  /** The environment's schema: the loaded one, else a refresh's (undefined when it cannot be had now). */
  schemaOf(env: Environment, signal: AbortSignal): Promise<GraphQLSchema | undefined>;
  /** The printed SDL of a schema with its definitions' lines (printed once per schema). */
  sdlViewOf(schema: GraphQLSchema): SchemaSdlView;
  /** The editor's diagnostics of a text against a schema (undefined: too large to validate). */
  validate(text: string, schema: GraphQLSchema): LanguageDiagnostic[] | undefined;
  /** Runs through the person's run path (checks, session, results, History), with this permit instead of the person's questions. */
  run(
    request: ToolRunRequest,
    permit: (operationType: 'query' | 'mutation' | 'subscription', label: string, environment?: Environment) => Promise<ToolRunPermit>,
  ): Promise<RunOutcome | undefined>;
  /** A JSONPath over a run's answer, in the filter worker. */
  filter(runId: string, expression: string, text: () => string): Promise<FilterAnswer>;
}
