// Cursor paging: an opaque cursor names the last row of a page by its (createdAt, id) key, so
// pages neither repeat nor skip rows when others are inserted between requests.
import { pageQuery, type Page } from '../contract/administration-schemas';
import { AuthError } from './auth-error';
import type { PageKey, PageRequest } from './ports';
import { isStorableText, parseInput } from './validation';

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.getTime(), key.id])).toString('base64url');
}

// Times a cursor may name: from the epoch to the end of year 9999. A safe integer beyond them is an
// invalid Date (past 8.64e15 ms), which the database drivers refuse with a fault, not a 400.
const LATEST_CURSOR_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function decodeCursor(cursor: string): PageKey {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof time === 'number' &&
      Number.isInteger(time) &&
      time >= 0 &&
      time <= LATEST_CURSOR_TIME &&
      typeof id === 'string' &&
      id.length > 0 &&
      id.length <= 100 &&
      isStorableText(id)
    ) {
      return { createdAt: new Date(time), id };
    }
  } catch {
    // reported below
  }
  const message = 'is not a cursor this service issued';
  throw new AuthError('validation_failed', `cursor: ${message}`, { errors: [{ path: 'cursor', message }] });
}

/** The repository request for a `?limit=&cursor=` query (validation_failed when it is malformed). */
export function pageRequestOf(query: unknown): PageRequest {
  const { limit, cursor } = parseInput(pageQuery, query ?? {});
  return { limit, ...(cursor ? { after: decodeCursor(cursor) } : {}) };
}

/** A page from the up to `limit + 1` rows a repository answered. */
export function pageFrom<Row extends PageKey, Item>(
  rows: Row[],
  request: PageRequest,
  view: (row: Row) => Item,
): Page<Item> {
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return { items: items.map(view), next_cursor: rows.length > request.limit && last ? encodeCursor(last) : null };
}
