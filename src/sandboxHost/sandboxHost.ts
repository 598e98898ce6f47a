import * as vscode from 'vscode';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { taggedLogger, type Logger } from '../core/logger';
import { errorMessage } from '../core/errors';

/** What the Sandbox prints on its first line (`SANDBOX {...}`), as far as the extension uses it. */
export interface SandboxInfo {
  readonly authUrl: string;
  readonly baseUrl: string;
  readonly clients: readonly { clientId: string; type: 'public' | 'confidential'; scopes: readonly string[] }[];
  readonly users: readonly { id: string; name: string; groups: readonly string[] }[];
}

/** What the Sandbox answers on standard output to a request over its standard input (`--stdin-control`). */
interface ControlReply {
  readonly id: number;
  readonly ok?: true;
  readonly error?: string;
}

/** How long a request over the Sandbox's standard input may take. */
const CONTROL_TIMEOUT_MS = 10_000;

/** Preferred ports, so sign-ins survive a restart of the Sandbox; free ones when taken. */
const PREFERRED_PORTS = ['--auth-port', '4780', '--api-port', '4781'];

/**
 * Runs the Sandbox that ships with the extension (`dist/sandbox.js`) as a child process on
 * 127.0.0.1, on demand only. The Sandbox code is never loaded into the extension host.
 *
 * Started without its admin endpoint (test machinery that would let any local process or a
 * DNS-rebinding page read the secrets it issued): the two things the extension must tell it, a
 * browser-based VS Code's callback address of a sign-in and the forwarded address its browser
 * reaches the sign-in page under, go over the child's standard input (`--stdin-control`), which only
 * this process holds.
 */
export class SandboxHost implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private current: SandboxInfo | undefined;
  private readonly replies = new Map<number, (reply: ControlReply) => void>();
  private lastRequestId = 0;
  private starting: Promise<SandboxInfo> | undefined;
  private readonly emitter = new vscode.EventEmitter<SandboxInfo | undefined>();
  private readonly logger: Logger;
  /** Fires when the Sandbox starts or stops. */
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    logger: Logger,
  ) {
    this.logger = taggedLogger(logger, 'sandbox');
  }

  get info(): SandboxInfo | undefined {
    return this.current;
  }

  /** Starts the Sandbox unless it runs already; resolves to its addresses. */
  start(): Promise<SandboxInfo> {
    if (this.current) {
      return Promise.resolve(this.current);
    }
    this.starting ??= this.spawnWithFallback().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawnWithFallback(): Promise<SandboxInfo> {
    try {
      return await this.spawn(PREFERRED_PORTS);
    } catch (err) {
      this.logger.info(`Preferred ports not available (${errorMessage(err)}); using free ports.`);
      return this.spawn(['--auth-port', '0', '--api-port', '0']);
    }
  }

  private spawn(portArgs: string[]): Promise<SandboxInfo> {
    const entry = vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'sandbox.js').fsPath;
    const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
    // Only a test harness hands the Sandbox an admin key (with --admin, which is never passed here).
    delete env.TENANT_GRAPHQL_SANDBOX_ADMIN_KEY;
    const child = spawn(process.execPath, [entry, ...portArgs, '--quiet', '--stdin-control'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    child.stdin?.on('error', () => undefined);
    const stderr: string[] = [];
    child.stderr?.on('data', (d: Buffer) => stderr.push(d.toString('utf8')));
    return new Promise<SandboxInfo>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('the Sandbox did not start within 20 seconds'));
      }, 20_000);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the Sandbox stopped (exit ${code}): ${stderr.join('').trim().slice(0, 300)}`));
      });
      lines.once('line', (line) => {
        clearTimeout(timer);
        const match = /^SANDBOX (\{.*\})\s*$/.exec(line);
        if (!match) {
          child.kill();
          reject(new Error('the Sandbox printed an unexpected first line'));
          return;
        }
        const info = JSON.parse(match[1]) as SandboxInfo;
        lines.on('line', (next) => this.onLine(next));
        child.removeAllListeners('exit');
        child.once('exit', (code) => {
          this.logger.warn(`The Sandbox stopped (exit ${code}).`);
          if (this.child === child) {
            this.child = undefined;
            this.current = undefined;
            this.emitter.fire(undefined);
          }
        });
        this.child = child;
        this.current = info;
        this.logger.info(`Sandbox running: sign-in at ${info.authUrl}, API at ${info.baseUrl}.`);
        void this.allowForwarding(info);
        this.emitter.fire(info);
        resolve(info);
      });
    });
  }

  /** A `CONTROL {...}` line of the Sandbox answers a request of {@link control}; other lines are its summary. */
  private onLine(line: string): void {
    const match = /^CONTROL (\{.*\})\s*$/.exec(line);
    if (!match) {
      return;
    }
    const reply = JSON.parse(match[1]) as ControlReply;
    this.replies.get(reply.id)?.(reply);
    this.replies.delete(reply.id);
  }

  /** Sends one request over the Sandbox's standard input and waits for its answer. */
  private control(child: ChildProcess, message: Record<string, unknown>): Promise<void> {
    const id = ++this.lastRequestId;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        reject(new Error('the Sandbox did not answer'));
      }, CONTROL_TIMEOUT_MS);
      this.replies.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.ok === true) {
          resolve();
        } else {
          reject(new Error(reply.error ?? 'the Sandbox refused the request'));
        }
      });
      child.stdin?.write(`${JSON.stringify({ id, ...message })}\n`);
    });
  }

  /**
   * In a browser-based or remote VS Code the browser may reach the sign-in page through the host's
   * port forwarding (code-server's `/proxy/<port>/`), which passes the browser's `Host` through:
   * the Sandbox refuses every `Host` but its own unless told this one.
   */
  private async allowForwarding(info: SandboxInfo): Promise<void> {
    const child = this.child;
    if (!child || (vscode.env.remoteName === undefined && vscode.env.uiKind !== vscode.UIKind.Web)) {
      return;
    }
    try {
      const forwarded = await vscode.env.asExternalUri(vscode.Uri.parse(`${info.authUrl}/`));
      if (forwarded.authority.toLowerCase() !== new URL(info.authUrl).host) {
        await this.control(child, { allowAuthHost: forwarded.authority });
      }
    } catch (err) {
      this.logger.warn(`The Sandbox's forwarded address is unknown (${errorMessage(err)}); the sign-in page answers its loopback address only.`);
    }
  }

  /**
   * Registers an exact redirect URI for the Sandbox's clients, as a tenant admin would: browser-based
   * VS Code hosts hand out a new callback address for every sign-in.
   */
  async registerRedirectUri(uri: string): Promise<void> {
    const info = this.current;
    const child = this.child;
    if (!info || !child) {
      return;
    }
    for (const client of info.clients) {
      try {
        await this.control(child, { registerRedirectUri: { clientId: client.clientId, uri } });
      } catch (err) {
        throw new Error(`the Sandbox refused the redirect URI (${errorMessage(err)})`);
      }
    }
  }

  /** Stops the Sandbox if it runs. */
  async stop(): Promise<boolean> {
    const child = this.child;
    if (!child) {
      return false;
    }
    this.child = undefined;
    this.current = undefined;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
    this.logger.info('Sandbox stopped.');
    this.emitter.fire(undefined);
    return true;
  }

  dispose(): void {
    this.child?.kill('SIGINT');
    this.child = undefined;
    this.emitter.dispose();
  }
}
