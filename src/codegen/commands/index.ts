import { copyTypescriptTypes } from './copyTypescriptTypes';
import { saveSchemaAs } from './saveSchemaAs';
import type { TypesCommand } from './typesCommand';

/** The types feature's commands, one file each. */
export const typesCommands: readonly TypesCommand[] = [saveSchemaAs, copyTypescriptTypes];
