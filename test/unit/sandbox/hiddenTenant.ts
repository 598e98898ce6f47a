import * as assert from 'node:assert/strict';
import type { Viewer } from '../../../src/sandbox/data';
import { demoTenant } from '../../../src/sandbox/demoTenant';
import type { FileRecord, TaskRecord, TenantConfig } from '../../../src/sandbox/tenant';

function task(id: string, ownerId: string | undefined, groupId: string | undefined, assigneeIds: string[], attachmentIds: string[] = []): TaskRecord {
  return {
    id,
    name: `Task ${id}`,
    priority: 'MEDIUM',
    status: 'TODO',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...(ownerId === undefined ? {} : { ownerId }),
    ...(groupId === undefined ? {} : { groupId }),
    assigneeIds,
    attachmentIds,
  };
}

function file(id: string, ownerId: string, groupId: string | undefined, fields: FileRecord['fields'] = []): FileRecord {
  return {
    id,
    name: `${id}.txt`,
    mimeType: 'text/plain',
    sizeBytes: 10,
    ownerId,
    updatedAt: '2025-01-01T00:00:00.000Z',
    fields,
    ...(groupId === undefined ? {} : { groupId }),
  };
}

/**
 * A tenant built to hide users from each other and to put a side door in every reference:
 * ann (red), ben (red, blue), cat (blue), dan (black) and eve (no group). ann and cat cannot see
 * each other; nobody but dan sees dan, nobody but eve sees eve. Tasks and files point across
 * those lines (an assignee outside the task's group, an owner outside the file's group, a group
 * with no member, a task without owner).
 */
export function hiddenUserTenant(): TenantConfig {
  const demo = demoTenant();
  return {
    team: { id: 'team-hidden', name: 'Hidden Co' },
    clients: demo.clients,
    users: [
      { id: 'ann', name: 'Ann Red', email: 'ann@hidden.example', groups: ['red'] },
      { id: 'ben', name: 'Ben Both', groups: ['red', 'blue'] },
      { id: 'cat', name: 'Cat Blue', email: 'cat@hidden.example', groups: ['blue'] },
      { id: 'dan', name: 'Dan Black', groups: ['black'] },
      { id: 'eve', name: 'Eve Alone', groups: [] },
    ],
    groups: [
      { id: 'red', name: 'Red' },
      { id: 'blue', name: 'Blue', description: 'The blue team.' },
      { id: 'black', name: 'Black' },
      { id: 'ghost', name: 'Ghost', description: 'A group without members.' },
    ],
    scopes: demo.scopes,
    scopeRules: demo.scopeRules,
    ipAllowlist: demo.ipAllowlist,
    rateLimit: demo.rateLimit,
    data: {
      tasks: [
        task('t-1', 'dan', 'black', ['ann', 'dan'], ['f-dan', 'f-red']),
        task('t-2', 'ann', 'red', ['cat', 'ben']),
        task('t-3', 'eve', undefined, ['eve', 'ben'], ['f-eve']),
        task('t-4', undefined, 'blue', [], ['f-ann-blue']),
        task('t-5', 'dan', 'red', [], ['f-orphan']),
        task('t-6', 'cat', 'blue', ['dan'], ['f-blue']),
        task('t-7', 'eve', 'ghost', ['eve']),
      ],
      files: [
        file('f-red', 'ann', 'red', [
          { name: 'reviewer', type: 'USER', value: 'cat' },
          { name: 'approver', type: 'USER', value: 'ben' },
          { name: 'empty', type: 'TEXT' },
        ]),
        file('f-dan', 'dan', 'black'),
        file('f-orphan', 'dan', 'red'),
        file('f-eve', 'eve', undefined),
        file('f-blue', 'ben', 'blue'),
        file('f-ann-blue', 'ann', 'blue', [
          { name: 'auditor', type: 'USER', value: 'dan' },
          { name: 'note', type: 'TEXT', value: 'dan' },
        ]),
      ],
    },
  };
}

/** A viewer with every scope of the tenant: `team` for a team token, else a user ID. */
export function viewerOf(tenant: TenantConfig, principal: string): Viewer {
  const scopes = new Set(tenant.scopes.map((s) => s.name));
  const base = { clientId: tenant.clients[0].clientId, scopes, teamId: tenant.team.id };
  if (principal === 'team') {
    return { kind: 'team', ...base };
  }
  const user = tenant.users.find((u) => u.id === principal);
  assert.ok(user, principal);
  return { kind: 'user', user, ...base };
}
