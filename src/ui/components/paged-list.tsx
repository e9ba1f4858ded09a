'use client';
// A list read a page at a time (the `{items, next_cursor}` pages of the administration procedures):
// loading and failure states, the records, how many are shown (announced politely as pages
// arrive) and a "Load more" button while the last page carried a next_cursor.
import { Fragment, type ReactNode } from 'react';
import { shownErrorOf } from '../trpc/client';
import { Button } from './button';
import styles from './list.module.css';
import { LoadFailed, Loading } from './page-state';
import { panelStyles } from './panel';
import { PAGE_LIMIT_DEFAULT } from '@/contract/administration-schemas';

export interface PagedQuery<T> {
  data?: { pages: ReadonlyArray<{ items: T[] }> };
  isPending: boolean;
  error: unknown;
  refetch(): unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The list's accessible name. */
  label: string;
  /** The records' noun, plural and singular ("Load more stores", "1 store shown"). */
  noun: string;
  one: string;
  empty: string;
  /** Which loaded records the list shows (all by default): the count says how many it shows. */
  shows?(item: T): boolean;
  /** One `<li>` per record. */
  children(item: T): ReactNode;
}

/** Every record of the pages loaded so far. */
export function itemsOf<T>(data: { pages: ReadonlyArray<{ items: T[] }> } | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The next page's cursor for React Query: undefined on the last page. */
/** Records per page of the pages' lists, and of the shorter session lists inside them. */
export const PAGE_SIZE = PAGE_LIMIT_DEFAULT;
export const SESSIONS_PAGE_SIZE = 10;

export const nextCursorOf = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;

export function PagedList<T extends { id: string }>({
  query,
  label,
  noun,
  one,
  empty,
  shows,
  children,
}: PagedListProps<T>) {
  const loaded = itemsOf(query.data);
  const items = shows ? loaded.filter(shows) : loaded;
  if (query.isPending) return <Loading what={noun} />;
  if (query.error)
    return <LoadFailed message={shownErrorOf(query.error).message} onRetry={() => void query.refetch()} />;
  return (
    <>
      {items.length ? (
        <ul className={styles.list} aria-label={label}>
          {items.map((item) => (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ))}
        </ul>
      ) : (
        <p className={panelStyles.muted}>{empty}</p>
      )}
      <div className={styles.footer}>
        <p className={styles.meta} role="status">
          {items.length} {items.length === 1 ? one : noun} shown{query.hasNextPage ? '; more to load' : ''}.
        </p>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            pending={query.isFetchingNextPage}
            pendingLabel="Loading…"
          >
            Load more {noun}
          </Button>
        ) : null}
      </div>
    </>
  );
}
