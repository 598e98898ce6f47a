import type * as vscode from 'vscode';
import type { Command } from '../../platform/commands';
import type { BuilderPath } from '../../core/builder/builderPath';
import type { BuilderElement, BuilderTree } from '../builderView';

/** What the builder's commands act on (the feature, seen through what they use). */
export interface BuilderActions {
  readonly tree: BuilderTree;
  readonly view: vscode.TreeView<BuilderElement>;
  ticked(): string[];
  toggle(path: BuilderPath, checked: boolean, fresh?: boolean): Promise<string[]>;
}

/** What the builder's command handlers may use. */
export interface BuilderCommandServices {
  readonly feature: BuilderActions;
}

/** One command of the builder feature. */
export type BuilderCommand = Command<BuilderCommandServices>;
