/** The in-test token server of the contract tests: a real HTTP endpoint on 127.0.0.1. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the token server saw. */
export interface SeenRequest {
  readonly params: URLSearchParams;
  readonly contentType: string | undefined;
}

/** The answer of the in-test token server. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: string;
}

/** A tiny token endpoint on 127.0.0.1:0 (POST /v1/oauth/token) driven by a handler. */
export class TokenServer {
  readonly requests: SeenRequest[] = [];
  handler: (params: URLSearchParams) => Reply | Promise<Reply> = () => ({ status: 500 });
  private server!: Server;
  port = 0;

  static async start(): Promise<TokenServer> {
    const t = new TokenServer();
    t.server = createServer((req, res) => void t.handle(req, res));
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve()));
    t.port = (t.server.address() as AddressInfo).port;
    return t;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Requests of one grant type. */
  grants(type: string): SeenRequest[] {
    return this.requests.filter((r) => r.params.get('grant_type') === type);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) {
      chunks.push(c as Buffer);
    }
    if (req.method !== 'POST' || req.url !== '/v1/oauth/token') {
      res.writeHead(404).end();
      return;
    }
    const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ params, contentType: req.headers['content-type'] });
    const reply = await this.handler(params);
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  }
}
