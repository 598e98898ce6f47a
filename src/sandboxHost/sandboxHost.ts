import * as vscode from 'vscode';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { taggedLogger, type Logger } from '../core/logger';
import { errorMessage } from '../core/errors';

/** What the Sandbox prints on its first line (`SANDBOX {...}`), as far as the extension uses it. */
export interface SandboxInfo {
  readonly authUrl: string;
  readonly baseUrl: string;
  readonly adminUrl: string;
  readonly clients: readonly { clientId: string; type: 'public' | 'confidential'; scopes: readonly string[] }[];
  readonly users: readonly { id: string; name: string; groups: readonly string[] }[];
}

/** Preferred ports, so sign-ins survive a restart of the Sandbox; free ones when taken. */
const PREFERRED_PORTS = ['--auth-port', '4780', '--api-port', '4781'];

/**
 * Runs the Sandbox that ships with the extension (`dist/sandbox.js`) as a child process on
 * 127.0.0.1, on demand only. The Sandbox code is never loaded into the extension host.
 */
export class SandboxHost implements vscode.Disposable {
  private child: ChildProcess | undefined;
  private current: SandboxInfo | undefined;
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
    const child = spawn(process.execPath, [entry, ...portArgs, '--quiet'], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
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
        this.emitter.fire(info);
        resolve(info);
      });
    });
  }

  /**
   * Registers an exact redirect URI for the Sandbox's clients, as a tenant admin would: browser-based
   * VS Code hosts hand out a new callback address for every sign-in.
   */
  async registerRedirectUri(uri: string): Promise<void> {
    const info = this.current;
    if (!info) {
      return;
    }
    for (const client of info.clients) {
      const res = await fetch(`${info.adminUrl}/redirect-uris`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: client.clientId, uri }),
      });
      if (!res.ok) {
        throw new Error(`the Sandbox refused the redirect URI (HTTP ${res.status})`);
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
