import type { SchemaCommand } from './schemaCommand';
import { explorerClearFilter, explorerFilter } from './explorerFilter';
import { explorerGoToDefinition } from './explorerGoToDefinition';
import { explorerInsertField } from './explorerInsertField';
import { openSchema } from './openSchema';
import { refreshSchema } from './refreshSchema';
import { showSchemaChanges } from './showSchemaChanges';

export type { SchemaCommand } from './schemaCommand';

/** The schema feature's commands, one file each. */
export const schemaCommands: readonly SchemaCommand[] = [
  refreshSchema,
  openSchema,
  explorerFilter,
  explorerClearFilter,
  explorerInsertField,
  explorerGoToDefinition,
  showSchemaChanges,
];
