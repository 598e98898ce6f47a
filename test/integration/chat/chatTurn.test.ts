import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { eventually, freshSandboxSchema, instructBrowser, workspaceRoot } from '../helpers';

/** The scripted model (test/fixtures/scriptedChatModel, loaded by the runner for this part only). */
const SCRIPTED_ID = 'tenantlabs.test-scripted-chat-model';
const SCRIPTED_MODEL = { vendor: 'tenantlabs-scripted', id: 'scripted-1' };

/** What the scripted model received in each request (its activate() returns them). */
interface ScriptedRequest {
  tools: string[];
  toolCalls: string[];
  toolResults: string[];
  lastUserText: string;
}

/** The parts of VS Code's chat export (Chat: Export Chat...) this test reads. */
interface ChatExport {
  requests: {
    message: { text: string } | string;
    response: { kind?: string; toolId?: string; value?: string | { value?: string } }[];
    /** VS Code's chat response state: 1 complete, 3 failed; 2 cancelled, or still under way when exported. */
    modelState?: { value: number; completedAt?: number };
  }[];
}

/** Resolves as `promise` does, or fails after `ms` saying what hung (a hang guard, not a duration check). */
async function within<T>(promise: Thenable<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve(promise),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const PROMPT = 'Which values does TaskPriority have? Use #tenantGraphqlSchema.';

/**
 * One chat turn end to end, in the Chat view, without network or account: VS Code's built-in chat
 * (GitHub Copilot Chat 0.67 in code-server 4.139) set up anonymously (`chat.allowAnonymousAccess`,
 * then VS Code's own command for the setup without sign-in), agent mode, and a scripted language model (a
 * test extension, registerLanguageModelChatProvider). The model's first answer calls
 * tenantGraphql_searchSchema; the agent runs the tool and sends its result back; the model's second
 * answer shows it. See docs/upstream/chat-turn-in-code-server.md.
 */
describe('A chat turn in the Chat view (agent mode, a scripted model, no account)', function () {
  this.timeout(300_000);

  let requests: ScriptedRequest[];

  before(async () => {
    // The tool answers from the Sandbox's schema (signed in as alice, as the tool tests are).
    await freshSandboxSchema('alice');
    const scripted = vscode.extensions.getExtension<{ requests: ScriptedRequest[] }>(SCRIPTED_ID);
    assert.ok(scripted, `${SCRIPTED_ID} is loaded (the runner adds it to this part of the suite)`);
    requests = (await scripted.activate()).requests;
  });

  it('sets up the built-in chat without signing in, and lists the scripted model', async () => {
    // The runner's profile for this part sets chat.allowAnonymousAccess (VS Code lets no extension write it).
    assert.equal(vscode.workspace.getConfiguration('chat').get('allowAnonymousAccess'), true, 'chat.allowAnonymousAccess is on');
    const done = await within(vscode.commands.executeCommand<boolean>('workbench.action.chat.triggerSetupAnonymousWithoutDialog'), 120_000, 'the chat setup without sign-in');
    assert.equal(done, true, 'the setup reports success');
    const models = await eventually(
      async () => {
        const found = await vscode.lm.selectChatModels(SCRIPTED_MODEL);
        return found.length > 0 ? found : undefined;
      },
      'the scripted model among the chat models',
      60_000,
      async () => (await vscode.lm.selectChatModels({})).map((m) => `${m.vendor}/${m.id}`).join(', '),
    );
    assert.equal(models[0].name, 'Scripted Model');
  });

  it("sends a prompt in agent mode: the model calls #tenantGraphqlSchema and its answer shows the tool's result", async () => {
    const before = requests.length;
    // The Chat view's own command (Chat: Open Chat, Ctrl+Alt+I), with the options it takes: opens the
    // view, switches to agent mode and the scripted model, submits the prompt, and (blockOnResponse)
    // resolves once the response is complete or waits for a confirmation.
    const result = await within(
      vscode.commands.executeCommand<{ errorDetails?: { message: string }; type?: string; toolId?: string } | undefined>('workbench.action.chat.open', {
        query: PROMPT,
        mode: 'agent',
        modelSelector: SCRIPTED_MODEL,
        blockOnResponse: true,
      }),
      180_000,
      'the chat turn',
    );
    assert.equal(result?.type, undefined, `the turn did not stop for a confirmation: ${JSON.stringify(result)}`);
    assert.equal(result?.errorDetails, undefined, `the turn ended without an error: ${JSON.stringify(result)}`);

    // The Chat view's session, as Chat: Export Chat... writes it, until its response has ended
    // (in one run here, blockOnResponse resolved before the model had been asked at all).
    const exported = vscode.Uri.joinPath(workspaceRoot(), 'generated', `chat-${randomBytes(4).toString('hex')}.json`);
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(exported, '..'));
    let seen = 'nothing exported yet';
    const last = await eventually(
      async () => {
        await within(vscode.commands.executeCommand('workbench.action.chat.export', exported), 30_000, 'the chat export');
        const session = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(exported))) as ChatExport;
        const request = session.requests.at(-1);
        seen = JSON.stringify({ requests: session.requests.length, modelState: request?.modelState, parts: request?.response.map((p) => p.kind ?? 'markdown') });
        // The export writes a response still under way as cancelled (2): wait for complete (1) or failed (3).
        return request?.modelState?.value === 1 || request?.modelState?.value === 3 ? request : undefined;
      },
      'the chat turn to complete in the Chat view',
      180_000,
      () => seen,
    );
    assert.equal(last.modelState?.value, 1, `the response is complete, not failed: ${seen}`);
    assert.equal(typeof last.message === 'string' ? last.message : last.message.text, PROMPT);

    // The model's side: two requests, the first offering the tool, the second holding its result.
    const turn = requests.slice(before);
    assert.equal(turn.length, 2, `the model was asked twice: ${JSON.stringify(turn.map((r) => ({ ...r, tools: r.tools.length })))}`);
    assert.ok(turn[0].tools.includes('tenantGraphql_searchSchema'), `agent mode offers the tool (${turn[0].tools.length} tools)`);
    assert.ok(turn[0].lastUserText.includes('TaskPriority'), turn[0].lastUserText.slice(0, 300));
    assert.deepEqual(turn[1].toolCalls, ['tenantGraphql_searchSchema']);
    assert.equal(turn[1].toolResults.length, 1);
    assert.match(turn[1].toolResults[0], /matches? in the schema of Sandbox for "TaskPriority"/, turn[1].toolResults[0]);
    assert.match(turn[1].toolResults[0], /^enum TaskPriority \{/m);

    const invocation = last.response.find((p) => p.kind === 'toolInvocationSerialized' || p.kind === 'toolInvocation');
    assert.equal(invocation?.toolId, 'tenantGraphql_searchSchema', `the response holds the tool's invocation: ${JSON.stringify(last.response.map((p) => p.kind))}`);
    const markdown = last.response
      .filter((p) => p.kind === undefined || p.kind === 'markdownContent')
      .map((p) => (typeof p.value === 'string' ? p.value : (p.value?.value ?? '')))
      .join('');
    assert.match(markdown, /Scripted model saw:/, markdown.slice(0, 500));
    assert.match(markdown, /enum TaskPriority \{[^}]*URGENT/, markdown.slice(0, 500));

    // What the person sees: the Chat view's text, read by the runner's browser harness.
    const out = join(tmpdir(), `chat-view-${randomBytes(6).toString('hex')}.json`);
    instructBrowser({ chatView: { contains: 'URGENT', out } });
    const view = await eventually(
      () => (existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { text?: string; error?: string }) : undefined),
      'the Chat view read by the runner',
      60_000,
    );
    rmSync(out, { force: true });
    assert.equal(view.error, undefined, view.error);
    assert.ok(view.text?.includes('Which values does TaskPriority have?'), `the view shows the prompt: ${view.text?.slice(0, 800)}`);
    assert.match(view.text ?? '', /Scripted model saw:/);
    assert.match(view.text ?? '', /enum TaskPriority \{/);
  });
});
