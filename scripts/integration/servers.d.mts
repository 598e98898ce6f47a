/** Types of scripts/integration/servers.mjs for its unit tests. */
export function parseInteropLine(text: string): Record<string, unknown> | undefined;
