import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { inert } from '../core/text/inert';

/** A write asked for in Restricted Mode: nothing is written. */
class RestrictedWriteError extends Error {
  override readonly name = 'RestrictedWriteError';
  constructor(file: string) {
    super(`${file} is not written: Tenant GraphQL writes no files in Restricted Mode.`);
  }
}

/**
 * Whether the types feature may write files: not in Restricted Mode, where a repository's settings
 * (and even the person's own) would put the person's schema, with fields only their token sees,
 * into a folder they do not trust. Automatic writes are skipped with a line in the log (once per
 * reason); commands tell the person each time, with a way to trust the workspace.
 */
export class WriteTrust {
  private readonly logged = new Set<string>();
  /** Why the last write was refused, if one was (the integration tests read it). */
  lastRefusal: string | undefined;

  constructor(private readonly logger: Logger) {}

  /** True when the workspace is trusted; else notes why nothing is written. */
  mayWrite(): boolean {
    if (vscode.workspace.isTrusted) {
      return true;
    }
    this.refused(vscode.l10n.t('Tenant GraphQL writes no schema file and no generated types in Restricted Mode. Trust this workspace to write them.'));
    return false;
  }

  /** Throws {@link RestrictedWriteError} unless the workspace is trusted (a write that must not happen silently). */
  throwUnlessTrusted(file: string): void {
    if (!vscode.workspace.isTrusted) {
      throw new RestrictedWriteError(file);
    }
  }

  /** Tells the person why a command wrote nothing, with a way to trust the workspace (not awaited). */
  explain(message: string): void {
    this.refused(message);
    const manage = vscode.l10n.t('Manage Workspace Trust');
    void vscode.window
      .showWarningMessage(inert(message, { sink: 'notification' }), manage)
      .then((choice) => (choice === manage ? vscode.commands.executeCommand('workbench.trust.manage') : undefined));
  }

  private refused(message: string): void {
    this.lastRefusal = message;
    if (!this.logged.has(message)) {
      this.logged.add(message);
      this.logger.info(message);
    }
  }
}
