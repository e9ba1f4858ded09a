'use client';
// A paged list of sign-in sessions (refresh-token families) with a control to end each one: the
// caller's own, or another account's on the administration pages.
import { useMutation } from '@tanstack/react-query';
import type { Session } from '@/contract/administration-schemas';
import { LiveAlert } from '../components/alert';
import { RowActionButton } from '../components/button';
import styles from '../components/list.module.css';
import { PagedList, type PagedQuery } from '../components/paged-list';
import { shownErrorOf } from '../trpc/client';
import { deviceName } from '@/core/device-name';

/** A moment as the reader's locale writes a date and time. */
export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsList({
  query,
  onEnd,
  empty,
}: {
  query: PagedQuery<Session>;
  onEnd(sessionId: string): Promise<unknown>;
  empty: string;
}) {
  const end = useMutation({ mutationFn: onEnd });
  return (
    <>
      <LiveAlert tone="error" message={end.error ? shownErrorOf(end.error).message : null} />
      <LiveAlert
        tone="success"
        message={end.isSuccess ? 'The session has ended: it can no longer renew its sign-in.' : null}
      />
      <PagedList query={query} label="Sessions" noun="sessions" one="session" empty={empty}>
        {(session) => (
          <li className={`${styles.item} ${styles.row}`}>
            <div>
              <p className={styles.title}>Signed in {when(session.created_at)}</p>
              <p className={styles.meta}>
                Last used {when(session.last_used_at)} · ends {when(session.expires_at)}
              </p>
              <p className={styles.meta}>
                {session.client_ip ?? 'Unknown address'} · {deviceName(session.user_agent)}
              </p>
            </div>
            <RowActionButton action={end} value={session.id} pendingLabel="Ending…">
              End session<span className="visually-hidden"> signed in {when(session.created_at)}</span>
            </RowActionButton>
          </li>
        )}
      </PagedList>
    </>
  );
}
