/** Types of scripts/integration/browserHarness.mjs for its unit tests. */
export function isAuthorizePage(url: string): boolean;
export function isInterstitial(url: string, codeServerBase: string): boolean;
export function authorizeRoutes(authUrl: string, codeServerBase: string): string[];
