import type { Command } from '../../platform/commands';
import type { Logger } from '../../core/logger';
import type { Schemas } from '../../services/schemas';
import type { CodeFileSettings } from '../../services/config';
import type { ReferenceService } from '../references';
import type { WorkspaceDiagnostics } from '../workspaceDiagnostics';
import type { GraphqlCodeActions } from '../codeActions';
import type { FormatCode } from '../formatting';

/** What the language feature's command handlers may use. */
export interface LanguageCommandServices {
  readonly logger: Logger;
  readonly references: ReferenceService;
  readonly schemas: Schemas;
  readonly workspaceDiagnostics: WorkspaceDiagnostics;
  readonly codeActions: GraphqlCodeActions;
  /** `tenantGraphql.embedded.*` and `tenantGraphql.codeLens.*`, read through the configuration service. */
  readonly codeFiles: CodeFileSettings;
  /** The formatting code, loaded on first use (the on-demand bundle). */
  readonly formatCode: () => FormatCode;
}

/** One command of the language feature. */
export type LanguageCommand = Command<LanguageCommandServices>;
