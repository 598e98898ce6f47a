/**
 * The types feature: the schema on disk for other tools (`tenantGraphql.schema.writeTo`, Save
 * Schema As…), generated TypeScript types for the workspace's operations (`tenantGraphql.codegen`),
 * the types of an operation in its hover, and Copy TypeScript Types.
 */
import * as vscode from 'vscode';
import type { ConfigurationService } from '../services/config';
import type { Logger } from '../core/logger';
import { registerCommands } from '../platform/commands';
import type { Schemas } from '../services/schemas';
import { typesCommands } from './commands';
import { TypesGenerationService, type TypesLanguage } from './typesFeature';
import { registerTypesHover } from './typesHover';

export type { TypesLanguage } from './typesFeature';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** What the extension's tests reach of the types feature. */
export interface TypesTestApi {
  /** Fires after each generation, with what it did. */
  readonly onDidGenerate: TypesGenerationService['onDidGenerate'];
  problemsOf(uri: vscode.Uri): readonly vscode.Diagnostic[];
}

/** The types feature (see the module comment). */
export class TypesFeature implements vscode.Disposable {
  private readonly service: TypesGenerationService;
  private readonly disposables: vscode.Disposable;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: TypesTestApi | undefined;

  constructor(deps: { context: vscode.ExtensionContext; config: ConfigurationService; schemas: Schemas; language: TypesLanguage; logger: Logger }) {
    this.service = new TypesGenerationService(deps.context, deps.config, deps.schemas, deps.language, deps.logger);
    this.disposables = vscode.Disposable.from(
      registerTypesHover(this.service, deps.logger),
      registerCommands(typesCommands, { logger: deps.logger, schemas: deps.schemas, types: this.service }, deps.logger, 'types'),
      this.service,
    );
    if (__TEST_API__) {
      this.testApi = { onDidGenerate: this.service.onDidGenerate, problemsOf: (uri) => this.service.problemsOf(uri) };
    }
  }

  /** Writes the schema files and generates the types that are turned on (once the workspace index is built). */
  start(): void {
    this.service.start();
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
