/** Types of scripts/integration/testOutput.mjs for its unit tests. */
export const TEST_OUTPUT_MARKER: string;
export const HARNESS_MARKER: string;
export function classifyLine(
  line: string,
): { kind: 'harness'; instruction: Record<string, unknown> } | { kind: 'test'; text: string; inDocument: boolean } | { kind: 'console'; text: string };
export function workbenchUrl(base: string, folders: { workspace: string; multiRoot: string | undefined }, payload: unknown): string;
export function testPayload(root: string, extensionEnvironment: Record<string, string>): [string, string][];
