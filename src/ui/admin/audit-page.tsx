'use client';
// /admin/audit: the stored security events (the `audit` module), newest first, a page at a time,
// with each account's name and e-mail, filtered by account (e-mail or id), event and time; each
// account's entry on the admin pages links here.
import { useState } from 'react';
import type { AuditEventView } from '@/contract/audit-events';
import styles from '../components/list.module.css';
import { nextCursorOf, PAGE_SIZE, PagedList } from '../components/paged-list';
import { Panel } from '../components/panel';
import { deviceName } from '@/core/device-name';
import { trpc } from '../trpc/client';
import { AdminPage, PageHeader } from './admin-page';
import { AuditFilters, eventLabel, type AuditFilterValues } from './audit-filters';

/** "Ada Admin <ada@example.com>", or the id of an account that no longer exists. */
const named = (label: { email: string | null; name: string | null }, id: string) =>
  label.email ? `${label.name} <${label.email}>` : `deleted account ${id}`;

const who = (actor: AuditEventView['actor'], details: AuditEventView['details']) =>
  actor
    ? `${actor.role} ${named(actor, actor.account_id)}`
    : details.operator
      ? 'the operator (command line)'
      : 'nobody signed in';

function EventRow({ event }: { event: AuditEventView }) {
  const details = Object.entries(event.details).filter(([key]) => key !== 'operator');
  return (
    <li className={styles.item}>
      <h3 className={styles.title}>
        {eventLabel(event.event)} <span className={styles.badge}>{event.role}</span>
      </h3>
      <p className={styles.meta}>
        <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time> · account{' '}
        {event.account && event.account_id ? named(event.account, event.account_id) : 'unknown'} · by{' '}
        {who(event.actor, event.details)}
      </p>
      <p className={styles.meta}>
        From {event.client_ip ?? 'no address'} · {event.user_agent ? deviceName(event.user_agent) : 'no user agent'}
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
  const query = trpc.admin.listAuditEvents.useInfiniteQuery(
    { ...filters, limit: PAGE_SIZE },
    { getNextPageParam: nextCursorOf },
  );
  return (
    <PagedList query={query} label="Security events" noun="events" one="event" empty="No events match.">
      {(event) => <EventRow event={event} />}
    </PagedList>
  );
}

export function AuditPage({ accountId }: { accountId: string }) {
  const [filters, setFilters] = useState<AuditFilterValues>(accountId ? { account_id: accountId } : {});
  return (
    <AdminPage current="audit" module="audit" title="Audit trail">
      {() => (
        <>
          <PageHeader
            title="Audit trail"
            lead="Sign-ins, password resets and account changes: who, when and from where."
          />
          <Panel title="Filters">
            <AuditFilters initialAccountId={accountId} onApply={setFilters} />
          </Panel>
          <Panel title="Events">
            <EventList filters={filters} />
          </Panel>
        </>
      )}
    </AdminPage>
  );
}
