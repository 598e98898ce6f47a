import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, validate } from 'graphql';
import { builderChildren } from '../../../../src/core/builder/builderTree';
import { builderState } from '../../../../src/core/builder/builderState';
import { pathKey, type BuilderPath, type BuilderStep } from '../../../../src/core/builder/builderPath';
import { isRequiredAt, toggleBuilderPath } from '../../../../src/core/builder/builderEdits';
import { formatBuilderChange } from '../../../../src/core/builder/builderFormat';
import { formatText } from '../../../../src/core/format/formatGraphql';
import { applyBuilderEdits, SCHEMA } from './builderFixture';

/**
 * A path of the tree picked by a list of choices (each one picks a child, modulo their number).
 * Every kind of node is reached: fields, inline fragments of the union and the interface,
 * arguments (required ones too), input-object fields (nested, required ones too) and enum values.
 */
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

/**
 * Starting documents, each as our formatter writes it and valid: a blank file, comments, a fragment
 * spread by two operations, a mutation with input objects. A sequence works in one operation (and
 * the new ones it writes), so the fragment stays spread by the other: an untick that takes a
 * fragment's last spread keeps the fragment, which the document then reports unused (the one
 * exception to "validates", tested apart in builderEdits.test.ts).
 */
const START = [
  '',
  '# my queries\nquery Mine {\n  me {\n    id # kept\n  }\n}\n',
  'query Q($id: ID!) {\n  task(id: $id) {\n    name\n  }\n  me {\n    ...F\n  }\n}\n\nquery R {\n  me {\n    ...F\n  }\n}\n\nfragment F on User {\n  login\n}\n',
  'mutation M($id: ID!, $name: String) {\n  updateTask(id: $id, patch: { name: $name, status: DONE }) {\n    id\n  }\n  plan(input: { window: { state: OPEN } }) {\n    __typename\n  }\n}\n',
];
const FORMAT = { tabSize: 2, insertSpaces: true };

const kinds = (p: BuilderPath) => new Set(p.steps.map((s: BuilderStep) => s.kind));

describe('core/builder: property: any sequence of ticks and unticks leaves a document that parses and validates', () => {
  it('the starting documents are valid and formatted (so a failure below is the builder’s)', async () => {
    for (const text of START.filter((t) => t !== '')) {
      assert.deepEqual(
        validate(SCHEMA, parse(text)).map((e) => e.message),
        [],
      );
      assert.equal(await formatText(text, FORMAT), text);
    }
  });

  it('the paths it picks reach every kind of node, required arguments and input fields too', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (root, choices) => {
        const p = pathFrom(root, choices);
        kinds(p).forEach((k) => seen.add(k));
        if (isRequiredAt(SCHEMA, p)) {
          seen.add(p.steps[p.steps.length - 1].kind === 'argument' ? 'required argument' : 'required input field');
        }
      }),
      { numRuns: 1000 },
    );
    assert.deepEqual([...seen].sort(), ['argument', 'enumValue', 'field', 'fragment', 'inputField', 'required argument', 'required input field']);
  });

  it('random tick/untick sequences, formatted as the editor writes them (fixed seed of the suite)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: START.length - 1 }),
        fc.nat(),
        fc.array(fc.record({ checked: fc.boolean(), root: fc.nat(), choices: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }) }), { minLength: 1, maxLength: 12 }),
        async (start, opChoice, actions) => {
          let text = START[start];
          // The cursor starts at one of the operations, and moves into a new one as the editor's does.
          const ops = text === '' ? [] : parse(text).definitions.filter((d) => d.kind === 'OperationDefinition');
          let offset = ops.length > 0 ? ops[opChoice % ops.length].loc!.start : 0;
          for (const a of actions) {
            const path = pathFrom(a.root, a.choices);
            if (path.steps.length === 0) {
              continue;
            }
            const written = toggleBuilderPath({ text, offset, schema: SCHEMA, path, checked: a.checked });
            const change = await formatBuilderChange(text, written);
            text = applyBuilderEdits(text, change.edits);
            offset = change.cursor ?? offset;
            if (text.trim() === '') {
              // Only an untick in a blank file leaves it blank (an empty document, nothing to validate).
              assert.equal(text, START[start]);
              continue;
            }
            const step = `${a.checked ? 'tick' : 'untick'} ${pathKey(path)} ->\n${text}`;
            assert.deepEqual(
              validate(SCHEMA, parse(text)).map((e) => e.message),
              [],
              step,
            );
            assert.equal(await formatText(text, FORMAT), text, `formatted as the formatter formats: ${step}`);
            const ticked = builderState(text, offset).ticked.has(pathKey(path));
            if (a.checked) {
              assert.ok(ticked, `ticked: ${step}`);
            } else {
              assert.ok(!ticked || isRequiredAt(SCHEMA, path), `unticked (or required): ${step}`);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
