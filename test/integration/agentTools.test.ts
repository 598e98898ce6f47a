import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { HistoryRow } from '../../src/run';
import { admin, extensionId, freshSandboxSchema, sandbox, workspaceRoot, writeFile } from './helpers';

/** Every text a tool answered in this file (scanned for secrets at the end, and left in the workspace for the whole-run scan). */
const answers: string[] = [];

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  answers.push(text);
  return text;
}

async function api(): Promise<TenantGraphqlTestApi> {
  const exported = await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate();
  assert.ok(exported, 'the extension exports its test API while the extension host runs tests');
  return exported;
}

function flatten(rows: readonly HistoryRow[]): HistoryRow[] {
  return rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

const TASKS = 'query AgentTasks {\n  tasks(first: 100) {\n    edges { node { id name } }\n  }\n}\n';
const MUTATION = 'mutation AgentAddTask {\n  createTask(input: { name: "Written by an agent" }) { task { id } }\n}\n';

describe('Language-model tools (vscode.lm.invokeTool, signed in as alice on the Sandbox)', function () {
  this.timeout(120_000);

  before(async () => {
    await freshSandboxSchema('alice');
  });

  after(async () => {
    await vscode.workspace.getConfiguration('tenantGraphql').update('languageModelTools.enabled', undefined, vscode.ConfigurationTarget.Global);
    // What the tools answered stays in the workspace, so the whole-run secret scan reads it too.
    await writeFile(vscode.Uri.joinPath(workspaceRoot(), 'generated', 'agent-tool-answers.txt'), answers.join('\n\n----\n\n'));
  });

  it('registers the five tools, each with a reference name for #-mentions', () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const name of [
      'tenantGraphql_searchSchema',
      'tenantGraphql_describeType',
      'tenantGraphql_validateOperation',
      'tenantGraphql_runOperation',
      'tenantGraphql_environments',
    ]) {
      assert.ok(names.includes(name), `${name} is registered (have ${names.filter((n) => n.startsWith('tenant')).join(', ')})`);
    }
    const manifest = vscode.extensions.getExtension(extensionId)!.packageJSON as { contributes: { languageModelTools: { toolReferenceName: string }[] } };
    assert.ok(manifest.contributes.languageModelTools.some((t) => t.toolReferenceName === 'tenantGraphqlSchema'));
  });

  it('search finds TaskPriority and File.fields as SDL', async () => {
    const priority = await invoke('tenantGraphql_searchSchema', { query: 'TaskPriority' });
    assert.match(priority, /^enum TaskPriority \{/m, priority);
    assert.match(priority, /^ {2}URGENT$/m);
    const fields = await invoke('tenantGraphql_searchSchema', { query: 'File fields' });
    assert.match(fields, /# matches: File\.fields/, fields);
    assert.match(fields, /^type File implements Node \{[^]*^ {2}fields/m);
  });

  it('describes a type with its fields, arguments and deprecations', async () => {
    const task = await invoke('tenantGraphql_describeType', { name: 'Task' });
    assert.match(task, /^type Task implements Node \{/m);
    assert.match(task, /done: Boolean! @deprecated\(reason: "Use status instead/);
    assert.match(await invoke('tenantGraphql_describeType', { name: 'Tsak' }), /no type named "Tsak"\. Did you mean "Task"/);
  });

  it('validate returns a mistyped field with its position and suggestion', async () => {
    const text = await invoke('tenantGraphql_validateOperation', { document: 'query {\n  tasks {\n    edges { node { nmae } }\n  }\n}\n' });
    const json = JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as { line: number; column: number; message: string; suggestions?: string[] }[];
    assert.equal(json.length, 1, text);
    assert.deepEqual({ line: json[0].line, column: json[0].column, suggestions: json[0].suggestions }, { line: 3, column: 20, suggestions: ['name'] });
    assert.match(json[0].message, /Cannot query field "nmae" on type "Task"/);
    assert.match(await invoke('tenantGraphql_validateOperation', { document: TASKS }), /valid against the schema of Sandbox: no problems/);
  });

  it("run returns alice's tasks only, and the run lands in History", async () => {
    const text = await invoke('tenantGraphql_runOperation', { document: TASKS });
    assert.match(text, /AgentTasks ran on Sandbox \(HTTP 200\)/, text);
    const ids = [...text.matchAll(/"id": "(task-\d+)"/g)].map((m) => m[1]);
    assert.ok(ids.includes('task-2') && ids.includes('task-16'), `alice's own tasks are there: ${ids.join(', ')}`);
    for (const other of ['task-4', 'task-6', 'task-13']) {
      assert.ok(!ids.includes(other), `${other} (another group's) is not there`);
    }
    const narrowed = await invoke('tenantGraphql_runOperation', { document: TASKS, jsonPath: '$.data.tasks.edges[0].node.id' });
    assert.match(narrowed, /Narrowed with the JSONPath \$\.data\.tasks\.edges\[0\]\.node\.id: 1 match/, narrowed);
    const rows = flatten(await (await api()).run.historyRows());
    assert.ok(
      rows.some((r) => r.label.includes('AgentTasks')),
      `History holds the agent's run: ${rows.map((r) => r.label).join(' | ')}`,
    );
  });

  it("a mutation's prepareInvocation asks, naming the operation and the environment", async () => {
    const prepared = await (await api()).agentTools.prepare('tenantGraphql_runOperation', { document: MUTATION });
    const confirmation = prepared?.confirmationMessages;
    assert.ok(confirmation, 'a mutation is confirmed (even on an environment whose own runs do not ask)');
    assert.match(confirmation.title, /AgentAddTask/);
    assert.match(confirmation.title, /Sandbox/);
    const message = typeof confirmation.message === 'string' ? confirmation.message : confirmation.message.value;
    assert.match(message, /createTask\(input: \{ name: "Written by an agent" \}\)/);
    const query = await (await api()).agentTools.prepare('tenantGraphql_runOperation', { document: TASKS });
    assert.equal(query?.confirmationMessages, undefined, 'a query runs without a question');
  });

  it('readOnly refuses a mutation, without a question and without sending it', async () => {
    const config = vscode.workspace.getConfiguration('tenantGraphql');
    const environments = config.get<Record<string, unknown>[]>('environments')!;
    const before = (await admin('/stats')) as { graphql: number };
    await config.update(
      'environments',
      environments.map((e) => (e.name === 'Sandbox' ? { ...e, readOnly: true } : e)),
      vscode.ConfigurationTarget.Global,
    );
    try {
      const prepared = await (await api()).agentTools.prepare('tenantGraphql_runOperation', { document: MUTATION });
      assert.equal(prepared?.confirmationMessages, undefined, 'nothing to confirm: it is refused');
      const text = await invoke('tenantGraphql_runOperation', { document: MUTATION });
      assert.match(text, /AgentAddTask was refused: "Sandbox" is marked read-only/, text);
      assert.equal(((await admin('/stats')) as { graphql: number }).graphql, before.graphql, 'nothing was sent');
    } finally {
      await config.update('environments', environments, vscode.ConfigurationTarget.Global);
    }
  });

  it('lists the environments with who is signed in, and nothing secret', async () => {
    const text = await invoke('tenantGraphql_environments', {});
    assert.match(text, /The active environment is "Sandbox", signed in as alice/, text);
    const listing = JSON.parse(text.slice(text.indexOf('['))) as Record<string, unknown>[];
    assert.deepEqual(Object.keys(listing[0]).sort(), ['account', 'active', 'allowed', 'api', 'confirmMutations', 'definedIn', 'name', 'readOnly', 'signedIn']);
    const secret = sandbox().clients.find((c) => c.clientSecret)?.clientSecret;
    assert.ok(secret && !text.includes(secret));
  });

  it('answers with a sentence when turned off', async () => {
    await vscode.workspace.getConfiguration('tenantGraphql').update('languageModelTools.enabled', false, vscode.ConfigurationTarget.Global);
    const api = await (await vscode.extensions.getExtension<TenantGraphqlTestApi>(extensionId)!.activate()).agentTools.invoke('tenantGraphql_searchSchema', { query: 'Task' });
    const text = (api?.content ?? []).map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    answers.push(text);
    assert.match(text, /tools are turned off \(the setting tenantGraphql\.languageModelTools\.enabled is false\)/);
    await vscode.workspace.getConfiguration('tenantGraphql').update('languageModelTools.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('answers hold no token, code, verifier or secret the Sandbox issued', async () => {
    const issued = (await admin('/issued-secrets')) as { secrets: { kind: string; value: string }[] };
    const values = issued.secrets.map((s) => s.value).filter((v) => v.length >= 8);
    assert.ok(values.length > 0, 'the Sandbox issued secrets in this run');
    for (const text of answers) {
      for (const value of values) {
        assert.ok(!text.includes(value), 'a tool answer holds an issued secret');
      }
    }
  });
});
