'use client';
// /admin/audit: the stored security events (the `audit` module), newest first, a page at a time,
// with each account's name and e-mail, filtered by account (e-mail or id), event and time; each
// account's entry on the admin pages links here.
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AuditEventView } from '@/contract/audit-events';
import styles from '../components/list.module.css';
import { nextCursorOf, PAGE_SIZE, PagedList } from '../components/paged-list';
import { Panel } from '../components/panel';
import { deviceName } from '@/core/device-name';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { AuditFilters, useEventLabel, type AuditFilterValues } from './audit-filters';

type Translate = ReturnType<typeof useTranslations<'admin.audit'>>;

/** "Ada Admin <ada@example.com>", or the id of an account that no longer exists. */
const named = (t: Translate, label: { email: string | null; name: string | null }, id: string) =>
  label.email ? `${label.name} <${label.email}>` : t('deleted', { id });

const who = (t: Translate, actor: AuditEventView['actor'], details: AuditEventView['details']) =>
  actor
    ? t('actor', { role: actor.role, who: named(t, actor, actor.account_id) })
    : details.operator
      ? t('operator')
      : t('nobody');

function EventRow({ event }: { event: AuditEventView }) {
  const t = useTranslations('admin.audit');
  const format = useFormatter();
  const eventLabel = useEventLabel();
  const details = Object.entries(event.details).filter(([key]) => key !== 'operator');
  return (
    <li className={styles.item}>
      <h3 className={styles.title}>
        {eventLabel(event.event)} <span className={styles.badge}>{event.role}</span>
      </h3>
      <p className={styles.meta}>
        {t.rich('line', {
          at: () => (
            <time dateTime={event.at}>
              {format.dateTime(new Date(event.at), { dateStyle: 'medium', timeStyle: 'medium' })}
            </time>
          ),
          account: event.account && event.account_id ? named(t, event.account, event.account_id) : t('unknown'),
          by: who(t, event.actor, event.details),
        })}
      </p>
      <p className={styles.meta}>
        {t('from', {
          address: event.client_ip ?? t('noAddress'),
          device: event.user_agent ? deviceName(event.user_agent) : t('noUserAgent'),
        })}
      </p>
      {details.length ? (
        <p className={styles.meta}>
          {details.map(([key, value]) => `${key.replace(/_/g, ' ')}: ${JSON.stringify(value)}`).join(' · ')}
        </p>
      ) : null}
    </li>
  );
}

function EventList({ filters }: { filters: AuditFilterValues }) {
  const t = useTranslations('admin.audit');
  const query = trpc.admin.listAuditEvents.useInfiniteQuery(
    { ...filters, limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label={t('events')} noun={t('noun')} one={t('one')} empty={t('empty')}>
      {(event) => <EventRow event={event} />}
    </PagedList>
  );
}

export function AuditPage({ accountId }: { accountId: string }) {
  const t = useTranslations('admin.audit');
  const [filters, setFilters] = useState<AuditFilterValues>(accountId ? { account_id: accountId } : {});
  return (
    <AdminPage current="audit" module="audit" title={t('title')}>
      {() => (
        <>
          <PageHeader title={t('title')} lead={t('lead')} />
          <Panel title={t('filters')}>
            <AuditFilters initialAccountId={accountId} onApply={setFilters} />
          </Panel>
          <Panel title={t('eventsPanel')}>
            <EventList filters={filters} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
