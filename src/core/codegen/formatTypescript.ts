/**
 * Generated TypeScript formatted with prettier (its defaults, as `prettier --write` formats a
 * `.ts` file with no configuration), so that the files read well and stay the same for the same
 * input. Runs in the types worker, which bundles prettier's printer. The parser is `babel-ts`, a
 * third of the size of prettier's `typescript` parser and faster, with the same output on the
 * declarations codegen writes (the tests compare with `prettier` on `.ts` files, which uses
 * `typescript`).
 */
import * as prettier from 'prettier/standalone';
import * as estree from 'prettier/plugins/estree';
import * as babel from 'prettier/plugins/babel';

/** `text` formatted as prettier formats a `.ts` file. */
export function formatTypescript(text: string): Promise<string> {
  return prettier.format(text, { parser: 'babel-ts', plugins: [babel, estree] });
}
