import type { Command } from '../../platform/commands';
import type { Schemas } from '../../schema';
import type { ReferenceService } from '../references';

/** What the language feature's command handlers may use. */
export interface LanguageCommandServices {
  readonly references: ReferenceService;
  readonly schemas: Schemas;
}

/** One command of the language feature. */
export type LanguageCommand = Command<LanguageCommandServices>;
