// Keyset paging in Prisma: rows strictly after a (createdAt, id) key, in that order. Unlike an
// offset, a key does not shift when rows are inserted, so pages never repeat or skip a row.
import type { PageRequest } from '@/core/ports';

export const PAGE_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

/** The `where` of rows after the page's key (none for the first page). */
export function afterKey(page: PageRequest) {
  const key = page.after;
  if (!key) return {};
  return { OR: [{ createdAt: { gt: key.createdAt } }, { createdAt: key.createdAt, id: { gt: key.id } }] };
}

/** Prisma's findMany arguments for one page: one row more than asked, to tell whether more follow. */
export function pageArgs<W extends object>(where: W, page: PageRequest) {
  return { where: { AND: [where, afterKey(page)] }, orderBy: PAGE_ORDER, take: page.limit + 1 };
}
