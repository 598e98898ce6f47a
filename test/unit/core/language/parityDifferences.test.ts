/**
 * Each difference from graphql-language-service that the parity test allows (ALLOWED_DIFFERENCES in
 * parity.ts) shown on a small case: the floor does what the reason says it does, and the service does
 * what the reason says instead. When an upstream release changes its behaviour, the case fails here,
 * and the allowance (and the parity code that skips it) can go.
 */
import * as assert from 'node:assert/strict';
import { getOutline } from 'graphql-language-service';
import { parse, type FragmentDefinitionNode } from 'graphql';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { directDiagnostics, directHover } from './directCalls';
import { ALLOWED_DIFFERENCES } from './parity';
import { document, withCursor } from './helpers';

const schema = schemaFromSdl(SANDBOX_SDL).schema;
const service = GraphqlLanguageService.create(schema);

/** One case per allowed difference, by its key. */
const checks: Record<keyof typeof ALLOWED_DIFFERENCES, () => void> = {
  unusedFragments() {
    const text = 'query Q { me { id } }\nfragment Spare on Task { id }\n';
    assert.deepEqual(directDiagnostics(schema, text), [], 'the floor says nothing of an unused fragment');
    const ours = service.diagnostics(document(text));
    assert.deepEqual(
      ours.map((d) => [d.severity, d.message]),
      [['warning', 'Fragment "Spare" is never used.']],
    );
  },
  syntaxErrorRange() {
    const text = 'query Q { tasks { id name( } }\n';
    let graphqlAt = -1;
    try {
      parse(text);
    } catch (err) {
      graphqlAt = (err as { positions?: number[] }).positions?.[0] ?? -1;
    }
    const [floor] = directDiagnostics(schema, text);
    const [ours] = service.diagnostics(document(text));
    assert.equal(ours.message, floor.message, 'the same message');
    assert.equal(ours.range.start.line, floor.range.start.line, 'on the same line');
    assert.equal(ours.range.start.character, graphqlAt, "ours starts at graphql's location");
    assert.notEqual(floor.range.start.character, graphqlAt, "the floor's range starts on another token");
  },
  loneCarriageReturn() {
    // `nope` is on the editor's first line (lines end at '\n'); graphql counts each lone '\r' as a line break.
    const text = 'query Q {\r  me { id }\r  nope\n}\n';
    const floor = directDiagnostics(schema, text);
    const ours = service.diagnostics(document(text));
    assert.deepEqual(
      floor.map((d) => d.range.start.line),
      [2],
    );
    assert.deepEqual(
      ours.map((d) => d.range.start.line),
      [0],
    );
    assert.equal(ours[0].message, floor[0].message);
  },
  errorInAppendedFragments() {
    const index = new FragmentIndex();
    index.update('file:///ws/shared.graphql', 'fragment Shared on Task { id }\n');
    const external = index.all().map((f) => f.node as FragmentDefinitionNode);
    const text = 'query Q { me { id ';
    const lastLine = text.split('\n').length - 1;
    const [floor] = directDiagnostics(schema, text, external);
    assert.ok(floor.range.start.line > lastLine, 'the floor reports past the end of the document');
    const withIndex = GraphqlLanguageService.create(schema, { index });
    const [ours] = withIndex.diagnostics(document(text));
    assert.ok(ours.range.start.line <= lastLine, 'ours is inside the document');
  },
  completionOnEmptyLine() {
    const { doc, pos } = withCursor('query Q {\n  tasks {\n‸\n  }\n}\nfragment F on Task { id }\nquery R { me { na');
    const floorOnText = directCompletion(schema, doc.text, pos).map((i) => i.label);
    const floorWithBreak = directCompletion(schema, `${doc.text}\n`, pos).map((i) => i.label);
    assert.notDeepEqual(floorOnText, floorWithBreak, 'the floor filters by the last word of the whole text');
    assert.deepEqual(
      service.complete(doc, pos).map((i) => i.label),
      floorWithBreak,
    );
  },
  hoverAtEndOfLine() {
    const { doc, pos } = withCursor('query Q {\n  me { id }‸\n  viewer { scopes');
    assert.match(directHover(schema, doc.text, pos), /Viewer\.scopes/, 'the floor describes the last token of the whole text');
    assert.equal(service.hover(doc, pos), null);
  },
  validationRangeEnd() {
    const text = 'query Q { me { nope } }\n';
    const [floor] = directDiagnostics(schema, text);
    const [ours] = service.diagnostics(document(text));
    const start = text.indexOf('nope');
    assert.equal(ours.range.start.character, start);
    assert.equal(ours.range.end.character, start + 'nope'.length, 'ours ends where the field ends');
    assert.equal(floor.range.end.character, start + 'nope'.length + 1, 'the floor one character further');
  },
  outlineOfBrokenText() {
    const text = 'query Q { tasks { id } }\nquery Broken { tasks { \n';
    assert.equal(getOutline(text), null, 'the floor has no outline');
    assert.deepEqual(
      service.outline(document(text)).map((i) => i.name),
      ['Q'],
    );
  },
};

describe('the differences from graphql-language-service the parity test allows', () => {
  it('lists each with a reason and a case here that shows it', () => {
    for (const reason of Object.values(ALLOWED_DIFFERENCES)) {
      assert.ok(reason.length >= 40, `too short a reason: ${reason}`);
    }
    assert.deepEqual(Object.keys(checks).sort(), Object.keys(ALLOWED_DIFFERENCES).sort());
  });
  for (const key of Object.keys(checks) as (keyof typeof checks)[]) {
    it(`${key}: the floor does what the reason says, the service what it says instead`, () => checks[key]());
  }
});
