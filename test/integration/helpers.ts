import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import * as vscode from 'vscode';
import type { TenantGraphqlTestApi } from '../../src/extension';
import type { ResultsPanelInfo } from '../../src/results';
import type { RefreshOutcome } from '../../src/core/schema/schemaSnapshot';

/** The extension under test. */
export const extensionId = 'tenantlabs.tenant-graphql';

/** The workspace folder the runner opened (a temp copy of test/fixtures/workspace). */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('The integration runner must open a workspace folder.');
  }
  return folder.uri;
}

/** Opens a file of the fixture workspace in an editor and returns its document. */
export async function openFixture(relativePath: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.joinPath(workspaceRoot(), relativePath);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  return doc;
}

const SCRATCH_EXTENSIONS: Record<string, string> = { graphql: 'graphql', typescript: 'ts', javascript: 'js', typescriptreact: 'tsx' };
let scratchCount = 0;

/**
 * Opens an unsaved document of `language` holding `content`, under an untitled name no other
 * document of the run had. Not `openTextDocument({ language, content })`: VS Code gives that
 * the lowest free "Untitled-N", the name of a document a previous test just closed, and on a busy
 * machine the extension host can still hold that closed document and return it instead of the new
 * one (a test then formats, completes or runs the previous test's text).
 */
export async function openScratch(language: string, content: string): Promise<vscode.TextDocument> {
  const extension = SCRATCH_EXTENSIONS[language] ?? 'txt';
  const uri = vscode.Uri.from({ scheme: 'untitled', path: `/scratch-${Date.now().toString(36)}-${++scratchCount}.${extension}` });
  let doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== language) {
    doc = await vscode.languages.setTextDocumentLanguage(doc, language);
  }
  const edit = new vscode.WorkspaceEdit();
  edit.insert(uri, new vscode.Position(0, 0), content);
  assert.ok(await vscode.workspace.applyEdit(edit), `the scratch document ${uri.toString()} takes its content`);
  assert.equal(doc.getText(), content, `the scratch document ${uri.toString()} holds its content`);
  return doc;
}

/** Polls until `probe` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
  /** What the failure message adds (the state that was waited on). */
  explain?: () => string | Promise<string>,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${explain ? `: ${await explain()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Must match HARNESS_MARKER in scripts/integration/testOutput.mjs. */
const HARNESS_MARKER = '\u2063[tgq-harness] ';

/** What the runner's browser harness should do on the next consent page. */
export interface BrowserInstruction {
  consent?: 'approve' | 'deny' | 'ignore';
  user?: string;
  registerRedirectUri?: boolean;
  /**
   * The next N webview host frames fail to register their service worker, as VS Code's do on
   * microsoft/vscode#125993: such a frame never loads the page it is given.
   */
  serviceWorkerFaults?: number;
  /**
   * The next N webview host frames wait for their service worker forever (its registration never
   * settles): the frame never makes its page, as in the runs after a sign-in whose tab was closed.
   */
  webviewHostHangs?: number;
  /** Close the sign-in tab once the sign-in came back to VS Code, as a person closes it (stays set until changed). */
  closeTab?: boolean;
  /** Open this address in a new tab, as if the person pasted it into the browser. */
  open?: string;
  /** Consent on the authorization page that is already open (left by `consent: 'ignore'`). */
  approveOpenPage?: boolean;
  /**
   * Run axe-core in the results page once its body has `themeClass`, and write the report to `out`
   * (see checkAccessibility in scripts/integration/resultsPageChecks.mjs).
   */
  axe?: { themeClass: string; out: string };
  /**
   * Measure the results page titled `title` at `width` px once its body has `themeClass`, save a PNG
   * named `name` when TENANT_GRAPHQL_SCREENSHOTS is set, and write the facts to `out` (see
   * checkPanelLayout in scripts/integration/resultsPageChecks.mjs).
   */
  panelLayout?: { themeClass: string; title: string; width: number; name: string; out: string };
  /**
   * Read the Chat view's text once it shows `contains`, and write it to `out` (see readChatView in
   * scripts/testIntegration.mjs).
   */
  chatView?: { contains: string; out: string };
}

/**
 * Tells the person at the browser (the code-server runner's harness) what to do next. Only the
 * code-server runner has one; the desktop runner cannot click in the system browser.
 */
export function instructBrowser(instruction: BrowserInstruction): void {
  console.log(HARNESS_MARKER + JSON.stringify(instruction));
}

/** The Sandbox the runner started (its SANDBOX line), or undefined. */
export interface SandboxInfo {
  authUrl: string;
  baseUrl: string;
  adminUrl: string;
  /** The admin endpoint's key of this run (the runner starts its Sandboxes with one). */
  adminKey: string;
  clients: { clientId: string; type: 'public' | 'confidential'; clientSecret?: string; redirectUris: string[]; scopes: string[] }[];
  users: { id: string; name: string; groups: string[] }[];
  scopes: string[];
}

export function sandbox(): SandboxInfo {
  const raw = process.env.TENANT_GRAPHQL_TEST_SANDBOX;
  if (!raw) {
    throw new Error('The runner did not pass TENANT_GRAPHQL_TEST_SANDBOX.');
  }
  return JSON.parse(raw) as SandboxInfo;
}

/** Calls the Sandbox's admin endpoint (loopback only, with the key of this run). */
export async function admin(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<unknown> {
  const res = await fetch(`${sandbox().adminUrl}${path}`, {
    method,
    headers: { 'x-sandbox-admin-key': sandbox().adminKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    throw new Error(`admin ${method} ${path} -> ${res.status}: ${text}`);
  }
  return text ? JSON.parse(text) : undefined;
}

let runLoopbackPort: Promise<number> | undefined;

/** A port of 127.0.0.1 free now (for a loopback redirect). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The loopback redirect port of "Sandbox (loopback)" in this run: a port free now, registered with the
 * runner's Sandbox as the public client's redirect URI (as a tenant admin registers one). A fixed port
 * made two runs on one machine compete for it (one sign-in's receiver found the port taken).
 */
function loopbackPortForRun(clientId: string): Promise<number> {
  runLoopbackPort ??= (async () => {
    const port = await freeLoopbackPort();
    await admin('/redirect-uris', { clientId, uri: `http://127.0.0.1:${port}/auth-callback` });
    return port;
  })();
  return runLoopbackPort;
}

