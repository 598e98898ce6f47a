/** Types of scripts/thirdPartyNotices.mjs for the tests that use it. */
export interface PackageNotice {
  readonly name: string;
  readonly version: string;
  readonly license: string;
  readonly source: string | undefined;
  /** The package's `engines.node`, if it declares one. */
  readonly engines: string | undefined;
  readonly texts: readonly { readonly name: string; readonly text: string }[];
}
export function bundledPackages(inputs: readonly string[]): string[];
export function packageNotice(dir: string): PackageNotice;
export function noticesText(buildRoot: string): string;
