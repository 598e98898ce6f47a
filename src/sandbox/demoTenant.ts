import type { ClientConfig, FileRecord, TaskRecord, TenantConfig } from './tenant';

/** Redirect URIs registered for both demo clients. */
export const DEMO_REDIRECT_URIS: readonly string[] = [
  'vscode://tenantlabs.tenant-graphql/auth-callback',
  'vscode-insiders://tenantlabs.tenant-graphql/auth-callback',
  'code-oss://tenantlabs.tenant-graphql/auth-callback',
  'http://127.0.0.1:33333/auth-callback',
  'http://127.0.0.1:33334/auth-callback',
];

const ALL_SCOPES = ['tasks:read', 'tasks:write', 'files:read', 'users:read'];

const clients: ClientConfig[] = [
  {
    clientId: 'tenant-graphql-vscode',
    name: 'Tenant GraphQL for VS Code',
    type: 'public',
    redirectUris: [...DEMO_REDIRECT_URIS],
    scopes: [...ALL_SCOPES],
    grants: ['authorization_code', 'refresh_token'],
  },
  {
    clientId: 'acme-ci',
    name: 'Acme CI pipeline',
    type: 'confidential',
    clientSecret: 'acme-ci-demo-secret',
    redirectUris: [...DEMO_REDIRECT_URIS],
    scopes: [...ALL_SCOPES],
    grants: ['authorization_code', 'refresh_token', 'client_credentials'],
  },
];

type TaskRow = [
  id: string,
  name: string,
  priority: TaskRecord['priority'],
  status: TaskRecord['status'],
  dueDate: string | undefined,
  owner: string | undefined,
  group: string | undefined,
  assignees: string[],
  attachments: string[],
  description: string,
];

const taskRows: TaskRow[] = [
  [
    'task-1',
    'Rotate the production database credentials',
    'URGENT',
    'IN_PROGRESS',
    '2025-03-14',
    'bob',
    'ops',
    ['bob'],
    ['file-3'],
    'Quarterly rotation; coordinate with the on-call engineer before the switch-over.',
  ],
  ['task-2', 'Fix flaky login test on CI', 'HIGH', 'TODO', '2025-03-18', 'alice', 'eng', ['alice'], [], 'The PKCE round-trip test times out about once in twenty runs.'],
  [
    'task-3',
    'Write the onboarding guide for new engineers',
    'MEDIUM',
    'IN_PROGRESS',
    '2025-04-01',
    'alice',
    'eng',
    ['alice', 'bob'],
    ['file-1'],
    'Cover local setup, the Sandbox and the release checklist.',
  ],
  ['task-4', 'Renew the TLS certificate for api.acme.example', 'HIGH', 'TODO', '2025-03-21', 'bob', 'ops', ['bob'], [], 'The current certificate expires on 2025-03-30.'],
  [
    'task-5',
    'Prepare the Q2 pricing proposal for Globex',
    'HIGH',
    'IN_PROGRESS',
    '2025-03-25',
    'carol',
    'sales',
    ['carol'],
    ['file-5'],
    'Include the volume discount discussed on the last call.',
  ],
  ['task-6', 'Update the CRM contact list after the trade fair', 'LOW', 'TODO', '2025-04-10', 'carol', 'sales', ['carol'], ['file-6'], 'About 120 new leads from the Berlin fair.'],
  [
    'task-7',
    'Upgrade Node.js to 20 LTS in all services',
    'MEDIUM',
    'TODO',
    '2025-04-15',
    'alice',
    'eng',
    ['alice'],
    [],
    'Start with the billing service; it has the best test coverage.',
  ],
  ['task-8', 'Set up alerting for disk usage above 85 %', 'HIGH', 'DONE', '2025-02-28', 'bob', 'ops', ['bob'], [], 'Alerts go to the #ops-alerts channel.'],
  ['task-9', 'Review pull request #482 (rate limiter)', 'MEDIUM', 'TODO', '2025-03-17', 'bob', 'eng', ['alice'], [], 'Check the Retry-After computation against the spec.'],
  ['task-10', 'Archive the 2023 customer contracts', 'LOW', 'DONE', '2025-01-31', 'carol', 'sales', ['carol'], [], 'Move them to cold storage; keep the index file.'],
  [
    'task-11',
    'Plan the incident-response game day',
    'MEDIUM',
    'TODO',
    '2025-05-06',
    'bob',
    'ops',
    ['bob', 'alice'],
    ['file-4'],
    'Scenario: the primary region loses its database.',
  ],
  ['task-12', 'Migrate feature flags to the new service', 'LOW', 'TODO', undefined, 'alice', 'eng', [], [], 'No deadline; pick it up when the sprint has room.'],
  ['task-13', 'Call back Initech about the renewal', 'URGENT', 'TODO', '2025-03-13', 'carol', 'sales', ['carol'], [], 'They asked for a decision-maker on the call.'],
  ['task-14', 'Document the GraphQL schema conventions', 'MEDIUM', 'DONE', '2025-02-20', 'alice', 'eng', ['alice'], ['file-2'], 'Naming, pagination, deprecation policy.'],
  ['task-15', 'Patch the kernel on the build agents', 'URGENT', 'TODO', '2025-03-15', 'bob', 'ops', ['bob'], [], 'Security advisory 2025-0117.'],
  ['task-16', 'Expense report for February', 'LOW', 'TODO', '2025-03-31', 'alice', undefined, ['alice'], [], 'Private task, no group.'],
  ['task-17', 'Quarterly capacity review', 'MEDIUM', 'IN_PROGRESS', '2025-03-28', undefined, 'ops', ['bob'], ['file-4'], 'Created by the planning automation.'],
  ['task-18', 'Draft the case study with Umbrella Corp', 'MEDIUM', 'TODO', '2025-04-22', 'carol', 'sales', [], [], 'Waiting for their legal team to approve the quotes.'],
  ['task-19', 'Remove the deprecated v0 endpoints', 'HIGH', 'TODO', '2025-04-30', 'alice', 'eng', ['bob'], [], 'Usage dropped to zero in February.'],
  ['task-20', 'Book the team offsite venue', 'LOW', 'IN_PROGRESS', '2025-05-20', 'carol', undefined, ['carol'], [], 'Private task, no group.'],
];

