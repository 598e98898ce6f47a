import type * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { SchemaService } from '../../schema/schemaService';
import type { SchemaExplorer } from '../../schema/explorer';
import type { LanguageHost } from '../languageHost';

/** What the language feature's command handlers may use. */
export interface LanguageCommandServices {
  readonly logger: Logger;
  readonly schemas: SchemaService;
  readonly host: LanguageHost;
  readonly explorer: SchemaExplorer;
  readonly explorerView: vscode.TreeView<unknown>;
  /** Counts refreshes a person started, so background failure notices do not repeat their message. */
  readonly interactive: { refreshes: number };
}

/** One command of the language feature (id as in package.json `contributes.commands`). */
export interface LanguageCommand {
  readonly id: string;
  run(services: LanguageCommandServices, ...args: unknown[]): unknown;
}
