/**
 * The peer: graphql-language-service-server 2.14 over LSP (stdio, vscode-jsonrpc), pointed at
 * the same schema (printed SDL, duplicates removed, since it refuses GitHub's raw SDL) through a
 * graphql-config in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Position } from '../src/core/language/types';
import { summarize, type Summary } from './stats';
import { ensurePeer } from './peerInstall';

/** What was measured of the peer. */
export interface PeerResult {
  readonly spawnToFirstCompletionMs: number;
  readonly completion: Summary;
  readonly hover: Summary;
  readonly emptyCompletions: number;
  /** didChange (one more edit) to its publishDiagnostics, on the same document. */
  readonly diagnostics: Summary;
  /** The peer process's resident memory after the run (VmRSS), in MB; NaN where /proc is missing. */
  readonly rssMb: number;
}

/** Spawns the peer in `tmpDir`, measures it on the document and positions, and stops it. */
export async function measurePeer(options: {
  readonly tmpDir: string;
  readonly sdl: string;
  readonly document: string;
  readonly positions: readonly Position[];
  readonly rounds: number;
  readonly firstCompletionAt: Position;
  /** The document's file name (default github.graphql) and language id (default graphql): a .ts file measures GraphQL in code. */
  readonly fileName?: string;
  readonly languageId?: string;
}): Promise<PeerResult> {
  const root = path.join(options.tmpDir, 'peer');
  await mkdir(path.join(root, 'operations'), { recursive: true });
  await mkdir(path.join(root, 'tmp'), { recursive: true });
  await writeFile(path.join(root, 'schema.graphql'), options.sdl);
  await writeFile(path.join(root, '.graphqlrc.yml'), 'schema: schema.graphql\ndocuments: operations/*.{graphql,ts}\n');
  const docPath = path.join(root, 'operations', options.fileName ?? 'github.graphql');
  await writeFile(docPath, options.document);
  const uri = pathToFileURL(docPath).toString();

  const peerDir = ensurePeer();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(__dirname, 'peerServer.mjs'), root, path.join(root, 'tmp'), peerDir], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: path.join(root, 'tmp') },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onRequest((method: string, params: unknown) => {
    if (method === 'workspace/configuration') {
      const items = (params as { items?: unknown[] } | undefined)?.items ?? [];
      return items.map(() => null);
    }
    return null;
  });
  const log: string[] = [];
  let published: (() => void) | undefined;
  connection.onNotification((method: string, params: unknown) => {
    if (method === 'textDocument/publishDiagnostics' && (params as { uri?: string } | undefined)?.uri === uri) {
      published?.();
    }
    if (method === 'window/logMessage' || method === 'window/showMessage') {
      log.push(String((params as { message?: unknown } | undefined)?.message ?? '').slice(0, 300));
      log.splice(0, Math.max(0, log.length - 5));
    }
  });
  connection.listen();
  try {
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(root).toString(),
      capabilities: { workspace: { configuration: true } },
      workspaceFolders: [{ uri: pathToFileURL(root).toString(), name: 'peer' }],
    });
    await connection.sendNotification('initialized', {});
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: options.languageId ?? 'graphql', version: 1, text: options.document },
    });
    const complete = (position: Position) => connection.sendRequest('textDocument/completion', { textDocument: { uri }, position });
    const deadline = performance.now() + 60_000;
    let spawnToFirst = Number.NaN;
    while (performance.now() < deadline) {
      const result = (await complete(options.firstCompletionAt)) as unknown[] | { items: unknown[] } | null;
      const items = Array.isArray(result) ? result : (result?.items ?? []);
      if (items.length > 0) {
        spawnToFirst = performance.now() - t0;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (Number.isNaN(spawnToFirst)) {
      throw new Error(`no completion from the peer within 60 s; its last messages: ${log.join(' | ') || '(none)'}; stderr: ${stderr.trim().slice(-500) || '(empty)'}`);
    }
    const completionSamples: number[] = [];
    const hoverSamples: number[] = [];
    let empty = 0;
    for (let round = 0; round < options.rounds; round++) {
      for (const position of options.positions) {
        const c0 = performance.now();
        const result = (await complete(position)) as unknown[] | { items: unknown[] } | null;
        completionSamples.push(performance.now() - c0);
        if ((Array.isArray(result) ? result : (result?.items ?? [])).length === 0) {
          empty++;
        }
        const h0 = performance.now();
        await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position });
        hoverSamples.push(performance.now() - h0);
      }
    }
    const diagnosticsSamples: number[] = [];
    const lines = options.document.split('\n');
    for (let i = 0; i < Math.min(20, options.positions.length); i++) {
      const line = options.positions[i].line;
      lines[line] = `${lines[line]} `;
      const arrived = new Promise<void>((resolve) => (published = resolve));
      const d0 = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ text: lines.join('\n') }] });
      await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      diagnosticsSamples.push(performance.now() - d0);
    }
    published = undefined;
    let rssMb = Number.NaN;
    try {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      rssMb = kb ? Number(kb) / 1024 : Number.NaN;
    } catch {
      // no /proc here
    }
    return {
      diagnostics: summarize(diagnosticsSamples),
      rssMb,
      spawnToFirstCompletionMs: spawnToFirst,
      completion: summarize(completionSamples),
      hover: summarize(hoverSamples),
      emptyCompletions: empty,
    };
  } finally {
    connection.dispose();
    child.kill();
  }
}
