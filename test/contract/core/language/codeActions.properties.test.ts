/**
 * The code actions' properties: a few hundred random cases each, compared with graphql's whole validation
 * (split from test/unit/core/language/codeActions.test.ts, where the cases written out stay).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { quickFixes } from '../../../../src/core/language/quickFixes';
import { parseUnknownName } from '../../../../src/core/language/quickFixDidYouMean';
import { ActionText } from '../../../../src/core/language/codeActionsShared';
import { DocumentStore } from '../../../../src/core/language/documentStore';
import { applyEdits } from '../../../unit/core/language/textEdits';
import { errorsOf, fixed, localDiagnostics, sandbox, serverDiagnostics } from '../../../unit/core/language/codeActionTexts';

describe('Code actions: quick fixes', () => {
  describe('"Did you mean" on the Sandbox schema, from local validation and from the server', () => {
    it('property: any offered fix of a document whose only error is one misspelt name validates without errors', () => {
      const valid = [
        'query Tasks($p: TaskPriority!) {\n  tasks(filter: { priority: $p }, first: 5) {\n    edges {\n      node {\n        id\n        name\n        priority\n        owner { name email }\n      }\n    }\n  }\n}\n',
        '{\n  files(first: 2) {\n    edges {\n      node {\n        name\n        mimeType\n        owner { id name }\n      }\n    }\n  }\n  me { id groups { name } }\n}\n',
        'query T { task(id: "task-1") { name status dueDate assignees { email } } }\n',
      ];
      const targets = valid.flatMap((text, i) => [...text.matchAll(/\b(?<![$"])([a-zA-Z]{4,})\b/g)].map((m) => ({ doc: i, at: m.index, word: m[1] })));
      let checked = 0;
      let singleErrors = 0;
      fc.assert(
        fc.property(fc.constantFrom(...targets), fc.nat(), fc.constantFrom('swap', 'drop', 'double'), (target, k, how) => {
          const text = valid[target.doc];
          const w = target.word;
          const i = k % (w.length - 1);
          const typo = how === 'swap' ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : how === 'drop' ? w.slice(0, i) + w.slice(i + 1) : w.slice(0, i) + w[i] + w.slice(i);
          const broken = text.slice(0, target.at) + typo + text.slice(target.at + w.length);
          let errors: string[];
          try {
            errors = errorsOf(sandbox, broken);
          } catch {
            return; // a keyword misspelt: not a validation error
          }
          if (errors.length !== 1) {
            return;
          }
          singleErrors++;
          for (const diagnostics of [localDiagnostics(sandbox, broken), serverDiagnostics(sandbox, broken)]) {
            for (const r of fixed(
              sandbox,
              broken,
              diagnostics.filter((d) => parseUnknownName(d.message)),
            )) {
              assert.deepEqual(errorsOf(sandbox, r.text), [], `${broken} -> ${r.text}`);
              checked++;
            }
          }
        }),
        { numRuns: 300, seed: 24 },
      );
      // Not vacuous: most misspelt names got a fix that was checked.
      assert.ok(singleErrors > 50 && checked > singleErrors, `${checked} fixes checked over ${singleErrors} documents with one error`);
    });
  });
});

describe('Code actions: work kept across versions of the text', () => {
  const base = [
    'query A {\n  tasks(first: 5) { edges { node { id nmae priorty } } }\n}\n',
    'query B($id: ID!) {\n  task(id: $id) { nmae status }\n}\n',
    'fragment F on Task {\n  id\n  dueDat\n}\n',
    '{ me { id nmae } files(first: 2) { edges { node { sise } } } }\n',
  ];

  it('property: a verdict reused from the previous version (an edit elsewhere) is the one whole validation gives', () => {
    const store = new DocumentStore();
    const uri = 'file:///ws/versions.graphql';
    let reused = 0;
    let offered = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '\n', '# x\n')), { minLength: 1, maxLength: 6 }), (edits) => {
        const parts = [...base];
        let previous: Set<unknown> | undefined;
        for (const [which, blank] of edits) {
          // One edit in one definition (a blank or a comment at its end): the others keep their parses.
          parts[which % parts.length] = parts[which % parts.length] + blank;
          const text = parts.join('\n');
          const parses = store.get({ uri, version: 0, text }).definitionParses();
          const prepared = new ActionText(text, parses);
          const asts = new Set(parses.spans.map((_, i) => parses.parsed(i).ast));
          reused += previous ? [...asts].filter((a) => previous!.has(a)).length : 0;
          previous = asts;
          const diagnostics = localDiagnostics(sandbox, text).filter((d) => parseUnknownName(d.message));
          const fixes = quickFixes(prepared, sandbox, diagnostics);
          // The whole check: a text parsed anew (nothing kept), and each fix validated whole.
          assert.deepEqual(fixes, quickFixes(text, sandbox, diagnostics), text);
          for (const fix of fixes) {
            const after = applyEdits(text, fix.edits);
            assert.ok(errorsOf(sandbox, after).length < errorsOf(sandbox, text).length, `${fix.title.args.join(' -> ')} fixes a problem`);
            offered++;
          }
        }
      }),
      { numRuns: 40, seed: 28 },
    );
    assert.ok(reused > 40 && offered > 40, `not vacuous: ${reused} parses kept, ${offered} fixes checked`);
  });
});
