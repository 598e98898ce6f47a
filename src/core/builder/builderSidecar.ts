/**
 * The variables file's share of a tick: the variables the builder declared, with placeholders,
 * added to the operation's entry; a value the person already wrote is never replaced.
 */
import { parseSidecar, saveAnswers, variablesFromSidecar } from '../run/variablesFile';
import type { NewVariable } from './builderVariables';

/**
 * The new text of a variables file with the placeholders of `variables` added under the
 * operation; undefined when there is nothing to add. Throws SidecarError when the file is not a
 * valid variables file (nothing is merged into it).
 */
export function sidecarWithPlaceholders(sidecarText: string | undefined, operationName: string | undefined, variables: readonly NewVariable[]): string | undefined {
  let existing: Record<string, unknown> = {};
  if (sidecarText !== undefined && sidecarText.trim() !== '') {
    const parsed = parseSidecar(sidecarText);
    if (!parsed.ok) {
      throw parsed.error;
    }
    existing = variablesFromSidecar(parsed.sidecar, operationName);
  }
  const values: Record<string, unknown> = {};
  for (const v of variables) {
    if (!Object.prototype.hasOwnProperty.call(existing, v.name)) {
      values[v.name] = v.placeholder;
    }
  }
  return Object.keys(values).length > 0 ? saveAnswers(sidecarText, operationName, values) : undefined;
}
