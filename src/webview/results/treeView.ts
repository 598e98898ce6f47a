/**
 * Renders a {@link JsonTreeModel} as an ARIA tree (`tree` / `treeitem` / `group`, `aria-expanded`),
 * building elements only for expanded nodes. Every value is set with `textContent`.
 * Keyboard: Up/Down/Home/End move, Right expands or enters, Left collapses or goes to the parent,
 * Enter/Space toggle (or show more / show all on those items).
 *
 * Depth: at most {@link TreeViewOptions.maxDepth} levels are rendered below the item on top.
 * A node that deep shows a "Continue from here" item instead of its children; activating it
 * puts that node on top (the view is re-rooted) with a "Back" item above it. So the DOM stays
 * shallow (Chromium's layout dies on a few thousand nested elements), the indentation stays
 * on screen, and opening a node costs O(its children) at any depth of the answer.
 */
import type { ResultsStrings } from '../../shared/resultsMessages';
import { format, valueSummary, type JsonTreeModel, type JsonTreeNode } from './jsonTreeModel';
import { DEFAULT_DEPTH_STRINGS, DEFAULT_MAX_DEPTH, type DepthStrings, type TreeViewOptions } from './depthOptions';
import { itemRow, setPosition, treeItem, treeKeyAction } from './treeItems';

export { DEFAULT_DEPTH_STRINGS, type DepthStrings, type TreeViewOptions } from './depthOptions';

type TreeStrings = Pick<ResultsStrings, 'showMore' | 'showAll' | 'moreCharacters' | 'itemsCount' | 'oneItem' | 'keysCount' | 'oneKey'>;

export class TreeView {
  /** The `role="tree"` element to insert into the page. */
  readonly element: HTMLUListElement;
  private readonly nodes = new WeakMap<Element, JsonTreeNode>();
  private readonly moreOf = new WeakMap<Element, JsonTreeNode>();
  /** "Continue from here" items (the node to put on top) and "Back" items (the node to go back to). */
  private readonly jumpTo = new WeakMap<Element, JsonTreeNode>();
  private readonly maxDepth: number;
  private readonly depthStrings: DepthStrings;
  /** The node on top of the view (the model's root unless re-rooted). */
  private top: JsonTreeNode;
  /** The item with tabindex 0 (the roving focus), tracked so that moving it is O(1). */
  private current: HTMLLIElement | undefined;

  constructor(
    private readonly model: JsonTreeModel,
    private readonly strings: TreeStrings,
    label: string,
    /** Called after every change the user makes (to save the state). */
    private readonly onChange: () => void,
    options: TreeViewOptions = {},
  ) {
    this.maxDepth = Math.max(1, Math.floor(options.maxDepth ?? DEFAULT_MAX_DEPTH));
    this.depthStrings = options.depthStrings ?? DEFAULT_DEPTH_STRINGS;
    this.top = model.root;
    this.element = document.createElement('ul');
    this.element.className = 'json-tree';
    this.element.setAttribute('role', 'tree');
    this.element.setAttribute('aria-label', label);
    this.renderTop();
    this.element.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.element.addEventListener('click', (e) => this.onClick(e));
  }

  /** The node on top of the view. */
  get topNode(): JsonTreeNode {
    return this.top;
  }

  /** The node an element of this tree shows (its tree item or anything inside it), if any. */
  nodeAt(target: Element | null): JsonTreeNode | undefined {
    const li = target?.closest('[role="treeitem"]');
    return li && this.element.contains(li) ? this.nodes.get(li) : undefined;
  }

  /** Puts `node` on top of the view (what "Continue from here" and "Back" do). */
  showFrom(node: JsonTreeNode): void {
    this.top = node;
    this.renderTop();
  }

