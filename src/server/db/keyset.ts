// Keyset paging in Prisma: rows strictly after a (createdAt, id) key, in that order. Unlike an
// offset, a key does not shift when rows are inserted, so pages never repeat or skip a row.
import type { PageRequest } from '@/core/ports';

export const PAGE_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

/**
 * The `where` of rows after the page's key (none for the first page). The bound on `createdAt` alone
 * repeats what the OR implies so that the database starts its (createdAt, id) index scan at the key:
 * without it PostgreSQL walked the index from the first row and filtered, a cost that grew with the
 * cursor's depth.
 */
export function afterKey(page: PageRequest) {
  const key = page.after;
  if (!key) return {};
  return {
    createdAt: { gte: key.createdAt },
    OR: [{ createdAt: { gt: key.createdAt } }, { createdAt: key.createdAt, id: { gt: key.id } }],
  };
}

/** Prisma's findMany arguments for one page: one row more than asked, to tell whether more follow. */
export function pageArgs<W extends object>(where: W, page: PageRequest) {
  return { where: { AND: [where, afterKey(page)] }, orderBy: PAGE_ORDER, take: page.limit + 1 };
}
