'use client';
// An endpoint's delivery log: its messages newest first, each with every attempt (when, the
// answer's status, how long, what went wrong), and sending one again now, to this endpoint alone.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { webhookMessage } from '@/contract/webhook-schemas';
import { LiveAlert } from '../components/alert';
import { Button } from '../components/button';
import styles from '../components/list.module.css';
import { nextCursorOf, PagedList, SESSIONS_PAGE_SIZE } from '../components/paged-list';
import { when } from '../session/sessions-list';
import { trpc } from '../trpc/client';
import { useAction } from './use-action';

type WebhookMessage = z.infer<typeof webhookMessage>;

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** One line per attempt (a table would not fit a phone): when, the answer, how long, what went wrong. */
function Attempts({ message }: { message: WebhookMessage }) {
  const t = useTranslations('admin.deliveries');
  if (!message.attempts.length) return <p className={styles.meta}>{t('noAttempt')}</p>;
  return (
    <ol className={styles.meta} aria-label={t('attemptsOf', { id: message.id })}>
      {message.attempts.map((attempt, i) => (
        <li key={i}>
          {t.rich('attempt', {
            at: () => <time dateTime={attempt.at}>{when(attempt.at)}</time>,
            answer: attempt.status_code === null ? t('noAnswer') : t('answered', { status: attempt.status_code }),
            ms: attempt.duration_ms,
          })}
          {attempt.error ? ` (${attempt.error})` : ''}
        </li>
      ))}
    </ol>
  );
}

function MessageRow({ endpointId, message }: { endpointId: string; message: WebhookMessage }) {
  const t = useTranslations('admin.deliveries');
  const utils = trpc.useUtils();
  const retry = useAction(
    async () => {
      await utils.client.admin.retryWebhookDelivery.mutate({ endpointId, messageId: message.id });
      await utils.admin.listWebhookMessages.invalidate({ endpointId });
    },
    () => t('retried', { id: message.id }),
  );
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <div>
          <h4 className={styles.title}>
            {message.type}{' '}
            <span className={`${styles.badge} ${message.status === 'failed' ? styles.disabled : ''}`}>
              {t(`status.${message.status}`)}
            </span>
          </h4>
          <p className={styles.meta}>
            {t.rich('queued', {
              id: message.id,
              at: () => <time dateTime={message.created_at}>{when(message.created_at)}</time>,
            })}
          </p>
        </div>
        {message.status === 'pending' ? null : (
          <Button
            variant="secondary"
            onClick={() => retry.run(undefined)}
            pending={retry.pending}
            pendingLabel={t('sending')}
          >
            {t.rich('sendAgain', { id: message.id, hidden })}
          </Button>
        )}
      </div>
      <LiveAlert tone="error" message={retry.error} />
      <LiveAlert tone="success" message={retry.success} />
      <Attempts message={message} />
    </li>
  );
}

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const t = useTranslations('admin.deliveries');
  const query = trpc.admin.listWebhookMessages.useInfiniteQuery(
    { endpointId, limit: SESSIONS_PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <div className={styles.stack}>
      <div>
        <Button
          variant="secondary"
          onClick={() => void query.refetch()}
          pending={query.isRefetching}
          pendingLabel={t('refreshing')}
        >
          {t('refresh')}
        </Button>
      </div>
      <PagedList query={query} label={t('label')} noun={t('noun')} one={t('one')} empty={t('empty')}>
        {(message) => <MessageRow endpointId={endpointId} message={message} />}
      </PagedList>
    </div>
  );
}
