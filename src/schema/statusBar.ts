import * as vscode from 'vscode';
import type { SchemaSnapshot } from '../core/schema/schemaSnapshot';
import type { Schemas } from '../services/schemas';
import { inert } from '../core/text/inert';
import { CODE_SELECTOR } from '../platform/codeFiles';

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) {
    return vscode.l10n.t('just now');
  }
  if (minutes < 60) {
    return vscode.l10n.t('{0} min ago', minutes);
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    return vscode.l10n.t('{0} h ago', hours);
  }
  return vscode.l10n.t('{0} days ago', Math.floor(hours / 24));
}

const SOURCE_TEXT: Record<SchemaSnapshot['source'], () => string> = {
  cache: () => vscode.l10n.t('introspection, from the disk cache'),
  introspection: () => vscode.l10n.t('introspection'),
  file: () => vscode.l10n.t('graphql-config file'),
};

/**
 * Which schema the language features use and how old it is, as a language status item of GraphQL
 * documents and code files (the `{}` beside the language in the status bar): `Sandbox schema`,
 * detail `introspection · 5 min ago`, a Refresh action. For a document in a folder with a
 * graphql-config schema, that schema is shown instead.
 */
export class SchemaStatusBar implements vscode.Disposable {
  private readonly item = vscode.languages.createLanguageStatusItem('tenantGraphql.schema', [{ language: 'graphql' }, ...CODE_SELECTOR]);
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly schemas: Schemas,
    /** The active GraphQL editor's document, if any (its folder may have a graphql-config schema). */
    private readonly activeGraphqlUri: () => vscode.Uri | undefined,
  ) {
    this.item.name = vscode.l10n.t('Tenant GraphQL Schema');
    this.disposables.push(
      this.item,
      schemas.onDidChange(() => this.update()),
      schemas.environment.onDidChangeState(() => this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
    );
    this.timer = setInterval(() => this.update(), 60_000);
    this.timer.unref?.();
    this.update();
  }

  /** The text and detail shown now (for tests and logs). */
  get text(): string {
    return this.item.detail ? `${this.item.text} · ${this.item.detail}` : this.item.text;
  }

  update(): void {
    const refresh = { command: 'tenantGraphql.refreshSchema', title: vscode.l10n.t('Refresh'), tooltip: vscode.l10n.t('Refresh Schema') };
    this.item.busy = false;
    this.item.severity = vscode.LanguageStatusSeverity.Information;
    const uri = this.activeGraphqlUri();
    const folder = uri ? this.schemas.folderEntryFor(uri) : undefined;
    if (folder) {
      const s = folder.snapshot;
      this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema', inert(s.label, { sink: 'statusBar' }))}`;
      this.item.detail = this.detail(s, folder.problem);
      this.item.severity = folder.problem ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
      this.item.command = refresh;
      return;
    }
    const env = this.schemas.environment.environmentName;
    const state = this.schemas.state;
    const snapshot = this.schemas.current();
    if (!env || state.kind === 'noEnvironment') {
      this.item.text = `$(symbol-structure) ${vscode.l10n.t('No schema')}`;
      this.item.detail = vscode.l10n.t('no environment: try the Sandbox or configure one');
      this.item.command = { command: 'tenantGraphql.switchEnvironment', title: vscode.l10n.t('Choose Environment'), tooltip: vscode.l10n.t('Switch Environment') };
      return;
    }
    const envName = inert(env, { sink: 'statusBar' });
    this.item.command = refresh;
    if (!snapshot) {
      if (state.kind === 'notSignedIn') {
        this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema', envName)}`;
        this.item.detail = vscode.l10n.t('sign in to load it');
        this.item.command = { command: 'tenantGraphql.signIn', title: vscode.l10n.t('Sign In') };
      } else if (state.kind === 'failed') {
        this.item.text = `$(warning) ${vscode.l10n.t('{0} schema', envName)}`;
        this.item.detail = vscode.l10n.t('not loaded: {0}', inert(state.reason, { sink: 'statusBar' }));
        this.item.severity = vscode.LanguageStatusSeverity.Error;
      } else if (state.kind === 'idle') {
        this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema', envName)}`;
        this.item.detail = vscode.l10n.t('not loaded');
      } else {
        this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema', envName)}`;
        this.item.detail = vscode.l10n.t('loading…');
        this.item.busy = true;
      }
      return;
    }
    let note: string | undefined;
    if (state.kind === 'failed') {
      note = vscode.l10n.t('last refresh failed: {0}', state.reason);
      this.item.severity = vscode.LanguageStatusSeverity.Warning;
    } else if (state.kind === 'notSignedIn') {
      note = vscode.l10n.t('not signed in: the cached schema is used');
    }
    this.item.busy = state.kind === 'loading';
    this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema', inert(snapshot.label, { sink: 'statusBar' }))}`;
    this.item.detail = this.detail(snapshot, note);
  }

  /** `introspection · 5 min ago`, with a note after it (a failed refresh). */
  private detail(s: SchemaSnapshot, note: string | undefined): string {
    const parts = [SOURCE_TEXT[s.source]()];
    if (s.fetchedAt) {
      parts.push(formatAge(Date.now() - s.fetchedAt.getTime()));
    }
    if (s.warnings.length > 0) {
      parts.push(vscode.l10n.t('{0} tolerated schema problem(s); see the log', s.warnings.length));
    }
    if (note) {
      parts.push(note);
    }
    return inert(parts.join(' · '), { sink: 'statusBar' });
  }

  dispose(): void {
    clearInterval(this.timer);
    vscode.Disposable.from(...this.disposables).dispose();
  }
}
