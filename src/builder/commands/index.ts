import type { BuilderCommand } from './builderCommand';
import { builderClearSearch, builderHideDeprecated, builderSearch, builderShowDeprecated } from './builderSearch';
import { builderNewOperation, builderToggle } from './builderToggle';

/** The builder feature's commands. */
export const builderCommands: readonly BuilderCommand[] = [builderToggle, builderNewOperation, builderSearch, builderClearSearch, builderHideDeprecated, builderShowDeprecated];
