import type * as vscode from 'vscode';
import type { Command } from '../../platform/commands';
import type { Logger } from '../../core/logger';
import type { SchemaExplorer } from '../explorer';
import type { Schemas } from '../../services/schemas';
import type { SchemaChanges } from '../schemaChanges';

/** What the schema feature's command handlers may use. */
export interface SchemaCommandServices {
  readonly logger: Logger;
  readonly schemas: Schemas;
  readonly explorer: SchemaExplorer;
  readonly explorerView: vscode.TreeView<unknown>;
  readonly changes: SchemaChanges;
}

/** One command of the schema feature. */
export type SchemaCommand = Command<SchemaCommandServices>;
