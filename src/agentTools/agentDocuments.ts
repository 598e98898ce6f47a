import * as vscode from 'vscode';
import { setContextKey } from '../platform/contextKeys';

/** The scheme of the operations agents ran (read-only documents the run path opens). */
export const AGENT_SCHEME = 'tenant-graphql-agent';

/** How many agents' operations are kept as documents (older ones read as empty). */
const KEPT = 20;

/** An operation an agent wrote, with the variables it gave. */
export interface AgentOperation {
  readonly text: string;
  readonly variables?: Readonly<Record<string, unknown>>;
}

/**
 * The operations agents validated or ran: the run path reads them as read-only documents of
 * {@link AGENT_SCHEME}, and "Open the Agent's Operation" puts the last one in an editor tab.
 */
export class AgentDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private count = 0;
  private lastOperation: AgentOperation | undefined;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(AGENT_SCHEME, this);

  /** The last operation an agent validated or ran. */
  get last(): AgentOperation | undefined {
    return this.lastOperation;
  }

  /** Remembers an operation as the last one (the open command's). */
  remember(operation: AgentOperation): void {
    this.lastOperation = operation;
    setContextKey('tenantGraphql.hasAgentOperation', true);
  }

  /** Keeps `text` as a document of its own and returns its URI. */
  add(operation: AgentOperation, label: string): vscode.Uri {
    this.remember(operation);
    const path = `/${++this.count}/${label.replace(/[^A-Za-z0-9_-]/g, '') || 'operation'}.graphql`;
    this.texts.set(path, operation.text);
    for (const old of [...this.texts.keys()].slice(0, Math.max(0, this.texts.size - KEPT))) {
      this.texts.delete(old);
    }
    return vscode.Uri.from({ scheme: AGENT_SCHEME, path });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
  }
}
