/**
 * The lazy model behind a JSON tree: nodes are created only when their parent is expanded, long
 * arrays and objects show their children in pages, long strings are cut until asked for in full.
 * Pure (no DOM), so that it is unit-tested in Node; the renderer builds elements from it.
 */
import type { TreeUiState } from '../../shared/resultsMessages';

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

/** One node of the tree: a value and where it sits. */
export interface JsonTreeNode {
  /**
   * Stable id, the same after a reload (so expansion state survives): the path as JSON text down
   * to depth {@link PATH_ID_DEPTH}, below that a fixed-length hash of the parent's id and the key,
   * so that making a node costs the same at any depth.
   */
  readonly id: string;
  /** The keys from the root; computed on access by walking up (O(depth)), never stored. */
  readonly path: readonly (string | number)[];
  /** The parent node; undefined for the root. */
  readonly parent: JsonTreeNode | undefined;
  /** The key (object member) or index (array element); undefined for the root. */
  readonly key: string | number | undefined;
  readonly kind: JsonKind;
  readonly value: unknown;
  /** Number of children (members or elements); 0 for leaves. */
  readonly childCount: number;
  readonly depth: number;
}

/** Options of a tree. */
export interface JsonTreeOptions {
  /** Children shown per page ("show more" adds another page). */
  readonly pageSize?: number;
  /** Characters of a string shown before "show all". */
  readonly stringLimit?: number;
}

/** A page of a node's children: the ones shown and how many are still hidden. */
export interface ChildPage {
  readonly children: readonly JsonTreeNode[];
  readonly remaining: number;
}

/** What a string leaf shows. */
export interface StringDisplay {
  readonly text: string;
  readonly truncated: boolean;
  readonly hiddenChars: number;
}

export const DEFAULT_PAGE_SIZE = 100;
/** Nodes down to this depth have their path as id; deeper ones a hash (see {@link JsonTreeNode.id}). */
export const PATH_ID_DEPTH = 32;
export const DEFAULT_STRING_LIMIT = 500;

