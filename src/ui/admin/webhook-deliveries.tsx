'use client';
// An endpoint's delivery log: its messages newest first, each with every attempt (when, the
// answer's status, how long, what went wrong), and sending one again now, to this endpoint alone.
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

const STATUS_TEXT: Record<WebhookMessage['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** One line per attempt (a table would not fit a phone): when, the answer, how long, what went wrong. */
function Attempts({ message }: { message: WebhookMessage }) {
  if (!message.attempts.length) return <p className={styles.meta}>No attempt yet.</p>;
  return (
    <ol className={styles.meta} aria-label={`Attempts to deliver ${message.id}`}>
      {message.attempts.map((attempt, i) => (
        <li key={i}>
          <time dateTime={attempt.at}>{when(attempt.at)}</time>:{' '}
          {attempt.status_code === null ? 'no answer' : `answered ${attempt.status_code}`} in {attempt.duration_ms} ms
          {attempt.error ? ` (${attempt.error})` : ''}
        </li>
      ))}
    </ol>
  );
}

function MessageRow({ endpointId, message }: { endpointId: string; message: WebhookMessage }) {
  const utils = trpc.useUtils();
  const retry = useAction(
    async () => {
      await utils.client.admin.retryWebhookDelivery.mutate({ endpointId, messageId: message.id });
      await utils.admin.listWebhookMessages.invalidate({ endpointId });
    },
    () => `${message.id} is being sent again.`,
  );
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        <div>
          <h4 className={styles.title}>
            {message.type}{' '}
            <span className={`${styles.badge} ${message.status === 'failed' ? styles.disabled : ''}`}>
              {STATUS_TEXT[message.status]}
            </span>
          </h4>
          <p className={styles.meta}>
            {message.id}, queued <time dateTime={message.created_at}>{when(message.created_at)}</time>
          </p>
        </div>
        {message.status === 'pending' ? null : (
          <Button
            variant="secondary"
            onClick={() => retry.run(undefined)}
            pending={retry.pending}
            pendingLabel="Sending…"
          >
            Send again<span className="visually-hidden"> {message.id}</span>
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
          pendingLabel="Refreshing…"
        >
          Refresh delivery log
        </Button>
      </div>
      <PagedList query={query} label="Delivery log" noun="messages" one="message" empty="No message yet.">
        {(message) => <MessageRow endpointId={endpointId} message={message} />}
      </PagedList>
    </div>
  );
}
