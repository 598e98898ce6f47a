import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, validate } from 'graphql';
import { builderChildren } from '../../../../src/core/builder/builderTree';
import { builderState } from '../../../../src/core/builder/builderState';
import { pathKey, type BuilderPath } from '../../../../src/core/builder/builderPath';
import { toggleBuilderPath } from '../../../../src/core/builder/builderEdits';
import { applyBuilderEdits } from './builderFixture';
import { SCHEMA } from './builderFixture';

/** A path of the tree picked by a list of choices (each one picks a child, modulo their number). */
function pathFrom(rootChoice: number, choices: readonly number[]): BuilderPath {
  let path: BuilderPath = { root: rootChoice % 2 === 0 ? 'query' : 'mutation', steps: [] };
  for (const c of choices) {
    const children = builderChildren(SCHEMA, path, { showDeprecated: true });
    if (children.length === 0) {
      break;
    }
    path = children[c % children.length].path;
  }
  return path;
}

const START = ['', '# my queries\nquery Mine {\n  me {\n    id # kept\n  }\n}\n', 'query Q($id: ID!) {\n  task(id: $id) {\n    name\n  }\n}\n\nfragment F on User {\n  login\n}\n'];

describe('core/builder: property: any sequence of ticks and unticks leaves a document that parses and validates', () => {
  it('random tick/untick sequences (fixed seed of the suite)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: START.length - 1 }),
        fc.array(fc.record({ checked: fc.boolean(), root: fc.nat(), choices: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }) }), { minLength: 1, maxLength: 10 }),
        (start, actions) => {
          let text = START[start];
          for (const a of actions) {
            const path = pathFrom(a.root, a.choices);
            if (path.steps.length === 0) {
              continue;
            }
            const change = toggleBuilderPath({ text, offset: 0, schema: SCHEMA, path, checked: a.checked });
            text = applyBuilderEdits(text, change.edits);
            if (text.trim() === '') {
              continue;
            }
            const errors = validate(SCHEMA, parse(text)).filter((e) => !/Fragment "F" is never used/.test(e.message));
            assert.deepEqual(
              errors.map((e) => e.message),
              [],
              text,
            );
            if (a.checked && change.edits.length > 0 && change.cursor === undefined) {
              assert.ok(builderState(text, 0).ticked.has(pathKey(path)), `${pathKey(path)} ticked in\n${text}`);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
