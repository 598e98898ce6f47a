import './register';
import { strict as assert } from 'node:assert';
import { Uri } from './vscodeFake';
import { itemId } from '../../../src/testing/testTree';

/**
 * The Testing view's item ids: VS Code refuses an id with a NUL character (its own separator), and
 * the tree once used core's case keys (`operation\0case`), so no test file ever appeared in the view.
 */
describe('Testing view item ids', () => {
  const file = Uri.file('/w/tasks.graphql.test.json') as unknown as import('vscode').Uri;

  it('hold no NUL, even for a case named with one', () => {
    for (const id of [itemId(file, 'UrgentTasks'), itemId(file, 'UrgentTasks', 'passes'), itemId(file, 'UrgentTasks', 'a\u0000b')]) {
      assert.ok(!id.includes('\u0000'), id);
    }
  });

  it('are the file, then the operation, then the case, each distinct', () => {
    assert.equal(itemId(file, 'UrgentTasks'), 'file:///w/tasks.graphql.test.json#UrgentTasks');
    assert.equal(itemId(file, 'UrgentTasks', 'as before'), 'file:///w/tasks.graphql.test.json#UrgentTasks/as%20before');
    // A slash in a case name cannot make two items one.
    assert.notEqual(itemId(file, 'A', 'b/c'), itemId(file, 'A/b', 'c'));
  });
});
