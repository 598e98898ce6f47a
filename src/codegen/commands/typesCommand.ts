import type { Command } from '../../platform/commands';
import type { Logger } from '../../core/logger';
import type { Schemas } from '../../services/schemas';
import type { TypesGenerationService } from '../typesFeature';

/** What the types feature's command handlers may use. */
export interface TypesCommandServices {
  readonly logger: Logger;
  readonly schemas: Schemas;
  readonly types: TypesGenerationService;
}

/** One command of the types feature. */
export type TypesCommand = Command<TypesCommandServices>;
