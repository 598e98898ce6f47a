/**
 * The language service answers exactly as graphql-language-service called directly at every position of a
 * document that uses every construct (split from test/unit/core/language/languageService.sandbox.test.ts,
 * where the cases written out stay).
 */
import * as assert from 'node:assert/strict';
import { SANDBOX_SDL } from '../../../../src/sandbox/schema';
import { schemaFromSdl } from '../../../../src/core/schema/loadSchema';
import { GraphqlLanguageService } from '../../../../src/core/language/languageService';
import { FragmentIndex } from '../../../../src/core/language/fragmentIndex';
import { directCompletion } from '../../../../src/core/language/directCalls';
import { directHover } from '../../../unit/core/language/directCalls';
import { document, positionsOf } from '../../../unit/core/language/helpers';

const { schema } = schemaFromSdl(SANDBOX_SDL);

function service(files: Record<string, string> = {}): GraphqlLanguageService {
  const index = new FragmentIndex();
  for (const [uri, text] of Object.entries(files)) {
    index.update(uri, text);
  }
  return GraphqlLanguageService.create(schema, { index });
}

describe('GraphqlLanguageService on the Sandbox schema', () => {
  describe('completion', () => {
    it('gives exactly the direct graphql-language-service answers at every position', () => {
      const text = [
        '# comment with { braces } and "quotes"',
        'query TaskList($priority: TaskPriority!, $first: Int = 10, $f: TaskFilter = { status: TODO }) {',
        '  tasks(filter: { priority: $priority }, first: $first) {',
        '    totalCount',
        '    edges { node { ...TaskFields assignees { id name } } }',
        '    pageInfo { hasNextPage endCursor }',
        '  }',
        '  search(text: "}{", first: 3) { ... on File { id fields { name } } ... on User { id } }',
        '}',
        'mutation Bump($id: ID!) { updateTaskPriority(id: $id, priority: HIGH) { id priority } }',
        'fragment TaskFields on Task {',
        '  id',
        '  name',
        '  priority @skip(if: $priority)',
        '  owner { id',
        '}',
        '{ file(id: "file-1") { fields { } } }',
        '',
      ].join('\n');
      const svc = service({ 'file:///ws/other.graphql': 'fragment Ext on Task { id }' });
      const doc = document(text);
      const external = svc.index.all().map((f) => f.node);
      for (const pos of positionsOf(text)) {
        assert.deepEqual(svc.complete(doc, pos), directCompletion(schema, text, pos, external, doc.uri), `completion at ${pos.line}:${pos.character}`);
        assert.equal(svc.hover(doc, pos)?.markdown ?? '', directHover(schema, text, pos), `hover at ${pos.line}:${pos.character}`);
      }
    });
  });
});
