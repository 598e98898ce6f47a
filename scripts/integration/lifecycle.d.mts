/** Types of scripts/integration/lifecycle.mjs for its unit tests. */
export function log(msg: string): void;
export function createCleanups(): { add(fn: () => unknown): void; run(): Promise<void> };
