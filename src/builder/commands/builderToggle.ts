import { asBuilderPath } from '../builderArgs';
import { pathKey } from '../../core/builder/builderPath';
import type { BuilderCommand } from './builderCommand';

/**
 * Tenant GraphQL: Tick or Untick in the Operation Builder. Takes a tree node (from its menu) or
 * `{ path, checked }` (`path`: `{ root, steps }`); without `checked` it flips the box. Resolves to the
 * keys of the ticked paths after the change.
 */
export const builderToggle: BuilderCommand = {
  id: 'tenantGraphql.builder.toggle',
  run: ({ feature }, arg): Promise<string[]> | undefined => {
    const a = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
    const path = asBuilderPath(a.path);
    if (!path) {
      return undefined;
    }
    const checked = typeof a.checked === 'boolean' ? a.checked : !feature.ticked().includes(pathKey(path));
    return feature.toggle(path, checked);
  },
};

/** Tenant GraphQL: New Query Here: a new named operation selecting this root field (nothing runs). */
export const builderNewOperation: BuilderCommand = {
  id: 'tenantGraphql.builder.newOperation',
  run: ({ feature }, arg): Promise<string[]> | undefined => {
    const path = asBuilderPath(typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>).path : undefined);
    return path && path.steps.length > 0 ? feature.toggle(path, true, true) : undefined;
  },
};
