/** Types of scripts/integration/serviceWorkerProbes.mjs for its unit tests. */
export function watchIsOver(state: string | undefined): boolean;