  private renderTop(): void {
    const items: HTMLLIElement[] = [];
    if (this.top.parent) {
      const back = this.model.ancestor(this.top, this.maxDepth);
      const li = this.buildJumpItem(back, 'back', format(this.depthStrings.backToDepth, back.depth + 1));
      li.setAttribute('aria-level', '1');
      items.push(li);
    }
    const top = this.buildItem(this.top);
    items.push(top);
    items.forEach((item, i) => setPosition(item, i + 1, items.length));
    this.element.replaceChildren(...items);
    this.current = undefined;
    this.setCurrent(top);
  }

  /** The level of a node as shown (1 for the node on top). */
  private level(node: JsonTreeNode): number {
    return node.depth - this.top.depth + 1;
  }

  /** Number of tree items built (the size of what is on screen). */
  itemCount(): number {
    return this.element.querySelectorAll('[role="treeitem"]').length;
  }

  private buildItem(node: JsonTreeNode): HTMLLIElement {
    const li = treeItem(`node kind-${node.kind}`, this.level(node));
    this.nodes.set(li, node);
    li.append(itemRow(node));
    if (node.kind === 'string') {
      this.fillString(li, node);
    } else {
      li.querySelector(':scope > .row > .value')!.textContent = valueSummary(node, this.strings);
    }
    if (this.model.isExpandable(node)) {
      li.setAttribute('aria-expanded', 'false');
      if (this.model.isExpanded(node)) {
        this.expand(li, node);
      }
    }
    return li;
  }

  private fillString(li: HTMLLIElement, node: JsonTreeNode): void {
    const value = li.querySelector(':scope > .row > .value')!;
    const shown = this.model.stringDisplay(node);
    value.textContent = JSON.stringify(shown.text).slice(0, shown.truncated ? -1 : undefined) + (shown.truncated ? '…' : '');
    li.querySelector(':scope > .row > .show-all')?.remove();
    if (shown.truncated) {
      const button = document.createElement('button');
      button.className = 'show-all link';
      button.tabIndex = -1;
      button.textContent = `${this.strings.showAll} (${format(this.strings.moreCharacters, shown.hiddenChars)})`;
      li.querySelector(':scope > .row')!.append(button);
    }
  }

  private expand(li: HTMLLIElement, node: JsonTreeNode): void {
    this.model.setExpanded(node, true);
    li.setAttribute('aria-expanded', 'true');
    if (li.querySelector(':scope > [role="group"]')) {
      return;
    }
    const group = document.createElement('ul');
    group.setAttribute('role', 'group');
    if (this.level(node) >= this.maxDepth) {
      // The depth limit: no deeper elements in this view, a way to carry on from here instead.
      const jump = this.buildJumpItem(node, 'continue', format(this.depthStrings.continueAtDepth, node.depth + 1));
      jump.setAttribute('aria-level', String(this.level(node) + 1));
      setPosition(jump, 1, 1);
      group.append(jump);
      li.append(group);
      return;
    }
    const page = this.model.page(node);
    group.append(...this.buildChildren(node, page.children, 0));
    if (page.remaining > 0) {
      group.append(this.buildMoreItem(node, page.remaining));
    }
    li.append(group);
  }

  private collapse(li: HTMLLIElement, node: JsonTreeNode): void {
    this.model.setExpanded(node, false);
    li.setAttribute('aria-expanded', 'false');
    // Dropping the elements keeps a collapsed multi-MB subtree from costing memory and layout.
    const group = li.querySelector(':scope > [role="group"]');
    if (group && this.current && group.contains(this.current)) {
      this.setCurrent(li);
    }
    group?.remove();
  }

  /**
   * Tree items for `children` of `node`, the first being child number `first` (0-based): each says
   * its place among all the node's children (`aria-posinset` of `aria-setsize`), shown or not yet.
   */
  private buildChildren(node: JsonTreeNode, children: readonly JsonTreeNode[], first: number): HTMLLIElement[] {
    return children.map((c, i) => {
      const li = this.buildItem(c);
      setPosition(li, first + i + 1, node.childCount);
      return li;
    });
  }

  private buildMoreItem(node: JsonTreeNode, remaining: number): HTMLLIElement {
    const li = treeItem('more', this.level(node) + 1);
    this.moreOf.set(li, node);
    this.setMoreText(li, remaining);
    return li;
  }

