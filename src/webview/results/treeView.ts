/**
 * Renders a {@link JsonTreeModel} as an ARIA tree (`tree` / `treeitem` / `group`, `aria-expanded`),
 * building elements only for expanded nodes. Every value is set with `textContent`.
 * Keyboard: Up/Down/Home/End move, Right expands or enters, Left collapses or goes to the parent,
 * Enter/Space toggle (or show more / show all on those items).
 */
import type { ResultsStrings } from '../../shared/resultsMessages';
import { format, valueSummary, type JsonTreeModel, type JsonTreeNode } from './jsonTreeModel';

type TreeStrings = Pick<ResultsStrings, 'showMore' | 'showAll' | 'moreCharacters' | 'itemsCount' | 'oneItem' | 'keysCount' | 'oneKey'>;

export class TreeView {
  /** The `role="tree"` element to insert into the page. */
  readonly element: HTMLUListElement;
  private readonly nodes = new WeakMap<Element, JsonTreeNode>();
  private readonly moreOf = new WeakMap<Element, JsonTreeNode>();

  constructor(
    private readonly model: JsonTreeModel,
    private readonly strings: TreeStrings,
    label: string,
    /** Called after every change the user makes (to save the state). */
    private readonly onChange: () => void,
  ) {
    this.element = document.createElement('ul');
    this.element.className = 'json-tree';
    this.element.setAttribute('role', 'tree');
    this.element.setAttribute('aria-label', label);
    const root = this.buildItem(model.root);
    root.tabIndex = 0;
    this.element.append(root);
    this.element.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.element.addEventListener('click', (e) => this.onClick(e));
  }

  /** Number of tree items built (the size of what is on screen). */
  itemCount(): number {
    return this.element.querySelectorAll('[role="treeitem"]').length;
  }

  private buildItem(node: JsonTreeNode): HTMLLIElement {
    const li = document.createElement('li');
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(node.depth + 1));
    li.tabIndex = -1;
    li.className = `node kind-${node.kind}`;
    this.nodes.set(li, node);

    const row = document.createElement('div');
    row.className = 'row';
    const twisty = document.createElement('span');
    twisty.className = 'twisty';
    twisty.setAttribute('aria-hidden', 'true');
    row.append(twisty);
    if (node.key !== undefined) {
      const key = document.createElement('span');
      key.className = typeof node.key === 'number' ? 'key index' : 'key';
      key.textContent = String(node.key);
      const sep = document.createElement('span');
      sep.className = 'sep';
      sep.textContent = ': ';
      row.append(key, sep);
    }
    const value = document.createElement('span');
    value.className = `value v-${node.kind}`;
    row.append(value);
    li.append(row);

    if (node.kind === 'string') {
      this.fillString(li, node);
    } else {
      value.textContent = valueSummary(node, this.strings);
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
    const page = this.model.page(node);
    group.append(...page.children.map((c) => this.buildItem(c)));
    if (page.remaining > 0) {
      group.append(this.buildMoreItem(node, page.remaining));
    }
    li.append(group);
  }

  private collapse(li: HTMLLIElement, node: JsonTreeNode): void {
    this.model.setExpanded(node, false);
    li.setAttribute('aria-expanded', 'false');
    // Dropping the elements keeps a collapsed multi-MB subtree from costing memory and layout.
    li.querySelector(':scope > [role="group"]')?.remove();
  }

  private buildMoreItem(node: JsonTreeNode, remaining: number): HTMLLIElement {
    const li = document.createElement('li');
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(node.depth + 2));
    li.tabIndex = -1;
    li.className = 'more';
    this.moreOf.set(li, node);
    this.setMoreText(li, remaining);
    return li;
  }

  private setMoreText(li: HTMLLIElement, remaining: number): void {
    li.textContent = format(this.strings.showMore, remaining);
  }

  private showMore(moreItem: HTMLLIElement, node: JsonTreeNode): void {
    const page = this.model.showMore(node);
    const built = page.children.map((c) => this.buildItem(c));
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
    if (moreNode) {
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
    for (const other of Array.from(this.element.querySelectorAll<HTMLLIElement>('[role="treeitem"][tabindex="0"]'))) {
      other.tabIndex = -1;
    }
    li.tabIndex = 0;
    li.focus();
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
    if (onShowAll || this.moreOf.has(li) || (node && this.model.isExpandable(node))) {
      this.activate(li);
    }
  }

  private onKeyDown(e: KeyboardEvent): void {
    const li = (e.target as Element | null)?.closest<HTMLLIElement>('[role="treeitem"]');
    if (!li) {
      return;
    }
    const node = this.nodes.get(li);
    const move = (to: HTMLLIElement | undefined): void => {
      if (to) {
        this.focus(to);
      }
    };
    switch (e.key) {
      case 'Enter':
      case ' ':
        this.activate(li);
        break;
      case 'ArrowDown': {
        const all = this.items();
        move(all[all.indexOf(li) + 1]);
        break;
      }
      case 'ArrowUp': {
        const all = this.items();
        move(all[all.indexOf(li) - 1]);
        break;
      }
      case 'Home':
        move(this.items()[0]);
        break;
      case 'End': {
        const all = this.items();
        move(all[all.length - 1]);
        break;
      }
      case 'ArrowRight':
        if (node && this.model.isExpandable(node)) {
          if (this.model.isExpanded(node)) {
            move(li.querySelector<HTMLLIElement>(':scope > [role="group"] > [role="treeitem"]') ?? undefined);
          } else {
            this.activate(li);
          }
        }
        break;
      case 'ArrowLeft':
        if (node && this.model.isExpanded(node)) {
          this.activate(li);
        } else {
          move(li.parentElement?.closest<HTMLLIElement>('[role="treeitem"]') ?? undefined);
        }
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }
}
