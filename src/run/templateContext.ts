import * as vscode from 'vscode';
import { templateAt } from '../core/run/embeddedRun';
import type { HostTemplates } from './hostTemplates';
import { isCodeDocument } from '../platform/codeFiles';
import { setContextKey } from '../platform/contextKeys';

/**
 * The `when` context key of Ctrl/Cmd+Enter (Run Operation) in code files: true while the cursor
 * of the active editor is inside a GraphQL template that holds an operation. Outside templates the
 * key is false and Ctrl/Cmd+Enter keeps its usual meaning (Insert Line Below), which is what a
 * TypeScript user expects; a command that ran anyway and "fell back" could not hand the key press
 * back to the editor's own binding.
 */
export const IN_TEMPLATE_CONTEXT = 'tenantGraphql.inGraphqlTemplate' as const;

const OPERATION = /\b(query|mutation|subscription)\b|^\s*\{/;

export class TemplateContext implements vscode.Disposable {
  private value = false;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly templates: HostTemplates) {
    this.disposables = [vscode.window.onDidChangeTextEditorSelection((e) => this.update(e.textEditor)), vscode.window.onDidChangeActiveTextEditor((e) => this.update(e))];
    this.update(vscode.window.activeTextEditor);
  }

  /** Whether the cursor of this editor is in a template with an operation. */
  inTemplate(editor: vscode.TextEditor | undefined): boolean {
    if (!editor || !isCodeDocument(editor.document)) {
      return false;
    }
    const template = templateAt(this.templates.templatesOf(editor.document), editor.document.offsetAt(editor.selection.active));
    return template !== undefined && OPERATION.test(template.text);
  }

  private update(editor: vscode.TextEditor | undefined): void {
    if (editor && editor !== vscode.window.activeTextEditor) {
      return;
    }
    const next = this.inTemplate(editor);
    if (next !== this.value) {
      this.value = next;
      setContextKey(IN_TEMPLATE_CONTEXT, next);
    }
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }
}