const tasks: TaskRecord[] = taskRows.map(([id, name, priority, status, dueDate, owner, group, assignees, attachments, description], i) => ({
  id,
  name,
  description,
  priority,
  status,
  ...(dueDate === undefined ? {} : { dueDate }),
  createdAt: new Date(Date.UTC(2025, 0, 6 + i * 2, 9, 30)).toISOString(),
  ...(owner === undefined ? {} : { ownerId: owner }),
  ...(group === undefined ? {} : { groupId: group }),
  assigneeIds: assignees,
  attachmentIds: attachments,
}));

const files: FileRecord[] = [
  {
    id: 'file-1',
    name: 'onboarding-guide.md',
    mimeType: 'text/markdown',
    sizeBytes: 18_432,
    ownerId: 'alice',
    groupId: 'eng',
    updatedAt: '2025-03-03T14:12:00.000Z',
    fields: [
      { name: 'status', type: 'TEXT', value: 'draft' },
      { name: 'reviewer', type: 'USER', value: 'bob' },
      { name: 'pages', type: 'NUMBER', value: '12' },
    ],
  },
  {
    id: 'file-2',
    name: 'schema-conventions.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 246_118,
    ownerId: 'alice',
    groupId: 'eng',
    updatedAt: '2025-02-20T10:00:00.000Z',
    fields: [
      { name: 'approved', type: 'BOOLEAN', value: 'true' },
      { name: 'approvedOn', type: 'DATE', value: '2025-02-21' },
    ],
  },
  {
    id: 'file-3',
    name: 'db-credential-rotation-runbook.md',
    mimeType: 'text/markdown',
    sizeBytes: 7_904,
    ownerId: 'bob',
    groupId: 'ops',
    updatedAt: '2025-03-10T08:45:00.000Z',
    fields: [
      { name: 'classification', type: 'TEXT', value: 'confidential' },
      { name: 'lastDrill', type: 'DATE', value: '2024-12-02' },
    ],
  },
  {
    id: 'file-4',
    name: 'capacity-2025-q1.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sizeBytes: 88_320,
    ownerId: 'bob',
    groupId: 'ops',
    updatedAt: '2025-03-08T16:20:00.000Z',
    fields: [
      { name: 'quarter', type: 'TEXT', value: '2025-Q1' },
      { name: 'regions', type: 'NUMBER', value: '3' },
    ],
  },
  {
    id: 'file-5',
    name: 'globex-proposal-q2.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    sizeBytes: 152_771,
    ownerId: 'carol',
    groupId: 'sales',
    updatedAt: '2025-03-11T11:05:00.000Z',
    fields: [
      { name: 'customer', type: 'TEXT', value: 'Globex' },
      { name: 'dealValue', type: 'NUMBER', value: '48000' },
      { name: 'owner', type: 'USER', value: 'carol' },
    ],
  },
  {
    id: 'file-6',
    name: 'berlin-fair-leads.csv',
    mimeType: 'text/csv',
    sizeBytes: 23_040,
    ownerId: 'carol',
    groupId: 'sales',
    updatedAt: '2025-03-06T09:00:00.000Z',
    fields: [
      { name: 'rows', type: 'NUMBER', value: '121' },
      { name: 'deduplicated', type: 'BOOLEAN', value: 'false' },
    ],
  },
  {
    id: 'file-7',
    name: 'alice-notes.txt',
    mimeType: 'text/plain',
    sizeBytes: 1_204,
    ownerId: 'alice',
    updatedAt: '2025-03-12T18:30:00.000Z',
    fields: [],
  },
  {
    id: 'file-8',
    name: 'team-handbook.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 512_000,
    ownerId: 'bob',
    groupId: 'eng',
    updatedAt: '2025-01-15T12:00:00.000Z',
    fields: [
      { name: 'version', type: 'TEXT', value: '3.2' },
      { name: 'effectiveFrom', type: 'DATE', value: '2025-01-01' },
    ],
  },
];