  /** A "Continue from here" or "Back" item that puts `target` on top of the view. */
  private buildJumpItem(target: JsonTreeNode, kind: 'continue' | 'back', text: string): HTMLLIElement {
    const li = treeItem(`jump ${kind}`);
    li.textContent = text;
    this.jumpTo.set(li, target);
    return li;
  }

  /** "Show more" stands in the place of the first child not shown yet. */
  private setMoreText(li: HTMLLIElement, remaining: number): void {
    li.textContent = format(this.strings.showMore, remaining);
    const node = this.moreOf.get(li);
    if (node) {
      setPosition(li, node.childCount - remaining + 1, node.childCount);
    }
  }

  private showMore(moreItem: HTMLLIElement, node: JsonTreeNode): void {
    const page = this.model.showMore(node);
    const built = this.buildChildren(node, page.children, node.childCount - page.remaining - page.children.length);
    moreItem.before(...built);
    if (page.remaining > 0) {
      this.setMoreText(moreItem, page.remaining);
    } else {
      const focusNext = document.activeElement === moreItem;
      moreItem.remove();
      if (focusNext && built.length > 0) {
        this.focus(built[0]);
      }
    }
  }

  /** Toggle, show more or show all: the item's one action. */
  private activate(li: HTMLLIElement): void {
    const moreNode = this.moreOf.get(li);
    const jumpNode = this.jumpTo.get(li);
    if (jumpNode) {
      const wasFocused = document.activeElement === li;
      this.showFrom(jumpNode);
      if (wasFocused && this.current) {
        this.current.focus();
      }
    } else if (moreNode) {
      this.showMore(li, moreNode);
    } else {
      const node = this.nodes.get(li);
      if (!node) {
        return;
      }
      if (this.model.isExpandable(node)) {
        if (this.model.isExpanded(node)) {
          this.collapse(li, node);
        } else {
          this.expand(li, node);
        }
      } else if (node.kind === 'string' && this.model.stringDisplay(node).truncated) {
        this.model.showFullString(node);
        this.fillString(li, node);
      } else {
        return;
      }
    }
    this.onChange();
  }

  private items(): HTMLLIElement[] {
    return Array.from(this.element.querySelectorAll<HTMLLIElement>('[role="treeitem"]'));
  }

  private focus(li: HTMLLIElement): void {
    this.setCurrent(li);
    li.focus();
  }

  /** Moves the roving tabindex without searching the tree (it can hold thousands of items). */
  private setCurrent(li: HTMLLIElement): void {
    if (this.current && this.current !== li) {
      this.current.tabIndex = -1;
    }
    li.tabIndex = 0;
    this.current = li;
  }

  private onClick(e: MouseEvent): void {
    const li = (e.target as Element | null)?.closest<HTMLLIElement>('[role="treeitem"]');
    if (!li || !this.element.contains(li)) {
      return;
    }
    e.stopPropagation();
    this.focus(li);
    const onShowAll = (e.target as Element).closest('.show-all') !== null;
    const node = this.nodes.get(li);
    if (onShowAll || this.moreOf.has(li) || this.jumpTo.has(li) || (node && this.model.isExpandable(node))) {
      this.activate(li);
    }
  }

  private onKeyDown(e: KeyboardEvent): void {
    const li = (e.target as Element | null)?.closest<HTMLLIElement>('[role="treeitem"]');
    if (!li) {
      return;
    }
    const node = this.nodes.get(li);
    const expandable = node !== undefined && this.model.isExpandable(node);
    const action = treeKeyAction(e.key, li, () => this.items(), { expandable, expanded: expandable && this.model.isExpanded(node) });
    if (!action) {
      return;
    }
    if (action === 'activate') {
      this.activate(li);
    } else if (action.to) {
      this.focus(action.to);
    }
    e.preventDefault();
    e.stopPropagation();
  }
}
