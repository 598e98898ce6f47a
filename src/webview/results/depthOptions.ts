/** How deep the results tree renders in one go, and the texts of its depth controls (see treeView.ts). */

/** Texts of the depth controls; `{0}` is a depth (1 = the top level). */
export interface DepthStrings {
  /** The item shown instead of the children of a node at the depth limit. */
  readonly continueAtDepth: string;
  /** The item above a re-rooted view. */
  readonly backToDepth: string;
}

/** English texts of the depth controls, until the extension sends localized ones. */
export const DEFAULT_DEPTH_STRINGS: DepthStrings = {
  continueAtDepth: 'Continue from here (level {0})…',
  backToDepth: 'Back to level {0}',
};

/** Levels rendered below the item on top before "Continue from here". */
export const DEFAULT_MAX_DEPTH = 40;

/** Options of a TreeView. */
export interface TreeViewOptions {
  /** Levels rendered in one go; defaults to {@link DEFAULT_MAX_DEPTH}. */
  readonly maxDepth?: number;
  readonly depthStrings?: DepthStrings;
}
