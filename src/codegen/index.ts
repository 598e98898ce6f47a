/**
 * The types feature: the schema on disk for other tools (`tenantGraphql.schema.writeTo`, Save
 * Schema As…), generated TypeScript types for the workspace's operations (`tenantGraphql.codegen`),
 * the types of an operation in its hover, and Copy TypeScript Types.
 *
 * Its hover and commands are registered at activation; its code (./typesOnDemand.ts) is in the
 * on-demand bundle, loaded when a folder has types settings (at start, or when they change), on
 * the first hover of a GraphQL document or template, or on the first types command (less to load at activation).
 */
import * as vscode from 'vscode';
import type { ConfigurationService } from '../services/config';
import type { Logger } from '../core/logger';
import { registerCommandsOnDemand } from '../platform/commands';
import { CODE_SELECTOR } from '../platform/codeFiles';
import type { Schemas } from '../services/schemas';
import type { TypesGenerationService, TypesLanguage } from './typesFeature';
import type { Refusal } from './writeTrust';

export type { TypesLanguage } from './typesFeature';

/** True in the development build only (scripts/build.mjs): the integration tests' hooks are not shipped. */
declare const __TEST_API__: boolean;

/** The types feature's code, from the on-demand bundle. */
export type TypesCode = typeof import('./typesOnDemand');

/** The types feature's commands (package.json `contributes.commands`): registered at activation, their code loaded on the first call. */
export const TYPES_COMMAND_IDS: readonly string[] = ['tenantGraphql.saveSchemaAs', 'tenantGraphql.copyTypescriptTypes'];

/** What the extension's tests reach of the types feature. */
export interface TypesTestApi {
  /** Fires after each generation, with what it did (subscribing loads the feature's code). */
  readonly onDidGenerate: TypesGenerationService['onDidGenerate'];
  problemsOf(uri: vscode.Uri): readonly vscode.Diagnostic[];
  /** The latest writes refused in Restricted Mode: what, and the reason given. */
  refusals(): readonly Refusal[];
}

/** The types feature (see the module comment). */
export class TypesFeature implements vscode.Disposable {
  private loaded: TypesGenerationService | undefined;
  private started = false;
  private readonly disposables: vscode.Disposable;

  /** What the integration tests reach: set in the development build only (`__TEST_API__`, scripts/build.mjs). */
  declare readonly testApi: TypesTestApi | undefined;

  constructor(
    private readonly deps: {
      context: vscode.ExtensionContext;
      config: ConfigurationService;
      schemas: Schemas;
      language: TypesLanguage;
      logger: Logger;
      /** The feature's code (the on-demand bundle). */
      load: () => TypesCode;
    },
  ) {
    const { logger, schemas, load } = deps;
    this.disposables = vscode.Disposable.from(
      vscode.languages.registerHoverProvider([{ language: 'graphql' }, ...CODE_SELECTOR], {
        provideHover: (document, position) => load().typesHover(this.service(), document, position, logger),
      }),
      registerCommandsOnDemand(TYPES_COMMAND_IDS, () => ({ commands: load().typesCommands, services: { logger, schemas, types: this.service() } }), logger, 'types'),
      // Types turned on (or settings with a problem to tell) after the start: the code is loaded, and starts as at activation.
      deps.config.onDidChangeFolderTypes(() => {
        if (this.started && !this.loaded && this.anyFolderSettings()) {
          this.service();
        }
      }),
      // Trusted now: the workspace's own types settings apply from now on (Restricted Mode withholds them).
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        if (this.started && !this.loaded && this.anyFolderSettings()) {
          this.service();
        }
      }),
      { dispose: () => this.loaded?.dispose() },
    );
    if (__TEST_API__) {
      this.testApi = {
        onDidGenerate: (listener, thisArgs, disposables) => this.service().onDidGenerate(listener, thisArgs, disposables),
        problemsOf: (uri) => this.loaded?.problemsOf(uri) ?? [],
        refusals: () => this.loaded?.trust.refusals ?? [],
      };
    }
  }

  /** Writes the schema files and generates the types that are turned on (once the workspace index is built). */
  start(): void {
    this.started = true;
    if (this.loaded) {
      this.loaded.start();
    } else if (this.anyFolderSettings()) {
      this.service();
    }
  }

  dispose(): void {
    this.disposables.dispose();
  }

  /** The generation service, made (and the feature's code loaded) on first use. */
  private service(): TypesGenerationService {
    if (!this.loaded) {
      const { context, config, schemas, language, logger, load } = this.deps;
      this.loaded = new (load().TypesGenerationService)(context, config, schemas, language, logger);
      // Made after the start (the workspace index is built): it follows the settings from now on.
      // Made before it (a hover while the index is built), start() starts it.
      if (this.started) {
        this.loaded.start();
      }
    }
    return this.loaded;
  }

  /** Whether a folder sets anything of the types feature, or has settings of it with a problem (the service tells them). */
  private anyFolderSettings(): boolean {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((folder) => folder.uri.scheme === 'file')
      .some((folder) => {
        const settings = this.deps.config.folderTypes(folder);
        return settings.problems.length > 0 || settings.schemaWriteTo !== undefined || settings.codegen !== undefined;
      });
  }
}
