import * as assert from 'node:assert/strict';
import { withoutServerDuplicates, type ProblemText } from '../../../../src/core/run/duplicateProblems';
import type { Range } from '../../../../src/core/text/position';

const r = (l1: number, c1: number, l2: number, c2: number): Range => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });
const typo = 'Cannot query field "nmae" on type "Task". Did you mean "name"?';

describe('withoutServerDuplicates (one problem per mistake)', () => {
  it('leaves out a local diagnostic that a server error shows at the same range with the same message', () => {
    const local: ProblemText[] = [{ range: r(3, 6, 3, 10), message: typo }];
    assert.deepEqual(withoutServerDuplicates(local, [{ range: r(3, 6, 3, 10), message: typo }]), []);
  });

  it("counts the server's message with a detail line after it as the same", () => {
    const local: ProblemText[] = [{ range: r(3, 6, 3, 10), message: typo }];
    assert.deepEqual(withoutServerDuplicates(local, [{ range: r(3, 6, 3, 10), message: `${typo}\nGRAPHQL_VALIDATION_FAILED` }]), []);
  });

  it('keeps a local diagnostic whose message differs from the server error at its range', () => {
    const local: ProblemText[] = [{ range: r(3, 6, 3, 10), message: typo }];
    assert.deepEqual(withoutServerDuplicates(local, [{ range: r(3, 6, 3, 10), message: 'Missing scope tasks:read' }]), local);
  });

  it('keeps a local diagnostic with the same message at another range', () => {
    const local: ProblemText[] = [{ range: r(4, 6, 4, 10), message: typo }];
    assert.deepEqual(withoutServerDuplicates(local, [{ range: r(3, 6, 3, 10), message: typo }]), local);
  });

  it('compares messages with white space aside, and keeps the order of the others', () => {
    const a = { range: r(1, 0, 1, 4), message: 'first', code: 'A' };
    const dup = { range: r(3, 6, 3, 10), message: `  ${typo.replace(' on ', '\n on ')} `, code: 'B' };
    const c = { range: r(5, 0, 5, 4), message: 'third', code: 'C' };
    assert.deepEqual(withoutServerDuplicates([a, dup, c], [{ range: r(3, 6, 3, 10), message: typo }]), [a, c]);
  });

  it('keeps everything when the server reported nothing', () => {
    const local: ProblemText[] = [{ range: r(3, 6, 3, 10), message: typo }];
    assert.deepEqual(withoutServerDuplicates(local, []), local);
  });
});