/**
 * Points the extension at the runner's Sandbox the way a person configures a tenant: in their user
 * settings (a workspace's environments are the repository's, asked about before use). Clears what
 * a test left in the workspace settings.
 */
export async function configureSandboxEnvironments(): Promise<void> {
  const config = vscode.workspace.getConfiguration('tenantGraphql');
  const sb = sandbox();
  const pub = sb.clients.find((c) => c.type === 'public')!;
  const conf = sb.clients.find((c) => c.type === 'confidential')!;
  const loopbackPort = await loopbackPortForRun(pub.clientId);
  await config.update(
    'environments',
    [
      // Mutations without the question (as on the built-in Sandbox): the Mutations tests ask on environments of their own.
      { name: 'Sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: pub.clientId, scopes: ['tasks:read', 'files:read', 'users:read'], confirmMutations: false },
      { name: 'Sandbox (loopback)', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: pub.clientId, scopes: ['tasks:read'], redirectMode: 'loopback', loopbackPort },
      { name: 'Sandbox (team)', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: conf.clientId, scopes: ['tasks:read'], clientType: 'confidential' },
    ],
    vscode.ConfigurationTarget.Global,
  );
  for (const key of ['environments', 'activeEnvironment']) {
    if (config.inspect(key)?.workspaceValue !== undefined) {
      await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
    }
  }
  await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
}

/**
 * Makes sure the extension is active, configured for the Sandbox, and signed in to the "Sandbox"
 * environment as `user` (through the real browser flow, consent approved by the runner's harness).
 * Returns the token-free session summary.
 */
export async function signInToSandbox(user = 'alice', extraScopes: string[] = []): Promise<{ id: string; account: string; scopes: string[] }> {
  await vscode.extensions.getExtension(extensionId)!.activate();
  await configureSandboxEnvironments();
  await vscode.commands.executeCommand('tenantGraphql.switchEnvironment', 'Sandbox');
  const current = await vscode.commands.executeCommand<{ id: string; account: string; scopes: string[] } | undefined>('tenantGraphql.showAccount');
  if (current && current.account === user && extraScopes.every((s) => current.scopes.includes(s))) {
    return current;
  }
  instructBrowser({ consent: 'approve', user });
  const session = await vscode.commands.executeCommand<{ id: string; account: string; scopes: string[] } | undefined>('tenantGraphql.signIn', { scopes: extraScopes });
  if (!session) {
    throw new Error(`could not sign in to the Sandbox as ${user}`);
  }
  return session;
}

/** The results panel through the extension's exported test API (no test commands in the product). */
export async function resultsApi(): Promise<TenantGraphqlTestApi['results']> {
  const api = await vscode.extensions.getExtension<TenantGraphqlTestApi | undefined>(extensionId)!.activate();
  assert.ok(api, 'the extension exports its test API while the extension host runs tests');
  return api.results;
}

/**
 * Waits until the results webview itself reports that it rendered this run (its script ran under
 * the CSP). On a timeout the message holds the panel's state, its recent life and the open tabs.
 */
export async function resultsRendered(runId: string): Promise<ResultsPanelInfo> {
  const api = await resultsApi();
  return eventually(
    () => {
      const info = api.info();
      return info.rendered?.runId === runId ? info : undefined;
    },
    `the results webview to render ${runId}`,
    // A hang guard: the panel's own watchdog may take up to 24 s to make a stuck webview anew.
    45_000,
    () => {
      const { trace, ...info } = api.info();
      const tabs = vscode.window.tabGroups.all.map((g) => g.tabs.map((t) => `${t.label}${t.isActive ? '*' : ''}`));
      return `${JSON.stringify({ ...info, html: undefined, tabs })}\npanel life:\n  ${trace.join('\n  ')}`;
    },
  );
}

/**
 * Waits for the results panel's life trace to hold a line with `text` after its first `after` lines
 * (e.g. `page filtered <runId>`, `page table <runId>`), and returns that line. On a timeout the
 * message holds the trace's last 30 lines.
 */
export async function panelTraced(text: string, after: number, what: string): Promise<string> {
  const api = await resultsApi();
  return eventually(
    () =>
      api
        .info()
        .trace.slice(after)
        .find((line) => line.includes(text)),
    what,
    30_000,
    () => api.info().trace.slice(-30).join('\n  '),
  );
}

/** The server "somebody else" runs (the runner's recording proxy in front of another Sandbox). */
export interface ListenerInfo {
  authUrl: string;
  baseUrl: string;
  /** The other Sandbox's admin address (behind the proxy). */
  adminUrl: string;
  /** Its admin key of this run. */
  adminKey: string;
  /** The other Sandbox's own addresses, not through the proxy: another server identity, whose requests are not recorded. */
  direct: { authUrl: string; baseUrl: string };
}

export function listener(): ListenerInfo {
  const raw = process.env.TENANT_GRAPHQL_TEST_LISTENER;
  if (!raw) {
    throw new Error('The runner did not pass TENANT_GRAPHQL_TEST_LISTENER.');
  }
  return JSON.parse(raw) as ListenerInfo;
}

/** A request the other server received, as its proxy recorded it. */
export interface RecordedRequest {
  role: 'auth' | 'api';
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Every request the other server has received in this run, oldest first. */
export async function recordedByListener(): Promise<RecordedRequest[]> {
  const res = await fetch(`${new URL(listener().baseUrl).origin}/__recorded`);
  return (await res.json()) as RecordedRequest[];
}

/** Writes a file of the workspace (as another program would, not through an editor). */
export async function writeFile(uri: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}

/** Refresh Schema (the command), which must succeed. */
export async function refreshSchema(): Promise<RefreshOutcome> {
  const outcome = (await vscode.commands.executeCommand<RefreshOutcome>('tenantGraphql.refreshSchema'))!;
  assert.ok(outcome.ok, `the schema refreshes: ${outcome.reason ?? ''}`);
  return outcome;
}

/** Schema version 1 of the Sandbox with no faults, no editor open, signed in as `user`, the schema refreshed: where schema suites start. */
export async function freshSandboxSchema(user = 'alice'): Promise<void> {
  await admin('/faults', undefined, 'DELETE');
  await admin('/schema', { version: 1 });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await signInToSandbox(user);
  await refreshSchema();
}
