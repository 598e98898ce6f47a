/** Cursor pagination of the Sandbox's connections (`first`/`after`, opaque cursors). */
import { userError } from './graphqlContext';

const MAX_PAGE = 100;

/** The page size asked for: `first`, 20 when omitted, at most 100. */
export function pageSize(first: unknown): number {
  const n = typeof first === 'number' ? first : 20;
  if (n < 0 || n > MAX_PAGE) {
    throw userError(`"first" must be between 0 and ${MAX_PAGE}; got ${n}.`);
  }
  return n;
}

/** Cursors are opaque to clients; they encode the ID of the item. */
function cursorOf(id: string): string {
  return Buffer.from(`cursor:${id}`, 'utf8').toString('base64url');
}

/** The page of `items` after the `after` cursor, as a connection (edges, pageInfo, totalCount). */
export function paginate<T extends { id: string }>(items: T[], first: unknown, after: unknown) {
  const size = pageSize(first);
  let start = 0;
  if (typeof after === 'string') {
    const decoded = Buffer.from(after, 'base64url').toString('utf8');
    const index = decoded.startsWith('cursor:') ? items.findIndex((i) => i.id === decoded.slice(7)) : -1;
    if (index < 0) {
      throw userError('The "after" cursor is not valid for this list; start again without it.');
    }
    start = index + 1;
  }
  const page = items.slice(start, start + size);
  return {
    edges: page.map((node) => ({ cursor: cursorOf(node.id), node })),
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursorOf(page[0].id) : null,
      endCursor: page.length > 0 ? cursorOf(page[page.length - 1].id) : null,
    },
    totalCount: items.length,
  };
}
