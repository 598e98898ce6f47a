/** Types of scripts/integration/faultInjection.mjs for its unit tests. */
export function takeFault(counts: { serviceWorkerFaults: number; webviewHostHangs: number }): 'fail' | 'hang' | undefined;
