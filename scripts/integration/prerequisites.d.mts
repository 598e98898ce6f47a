/** Types of scripts/integration/prerequisites.mjs for its unit tests. */
export const RUN_FOLDERS: readonly string[];
export const BUILD_OUTPUTS: readonly string[];
export function chooseCodeServer(
  flags: { entry: string | undefined; node: string | undefined },
  installed: { codeServerEntry: string; node24: string },
): { entry: string; node: string };
