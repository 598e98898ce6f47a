/**
 * The lazy model behind a JSON tree: nodes are created only when their parent is expanded, long
 * arrays and objects show their children in pages, long strings are cut until asked for in full.
 * Pure (no DOM), so that it is unit-tested in Node; the renderer builds elements from it.
 */
import type { TreeUiState } from '../../shared/resultsMessages';

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

/** One node of the tree: a value and where it sits. */
export interface JsonTreeNode {
  /** Stable id: the path as JSON text (the same after a reload, so expansion state survives). */
  readonly id: string;
  readonly path: readonly (string | number)[];
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

const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_STRING_LIMIT = 500;

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

  constructor(value: unknown, options: JsonTreeOptions = {}, state?: TreeUiState) {
    this.pageSize = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE);
    this.stringLimit = Math.max(1, options.stringLimit ?? DEFAULT_STRING_LIMIT);
    this.root = this.node(value, [], undefined);
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
    const walk = (n: JsonTreeNode): void => {
      out.push(n);
      if (this.isExpanded(n)) {
        this.page(n).children.forEach(walk);
      }
    };
    walk(this.root);
    return out;
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
        out.push(this.node(arr[i], [...node.path, i], i));
      }
    } else if (node.kind === 'object') {
      const obj = node.value as Record<string, unknown>;
      const keys = this.keysOf(node);
      for (let i = from; i < to; i++) {
        out.push(this.node(obj[keys[i]], [...node.path, keys[i]], keys[i]));
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

  private node(value: unknown, path: (string | number)[], key: string | number | undefined): JsonTreeNode {
    this.created++;
    const id = JSON.stringify(path);
    const kind = kindOf(value);
    let childCount = 0;
    if (kind === 'array') {
      childCount = (value as unknown[]).length;
    } else if (kind === 'object') {
      const keys = Object.keys(value as object);
      this.keyCache.set(id, keys);
      childCount = keys.length;
    }
    return { id, path, key, kind, value, childCount, depth: path.length };
  }
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