/** The kind of a JSON value. */
export function kindOf(value: unknown): JsonKind {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/** The lazily built tree of one JSON value, with its interactive state. */
export class JsonTreeModel {
  readonly root: JsonTreeNode;
  private readonly pageSize: number;
  private readonly stringLimit: number;
  private readonly expanded = new Set<string>();
  private readonly shown = new Map<string, number>();
  private readonly fullStrings = new Set<string>();
  /** Object keys, read once per expanded object (Object.keys on a large object is not free). */
  private readonly keyCache = new Map<string, string[]>();
  private created = 0;
  private steps = 0;

  constructor(value: unknown, options: JsonTreeOptions = {}, state?: TreeUiState) {
    this.pageSize = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE);
    this.stringLimit = Math.max(1, options.stringLimit ?? DEFAULT_STRING_LIMIT);
    this.root = this.node(value, undefined, undefined);
    if (state) {
      state.expanded.forEach((id) => this.expanded.add(id));
      for (const [id, n] of Object.entries(state.shown)) {
        if (Number.isInteger(n) && n > 0) {
          this.shown.set(id, n);
        }
      }
      state.fullStrings.forEach((id) => this.fullStrings.add(id));
    }
  }

  /** How many nodes this model has created so far (the cost of what is on screen). */
  get createdNodes(): number {
    return this.created;
  }

  /**
   * Units of work done so far: one per node created, per child key read and per character of
   * id hashed. Tests use it to check that opening a node costs O(its children), not O(depth).
   */
  get work(): number {
    return this.steps;
  }

  /** True when the node has children to show. */
  isExpandable(node: JsonTreeNode): boolean {
    return node.childCount > 0;
  }

  isExpanded(node: JsonTreeNode): boolean {
    return this.isExpandable(node) && this.expanded.has(node.id);
  }

  /** Expands or collapses a node; collapsing keeps its descendants' state for the next expansion. */
  setExpanded(node: JsonTreeNode, expanded: boolean): void {
    if (!this.isExpandable(node)) {
      return;
    }
    if (expanded) {
      this.expanded.add(node.id);
    } else {
      this.expanded.delete(node.id);
    }
  }

  /** The children of an expandable node that are shown now (a multiple of the page size), built on call. */
  page(node: JsonTreeNode): ChildPage {
    const count = Math.min(node.childCount, this.shownCount(node));
    return { children: this.childrenRange(node, 0, count), remaining: node.childCount - count };
  }

  /** Shows the next page of a node's children; returns the newly shown ones. */
  showMore(node: JsonTreeNode): ChildPage {
    const before = Math.min(node.childCount, this.shownCount(node));
    const after = Math.min(node.childCount, before + this.pageSize);
    this.shown.set(node.id, after);
    return { children: this.childrenRange(node, before, after), remaining: node.childCount - after };
  }

  /** The text of a string leaf: cut at the limit unless shown in full. */
  stringDisplay(node: JsonTreeNode): StringDisplay {
    const s = typeof node.value === 'string' ? node.value : '';
    if (s.length <= this.stringLimit || this.fullStrings.has(node.id)) {
      return { text: s, truncated: false, hiddenChars: 0 };
    }
    return { text: s.slice(0, this.stringLimit), truncated: true, hiddenChars: s.length - this.stringLimit };
  }

  /** Shows a long string in full from now on. */
  showFullString(node: JsonTreeNode): void {
    this.fullStrings.add(node.id);
  }

  /**
   * The nodes on screen, in document order: the root and, below each expanded node, its shown
   * children. Builds them (the renderer does the same walk incrementally).
   */
  visibleNodes(): JsonTreeNode[] {
    const out: JsonTreeNode[] = [];
    // An explicit stack, not recursion: answers can be 100,000 levels deep.
    const stack: JsonTreeNode[] = [this.root];
    while (stack.length > 0) {
      const n = stack.pop()!;
      out.push(n);
      if (this.isExpanded(n)) {
        const children = this.page(n).children;
        for (let i = children.length - 1; i >= 0; i--) {
          stack.push(children[i]);
        }
      }
    }
    return out;
  }

  /** The ancestor `levels` above `node` (or the root when there are fewer); O(levels). */
  ancestor(node: JsonTreeNode, levels: number): JsonTreeNode {
    let n = node;
    for (let i = 0; i < levels && n.parent; i++) {
      n = n.parent;
    }
    return n;
  }

  /** The state to keep with `setState`. */
  uiState(): TreeUiState {
    return { expanded: [...this.expanded], shown: Object.fromEntries(this.shown), fullStrings: [...this.fullStrings] };
  }

  private shownCount(node: JsonTreeNode): number {
    return this.shown.get(node.id) ?? this.pageSize;
  }

  private childrenRange(node: JsonTreeNode, from: number, to: number): JsonTreeNode[] {
    const out: JsonTreeNode[] = [];
    if (node.kind === 'array') {
      const arr = node.value as unknown[];
      for (let i = from; i < to; i++) {
        out.push(this.node(arr[i], node, i));
      }
    } else if (node.kind === 'object') {
      const obj = node.value as Record<string, unknown>;
      const keys = this.keysOf(node);
      for (let i = from; i < to; i++) {
        out.push(this.node(obj[keys[i]], node, keys[i]));
      }
    }
    return out;
  }

  private keysOf(node: JsonTreeNode): string[] {
    let keys = this.keyCache.get(node.id);
    if (!keys) {
      keys = Object.keys(node.value as object);
      this.keyCache.set(node.id, keys);
    }
    return keys;
  }

  private node(value: unknown, parent: JsonTreeNode | undefined, key: string | number | undefined): JsonTreeNode {
    this.created++;
    this.steps++;
    const depth = parent ? parent.depth + 1 : 0;
    const id = this.childId(parent, key, depth);
    const kind = kindOf(value);
    let childCount = 0;
    if (kind === 'array') {
      childCount = (value as unknown[]).length;
    } else if (kind === 'object') {
      const keys = Object.keys(value as object);
      this.steps += keys.length;
      this.keyCache.set(id, keys);
      childCount = keys.length;
    }
    return new TreeNode(id, parent, key, kind, value, childCount, depth);
  }

  private childId(parent: JsonTreeNode | undefined, key: string | number | undefined, depth: number): string {
    if (!parent) {
      return '[]';
    }
    if (depth <= PATH_ID_DEPTH) {
      // As before: `["a",0]`, built from the parent's id instead of the whole path.
      const k = JSON.stringify(key);
      this.steps += k.length;
      return parent.id === '[]' ? `[${k}]` : `${parent.id.slice(0, -1)},${k}]`;
    }
    const text = `${parent.id}\u0000${typeof key === 'number' ? key : JSON.stringify(key)}`;
    this.steps += text.length;
    return `#${hash53(text, 1).toString(36)}.${hash53(text, 2).toString(36)}`;
  }
}

/** A node; `path` is computed when asked, so that creating one costs O(1) whatever its depth. */
class TreeNode implements JsonTreeNode {
  constructor(
    readonly id: string,
    readonly parent: JsonTreeNode | undefined,
    readonly key: string | number | undefined,
    readonly kind: JsonKind,
    readonly value: unknown,
    readonly childCount: number,
    readonly depth: number,
  ) {}

  get path(): (string | number)[] {
    const out: (string | number)[] = new Array<string | number>(this.depth);
    if (this.depth > 0) {
      out[this.depth - 1] = this.key!;
    }
    let n = this.parent;
    for (let i = this.depth - 2; i >= 0 && n; i--, n = n.parent) {
      out[i] = n.key!;
    }
    return out;
  }
}

/** cyrb53: a fast 53-bit string hash; two seeds give the deep ids about 106 bits. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A one-line text for a value in the tree: strings quoted, containers summarised. */
export function valueSummary(node: JsonTreeNode, strings: { itemsCount: string; oneItem: string; keysCount: string; oneKey: string }): string {
  switch (node.kind) {
    case 'array':
      return node.childCount === 1 ? strings.oneItem : format(strings.itemsCount, node.childCount);
    case 'object':
      return node.childCount === 1 ? strings.oneKey : format(strings.keysCount, node.childCount);
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    default:
      return String(node.value);
  }
}

/** Replaces `{0}`, `{1}` ... in a localized template. */
export function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] === undefined ? m : String(args[Number(i)])));
}
