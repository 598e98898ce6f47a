import { extractFragment } from './extractFragment';
import { findUsages } from './findUsages';
import { formatTemplates } from './formatTemplates';
import type { LanguageCommand } from './languageCommand';
import { showDeprecationReason } from './showDeprecationReason';
import { validateWorkspace } from './validateWorkspace';

export type { LanguageCommand } from './languageCommand';

/** The language feature's commands, one file each. */
export const languageCommands: readonly LanguageCommand[] = [findUsages, validateWorkspace, formatTemplates, extractFragment, showDeprecationReason];
