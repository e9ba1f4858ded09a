'use client';
// The audit page's filters: an account (by e-mail, or the id an account's page links with), one
// kind of event and a time range; applied together when the form is sent, so typing does not
// reload the list on every key.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { AUDIT_EVENTS, type AuditEventName } from '@/contract/audit-events';
import { ActionForm } from '../components/action-form';
import fieldStyles from '../components/field.module.css';
import { TextField } from '../components/text-field';

export interface AuditFilterValues {
  account_id?: string;
  account_email?: string;
  event?: AuditEventName;
  from?: string;
  to?: string;
}

/** A `datetime-local` value (the browser's local time) as an ISO instant; empty stays unset. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : undefined);
/** An event's name in the admin's language, or its own name spaced out for one the catalogue lacks. */
export function useEventLabel() {
  const t = useTranslations('admin.auditEvents');
  return (event: string) => (t.has(event) ? t(event) : event.replace(/_/g, ' '));
}

/** An e-mail is searched as one; anything else is taken for an account id. */
const accountFilter = (value: string): AuditFilterValues =>
  value.includes('@') ? { account_email: value } : value ? { account_id: value } : {};

export function AuditFilters({
  initialAccountId,
  onApply,
}: {
  initialAccountId: string;
  onApply(filters: AuditFilterValues): void;
}) {
  const t = useTranslations('admin.auditFilters');
  const eventLabel = useEventLabel();
  const [account, setAccount] = useState(initialAccountId);
  const [event, setEvent] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  function apply() {
    onApply({
      ...accountFilter(account.trim()),
      ...(event ? { event: event as AuditEventName } : {}),
      ...(from ? { from: instantOf(from) } : {}),
      ...(to ? { to: instantOf(to) } : {}),
    });
  }
  return (
    <ActionForm
      label={t('label')}
      submitLabel={t('submit')}
      pendingLabel={t('loading')}
      pending={false}
      onSubmit={apply}
    >
      <TextField
        label={t('account')}
        name="account"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        hint={t('accountHint')}
      />
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor="audit-event">
          {t('event')}
        </label>
        <select id="audit-event" className={fieldStyles.input} value={event} onChange={(e) => setEvent(e.target.value)}>
          <option value="">{t('everyEvent')}</option>
          {AUDIT_EVENTS.map((name) => (
            <option key={name} value={name}>
              {eventLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('from')}
        name="from"
        type="datetime-local"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField label={t('to')} name="to" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
    </ActionForm>
  );
}
