import type { Command } from '../../platform/commands';
import type { Logger } from '../../core/logger';
import type { WorkspaceDiagnostics } from '../workspaceDiagnostics';

/** What the language feature's command handlers may use. */
export interface LanguageCommandServices {
  readonly logger: Logger;
  readonly workspaceDiagnostics: WorkspaceDiagnostics;
}

/** One command of the language feature. */
export type LanguageCommand = Command<LanguageCommandServices>;
