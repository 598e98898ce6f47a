/**
 * A case conversion remembered per input, for the types worker's bundle: scripts/build.mjs gives
 * GraphQL Code Generator `change-case-all` with its `pascalCase` wrapped in this. Codegen names
 * every type it prints through `pascalCase` (its default naming convention), the same few hundred
 * names again and again (each part of each name, for every field of every operation): about 3%
 * of a first generation's CPU time on the types benchmark, each call running five regular
 * expressions. The conversion depends on its input alone; a call with options is not remembered.
 */
type Convert = (input: string, options?: unknown) => string;

/** How many inputs are kept (a workspace's names; cleared when full). */
const KEPT = 100_000;

/** `convert`, remembering its result per input. */
export function memoizedCase(convert: Convert): Convert {
  const known = new Map<string, string>();
  return (input, options) => {
    if (options !== undefined) {
      return convert(input, options);
    }
    let out = known.get(input);
    if (out === undefined) {
      out = convert(input);
      if (known.size >= KEPT) {
        known.clear();
      }
      known.set(input, out);
    }
    return out;
  };
}
