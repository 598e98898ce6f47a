import * as vscode from 'vscode';
import type { SchemaSnapshot } from '../core/schema/schemaSnapshot';
import type { Schemas } from './schemas';
import { inert } from '../core/text/inert';

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

/** Where a schema came from, in the person's language. */
function sourceText(source: SchemaSnapshot['source']): string {
  switch (source) {
    case 'cache':
      return vscode.l10n.t('introspection, loaded from the disk cache');
    case 'introspection':
      return vscode.l10n.t('introspection of the signed-in environment');
    case 'file':
      return vscode.l10n.t('graphql-config schema file');
  }
}

/**
 * Which schema the language features use and how old it is, e.g.
 * `$(symbol-structure) Sandbox schema · 5 min ago`; a click refreshes it. For a document in a
 * folder with a graphql-config schema, that schema is shown instead.
 */
export class SchemaStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tenantGraphql.schema', vscode.StatusBarAlignment.Left, 49);
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

  /** The text shown now (for tests and logs). */
  get text(): string {
    return this.item.text;
  }

  update(): void {
    const uri = this.activeGraphqlUri();
    const folder = uri ? this.schemas.folderEntryFor(uri) : undefined;
    if (folder) {
      const s = folder.snapshot;
      this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema · graphql-config', s.label)}`;
      this.item.tooltip = this.tooltip(s, folder.problem);
      this.item.command = { command: 'tenantGraphql.refreshSchema', title: vscode.l10n.t('Refresh Schema') };
      this.item.show();
      return;
    }
    const env = this.schemas.environment.environmentName;
    const state = this.schemas.state;
    const snapshot = this.schemas.current();
    if (!env || state.kind === 'noEnvironment') {
      this.item.hide();
      return;
    }
    this.item.command = { command: 'tenantGraphql.refreshSchema', title: vscode.l10n.t('Refresh Schema') };
    if (!snapshot) {
      if (state.kind === 'notSignedIn') {
        this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema: sign in to load it', env)}`;
        this.item.tooltip = vscode.l10n.t('Completion, hover and validation need the schema of {0}. Sign in to load it.', env);
        this.item.command = 'tenantGraphql.signIn';
      } else if (state.kind === 'failed') {
        this.item.text = `$(warning) ${vscode.l10n.t('{0} schema: not loaded', env)}`;
        this.item.tooltip = vscode.l10n.t('The schema of {0} could not be loaded: {1}\nClick to try again.', env, state.reason);
      } else if (state.kind === 'idle') {
        this.item.text = `$(symbol-structure) ${vscode.l10n.t('{0} schema: not loaded', env)}`;
        this.item.tooltip = vscode.l10n.t('Click to load the schema of {0}.', env);
      } else {
        this.item.text = `$(sync~spin) ${vscode.l10n.t('{0} schema: loading…', env)}`;
        this.item.tooltip = vscode.l10n.t('Loading the schema of {0}.', env);
      }
      this.item.show();
      return;
    }
    const age = snapshot.fetchedAt ? ` · ${formatAge(Date.now() - snapshot.fetchedAt.getTime())}` : '';
    const icon = state.kind === 'failed' ? '$(warning)' : state.kind === 'loading' ? '$(sync~spin)' : '$(symbol-structure)';
    this.item.text = `${icon} ${vscode.l10n.t('{0} schema', snapshot.label)}${age}`;
    let note: string | undefined;
    if (state.kind === 'failed') {
      note = vscode.l10n.t('The last refresh failed, so this is the last good schema: {0}', state.reason);
    } else if (state.kind === 'notSignedIn') {
      note = vscode.l10n.t('Not signed in: the cached schema is used; sign in to refresh it.');
    }
    this.item.tooltip = this.tooltip(snapshot, note);
    this.item.show();
  }

  private tooltip(s: SchemaSnapshot, note: string | undefined): vscode.MarkdownString {
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**${escape(vscode.l10n.t('{0} schema', s.label))}**\n\n`);
    md.appendMarkdown(`- ${escape(vscode.l10n.t('Source: {0}', sourceText(s.source)))}\n`);
    if (s.fetchedAt) {
      md.appendMarkdown(`- ${escape(vscode.l10n.t('Fetched: {0} ({1})', s.fetchedAt.toLocaleString(), formatAge(Date.now() - s.fetchedAt.getTime())))}\n`);
    }
    if (s.sha256) {
      md.appendMarkdown(`- SHA-256: \`${s.sha256.slice(0, 16)}…\`\n`);
    }
    if (s.file && s.source === 'file') {
      md.appendMarkdown(`- ${escape(vscode.l10n.t('File: {0}', s.file))}\n`);
    }
    if (s.warnings.length > 0) {
      md.appendMarkdown(`- ${escape(vscode.l10n.t('{0} tolerated schema problem(s); see the log.', s.warnings.length))}\n`);
    }
    if (note) {
      md.appendMarkdown(`\n$(warning) ${escape(note)}\n`);
    }
    md.appendMarkdown(`\n${escape(vscode.l10n.t('Click to refresh the schema.'))}`);
    return md;
  }

  dispose(): void {
    clearInterval(this.timer);
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/** Text inside the tooltip's markdown (which renders `$(icons)`): escaped, links and icons inert. */
function escape(text: string): string {
  return inert(text, { sink: 'markdown' });
}