/**
 * The built-in demo tenant: team Acme Corp, users alice (eng), bob (eng, ops) and carol (sales),
 * the public VS Code client and the confidential CI client, and realistic tasks and files.
 * Returns a fresh deep copy, so callers may change it.
 */
export function demoTenant(): TenantConfig {
  const config: TenantConfig = {
    team: { id: 'team-acme', name: 'Acme Corp' },
    clients,
    users: [
      { id: 'alice', name: 'Alice Anders', email: 'alice@acme.example', groups: ['eng'] },
      { id: 'bob', name: 'Bob Berg', email: 'bob@acme.example', groups: ['eng', 'ops'] },
      { id: 'carol', name: 'Carol Chen', email: 'carol@acme.example', groups: ['sales'] },
    ],
    groups: [
      { id: 'eng', name: 'Engineering', description: 'Builds and maintains the product.' },
      { id: 'ops', name: 'Operations', description: 'Runs the infrastructure and handles incidents.' },
      { id: 'sales', name: 'Sales', description: 'Works with customers and prospects.' },
    ],
    scopes: [
      { name: 'tasks:read', description: 'Read tasks you can see' },
      { name: 'tasks:write', description: 'Create and change tasks' },
      { name: 'files:read', description: 'Read files and their fields' },
      { name: 'users:read', description: 'Read users and groups' },
    ],
    scopeRules: {
      fields: {
        'Query.tasks': 'tasks:read',
        'Query.task': 'tasks:read',
        'Query.files': 'files:read',
        'Query.file': 'files:read',
        'Query.me': 'users:read',
        'Query.users': 'users:read',
        'Query.user': 'users:read',
        'Query.groups': 'users:read',
        'Mutation.createTask': 'tasks:write',
        'Mutation.updateTaskPriority': 'tasks:write',
        'Mutation.completeTask': 'tasks:write',
        'Mutation.assignTask': 'tasks:write',
      },
      types: {
        Task: 'tasks:read',
        TaskConnection: 'tasks:read',
        TaskEdge: 'tasks:read',
        File: 'files:read',
        FileField: 'files:read',
        FileConnection: 'files:read',
        FileEdge: 'files:read',
        User: 'users:read',
        Group: 'users:read',
      },
    },
    ipAllowlist: ['127.0.0.0/8', '::1/128'],
    rateLimit: { limit: 300, windowMs: 60_000 },
    data: { tasks, files },
  };
  return structuredClone(config);
}
