import * as vscode from 'vscode';
import type { GraphQLSchema } from 'graphql';
import { errorMessage } from '../core/errors';
import type { Logger } from '../core/logger';
import { pathKey, type BuilderPath } from '../core/builder/builderPath';
import { sameShown, type BuilderState } from '../core/builder/builderState';
import { inert } from '../core/text/inert';
import { registerCommands } from '../platform/commands';
import type { Schemas } from '../services/schemas';
import { builderCommands } from './commands';
import { applyToggle, stateOf, targetOf, type BuilderTarget } from './builderEditor';
import { BuilderTree, type BuilderElement } from './builderView';

/** Id of the operation builder view (package.json `contributes.views`). */
export const BUILDER_VIEW = 'tenantGraphql.operationBuilder';

/** What the builder feature needs: the schemas, the template tags of code files, the log. */
export interface BuilderFeatureServices {
  readonly schemas: Schemas;
  readonly templateTags: () => readonly string[];
  readonly logger: Logger;
}

/**
 * The operation builder: a tree of the schema from its root types beside the editor, each field a
 * box ticked when the operation under the cursor selects it; a box changed changes the text.
 */
export class BuilderFeature implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  readonly tree: BuilderTree;
  readonly view: vscode.TreeView<BuilderElement>;
  private editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  private state: BuilderState | undefined;
  /** The schema the tree was last drawn with. */
  private drawnSchema: GraphQLSchema | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly services: BuilderFeatureServices) {
    this.tree = new BuilderTree(() => ({ schema: this.schema(), state: this.state }));
    this.view = vscode.window.createTreeView(BUILDER_VIEW, { treeDataProvider: this.tree, manageCheckboxStateManually: true, showCollapseAll: true });
    this.disposables.push(
      this.tree,
      this.view,
      this.view.onDidChangeCheckboxState((e) => {
        for (const [element, state] of e.items) {
          if (element.kind !== 'spread') {
            void this.toggle(element.path, state === vscode.TreeItemCheckboxState.Checked);
          }
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor) {
          this.editor = editor;
          this.update();
        }
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === this.editor) {
          this.update(100);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === this.editor?.document) {
          this.update();
        }
      }),
      services.schemas.onDidChange(() => this.update()),
      registerCommands(builderCommands, { feature: this }, services.logger, 'builder'),
    );
    this.update();
  }

  /** The schema of the builder's document (the active environment's when the document has none of its own). */
  schema(): GraphQLSchema | undefined {
    const doc = this.editor?.document;
    return (doc ? this.services.schemas.schemaFor(doc.uri) : undefined)?.schema ?? this.services.schemas.current()?.schema;
  }

  private target(): BuilderTarget | undefined {
    return targetOf(this.editor, this.services.templateTags());
  }

  /** Keys of the paths the operation under the cursor selects, as the tree shows them. */
  ticked(): string[] {
    return [...(this.state?.ticked ?? [])].sort();
  }

  /** Reads the text again (at once, or after `delayMs` for cursor moves) and redraws when what the tree shows changed. */
  update(delayMs = 0): void {
    clearTimeout(this.timer);
    const run = () => {
      const target = this.target();
      const state = stateOf(target);
      const schema = this.schema();
      this.view.message = !target
        ? vscode.l10n.t('Open a GraphQL file, or place the cursor in a GraphQL template, to build an operation.')
        : !schema
          ? vscode.l10n.t('No schema yet: sign in, or refresh the schema.')
          : state?.syntaxError
            ? inert(vscode.l10n.t('Fix the syntax error to build: {0}', state.syntaxError), { sink: 'treeItem' })
            : undefined;
      const changed = schema !== this.drawnSchema || !sameShown(state, this.state);
      this.state = state;
      this.drawnSchema = schema;
      if (changed) {
        this.tree.refresh();
      }
    };
    if (delayMs > 0) {
      this.timer = setTimeout(run, delayMs);
    } else {
      run();
    }
  }

  /**
   * Ticks (checked) or unticks a path in the editor's operation; `fresh` writes a new operation
   * instead. One change at a time, each on the text as the previous one left it. Resolves to the
   * ticked paths after the change.
   */
  toggle(path: BuilderPath, checked: boolean, fresh = false): Promise<string[]> {
    const next = this.queue.then(async () => {
      const target = this.target();
      const schema = this.schema();
      try {
        if (!target || !schema) {
          throw new Error(vscode.l10n.t('Open a GraphQL file, or place the cursor in a GraphQL template, and load a schema first.'));
        }
        const change = await applyToggle(target, schema, path, checked, fresh);
        this.services.logger.info(`[builder] ${checked ? 'ticked' : 'unticked'} ${pathKey(path)}: ${change.edits.length} edit(s)`);
      } catch (err) {
        void vscode.window.showWarningMessage(inert(vscode.l10n.t('Could not change the operation: {0}', errorMessage(err)), { sink: 'notification' }));
      } finally {
        // The tree shows the text again; a box the person flipped that the text does not follow
        // (a refused change) is drawn again from the text even when nothing else changed.
        this.update();
        if (this.state?.ticked.has(pathKey(path)) !== checked) {
          this.tree.refresh();
        }
      }
      return this.ticked();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  dispose(): void {
    clearTimeout(this.timer);
    vscode.Disposable.from(...this.disposables.reverse()).dispose();
  }
}
