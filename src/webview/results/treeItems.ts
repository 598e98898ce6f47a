/**
 * The parts of the JSON tree's DOM that hold no state (treeView.ts keeps the state): tree items,
 * their rows (key and value, text only), their place in their set, and what a key does on an item
 * (the ARIA tree pattern's keyboard).
 */
import type { JsonTreeNode } from './jsonTreeModel';

/** A tree item (`role="treeitem"`, out of the tab order until it gets the roving focus). */
export function treeItem(className: string, level?: number): HTMLLIElement {
  const li = document.createElement('li');
  li.setAttribute('role', 'treeitem');
  if (level !== undefined) {
    li.setAttribute('aria-level', String(level));
  }
  li.tabIndex = -1;
  li.className = className;
  return li;
}

/** A node's row: the twisty, its key (when it has one) and an empty value the view fills in. */
export function itemRow(node: JsonTreeNode): HTMLDivElement {
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
  return row;
}

/** A tree item's place in its set, so that a screen reader says "3 of 250" (paging included). */
export function setPosition(li: HTMLLIElement, position: number, size: number): void {
  li.setAttribute('aria-posinset', String(position));
  li.setAttribute('aria-setsize', String(size));
}

/**
 * What a key does on a tree item: Enter/Space activate it; Up/Down/Home/End move; Right expands a
 * collapsed node or enters an expanded one; Left collapses an expanded node or goes to the parent.
 * `{ to: undefined }`: the key is the tree's, with nowhere to go; undefined: not a key of the tree.
 */
export function treeKeyAction(
  key: string,
  li: HTMLLIElement,
  items: () => HTMLLIElement[],
  node: { readonly expandable: boolean; readonly expanded: boolean },
): 'activate' | { readonly to: HTMLLIElement | undefined } | undefined {
  switch (key) {
    case 'Enter':
    case ' ':
      return 'activate';
    case 'ArrowDown': {
      const all = items();
      return { to: all[all.indexOf(li) + 1] };
    }
    case 'ArrowUp': {
      const all = items();
      return { to: all[all.indexOf(li) - 1] };
    }
    case 'Home':
      return { to: items()[0] };
    case 'End': {
      const all = items();
      return { to: all[all.length - 1] };
    }
    case 'ArrowRight':
      if (!node.expandable) {
        return { to: undefined };
      }
      return node.expanded ? { to: li.querySelector<HTMLLIElement>(':scope > [role="group"] > [role="treeitem"]') ?? undefined } : 'activate';
    case 'ArrowLeft':
      return node.expanded ? 'activate' : { to: li.parentElement?.closest<HTMLLIElement>('[role="treeitem"]') ?? undefined };
    default:
      return undefined;
  }
}
