/** Types of scripts/integration/options.mjs for its unit tests. */
export const SUITES: readonly string[];
export interface RunnerOptions {
  readonly help: boolean;
  readonly suites: string[];
  readonly grep: string;
  readonly keepTemp: boolean;
  readonly verbose: boolean;
  readonly runnerTimeoutS: number;
  readonly showServerLog: boolean;
  readonly codeServer: { readonly entry: string | undefined; readonly node: string | undefined; readonly legacy: boolean };
  readonly bench: boolean;
  readonly benchProfile: string;
  readonly benchDetail: boolean;
  readonly screenshots: string | undefined;
}
export function helpText(): string;
export class UsageError extends Error {}
export function resolveOptions(args: readonly string[], env: Readonly<Record<string, string | undefined>>): { options: RunnerOptions; notes: string[] };
