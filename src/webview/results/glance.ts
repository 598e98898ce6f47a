/**
 * How an answer's tree opens, so that it can be read at a glance: a small answer (fewer than
 * {@link GLANCE_NODES} values) opens down to its leaves; a larger one opens along the way to its
 * first list, that list, and its first items (a connection's `edges[].node` included) as far as a
 * budget of rows allows; the rest keep their one-line summaries ("3 keys"). Pure (no DOM).
 */
import type { JsonTreeModel, JsonTreeNode } from './jsonTreeModel';

/** Answers with fewer values than this open whole; it is also the row budget of a larger one. */
export const GLANCE_NODES = 300;
/** How far the search for the first list goes (an answer without lists is not walked whole). */
const LIST_SEARCH_NODES = 2000;
const LIST_SEARCH_DEPTH = 32;

/** Counts the values of `value` (itself included), stopping once `limit` is reached. */
export function countValues(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    count++;
    if (typeof v === 'object' && v !== null) {
      for (const key in v) {
        // Values seen plus values waiting: once they reach the limit, the answer is that large.
        if (count + stack.length >= limit) {
          return limit;
        }
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
    if (count >= limit) {
      return limit;
    }
  }
  return count;
}

/** Opens `model` for a first look (see the module's comment); `budget` is the number of values shown. */
export function expandAtGlance(model: JsonTreeModel, budget = GLANCE_NODES): void {
  if (countValues(model.root.value, budget) < budget) {
    expandAll(model);
    return;
  }
  // Down to the first list (depth first, in document order), opening each node on the way.
  const list = firstList(model);
  const onTheWay: JsonTreeNode[] = [];
  for (let n: JsonTreeNode | undefined = list ?? model.root; n; n = n.parent) {
    onTheWay.push(n);
  }
  onTheWay.forEach((n) => model.setExpanded(n, true));
  if (!list) {
    return;
  }
  // Its items, one after another, while they fit in the budget (each with a lone wrapper such as `node`).
  let used = onTheWay.length + model.page(list).children.length;
  for (const item of model.page(list).children) {
    const opened = [item];
    const children = model.page(item).children;
    if (children.length === 1 && children[0].childCount > 0) {
      opened.push(children[0]);
    }
    const cost = opened.reduce((n, o) => n + Math.min(o.childCount, model.page(o).children.length), 0);
    if (item.childCount === 0 || used + cost > budget) {
      break;
    }
    opened.forEach((o) => model.setExpanded(o, true));
    used += cost;
  }
}

/** Every container of a (small) tree expanded. */
function expandAll(model: JsonTreeModel): void {
  const stack: JsonTreeNode[] = [model.root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.childCount > 0) {
      model.setExpanded(n, true);
      stack.push(...model.page(n).children);
    }
  }
}

/** The first non-empty array at or below the root (depth first, document order), looking at a bounded number of nodes. */
function firstList(model: JsonTreeModel): JsonTreeNode | undefined {
  const stack: JsonTreeNode[] = [model.root];
  for (let looked = 0; stack.length > 0 && looked < LIST_SEARCH_NODES; looked++) {
    const n = stack.pop()!;
    if (n.kind === 'array' && n.childCount > 0) {
      return n;
    }
    if (n.kind === 'object' && n.depth < LIST_SEARCH_DEPTH) {
      const children = model.page(n).children;
      for (let i = children.length - 1; i >= 0; i--) {
        stack.push(children[i]);
      }
    }
  }
  return undefined;
}
