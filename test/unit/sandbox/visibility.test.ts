import * as assert from 'node:assert/strict';
import { DataStore } from '../../../src/sandbox/data';
import { demoTenant } from '../../../src/sandbox/demoTenant';
import { Visibility } from '../../../src/sandbox/visibility';
import { hiddenUserTenant, viewerOf } from './hiddenTenant';

interface Expected {
  users: string[];
  groups: string[];
  tasks: string[];
  files: string[];
}

const demoCases: Array<[string, Expected]> = [
  [
    'alice',
    {
      users: ['alice', 'bob'],
      groups: ['eng'],
      tasks: ['task-2', 'task-3', 'task-7', 'task-9', 'task-11', 'task-12', 'task-14', 'task-16', 'task-19'],
      files: ['file-1', 'file-2', 'file-7', 'file-8'],
    },
  ],
  [
    'bob',
    {
      users: ['alice', 'bob'],
      groups: ['eng', 'ops'],
      tasks: ['task-1', 'task-2', 'task-3', 'task-4', 'task-7', 'task-8', 'task-9', 'task-11', 'task-12', 'task-14', 'task-15', 'task-17', 'task-19'],
      files: ['file-1', 'file-2', 'file-3', 'file-4', 'file-8'],
    },
  ],
  [
    'carol',
    {
      users: ['carol'],
      groups: ['sales'],
      tasks: ['task-5', 'task-6', 'task-10', 'task-13', 'task-18', 'task-20'],
      files: ['file-5', 'file-6'],
    },
  ],
  [
    'team',
    {
      users: ['alice', 'bob', 'carol'],
      groups: ['eng', 'ops', 'sales'],
      tasks: Array.from({ length: 20 }, (_, i) => `task-${i + 1}`),
      files: Array.from({ length: 8 }, (_, i) => `file-${i + 1}`),
    },
  ],
];

const hiddenCases: Array<[string, Expected]> = [
  ['ann', { users: ['ann', 'ben'], groups: ['red'], tasks: ['t-1', 't-2', 't-5'], files: ['f-red', 'f-ann-blue'] }],
  ['ben', { users: ['ann', 'ben', 'cat'], groups: ['red', 'blue'], tasks: ['t-2', 't-3', 't-4', 't-5', 't-6'], files: ['f-red', 'f-blue', 'f-ann-blue'] }],
  ['cat', { users: ['ben', 'cat'], groups: ['blue'], tasks: ['t-2', 't-4', 't-6'], files: ['f-blue'] }],
  ['dan', { users: ['dan'], groups: ['black'], tasks: ['t-1', 't-5', 't-6'], files: ['f-dan', 'f-orphan'] }],
  ['eve', { users: ['eve'], groups: [], tasks: ['t-3', 't-7'], files: ['f-eve'] }],
  [
    'team',
    {
      users: ['ann', 'ben', 'cat', 'dan', 'eve'],
      groups: ['red', 'blue', 'black', 'ghost'],
      tasks: ['t-1', 't-2', 't-3', 't-4', 't-5', 't-6', 't-7'],
      files: ['f-red', 'f-dan', 'f-orphan', 'f-eve', 'f-blue', 'f-ann-blue'],
    },
  ],
];

describe('sandbox visibility model', () => {
  for (const [tenantName, tenantOf, cases] of [
    ['demo tenant', demoTenant, demoCases],
    ['tenant with hidden users', hiddenUserTenant, hiddenCases],
  ] as const) {
    describe(tenantName, () => {
      for (const [principal, expected] of cases) {
        it(`${principal} sees exactly these users, groups, tasks and files`, () => {
          const tenant = tenantOf();
          const visible = new Visibility(new DataStore(tenant), viewerOf(tenant, principal));
          assert.deepEqual(
            {
              users: visible.users().map((u) => u.id),
              groups: visible.groups().map((g) => g.id),
              tasks: visible.tasks().map((t) => t.id),
              files: visible.files().map((f) => f.id),
            },
            expected,
          );
          const ids = visible.visibleIds();
          assert.deepEqual([...ids.User], expected.users);
          assert.deepEqual([...ids.Task], expected.tasks);
        });
      }
    });
  }

  describe('lookups by ID agree with the lists, and an invisible ID reads like an unknown one', () => {
    const tenant = hiddenUserTenant();
    const store = new DataStore(tenant);
    for (const [principal] of hiddenCases) {
      it(principal, () => {
        const visible = new Visibility(store, viewerOf(tenant, principal));
        const ids = visible.visibleIds();
        for (const t of store.allTasks()) {
          assert.equal(visible.task(t.id) !== undefined, ids.Task.has(t.id), t.id);
        }
        for (const f of store.allFiles()) {
          assert.equal(visible.file(f.id) !== undefined, ids.File.has(f.id), f.id);
        }
        for (const u of store.allUsers()) {
          assert.equal(visible.user(u.id) !== undefined, ids.User.has(u.id), u.id);
        }
        for (const g of store.allGroups()) {
          assert.equal(visible.group(g.id) !== undefined, ids.Group.has(g.id), g.id);
        }
        assert.equal(visible.task('no-such-id'), undefined);
        assert.equal(visible.user(undefined), undefined);
      });
    }
  });

  describe("canSee accepts only the store's own visible records", () => {
    const tenant = hiddenUserTenant();
    const store = new DataStore(tenant);
    const ann = new Visibility(store, viewerOf(tenant, 'ann'));
    const team = new Visibility(store, viewerOf(tenant, 'team'));
    const ben = store.userById('ben');
    const cases: Array<[string, Visibility, Parameters<Visibility['canSee']>, boolean]> = [
      ['a visible user', ann, ['User', ben], true],
      ['a hidden user', ann, ['User', store.userById('cat')], false],
      ['a copy of a visible user', ann, ['User', { ...ben }], false],
      ['a made-up user with a visible ID', ann, ['User', { id: 'ben', name: 'Ben', groups: [] }], false],
      ['a hidden group', ann, ['Group', store.allGroups().find((g) => g.id === 'blue')], false],
      ['a hidden file whose group is visible but whose owner is not', ann, ['File', store.allFiles().find((f) => f.id === 'f-orphan')], false],
      ['null', ann, ['Task', null], false],
      ['a record of another type under the wrong name', team, ['Task', ben], false],
      ['anything of the tenant for a team token', team, ['File', store.allFiles().find((f) => f.id === 'f-dan')], true],
    ];
    for (const [name, visibility, args, expected] of cases) {
      it(name, () => {
        assert.equal(visibility.canSee(...args), expected);
      });
    }
  });
});
