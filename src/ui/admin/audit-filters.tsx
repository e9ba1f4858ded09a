'use client';
// The audit page's filters: an account (by e-mail, or the id an account's page links with), one
// kind of event and a time range; applied together when the form is sent, so typing does not
// reload the list on every key.
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
export const eventLabel = (event: string) => event.replace(/_/g, ' ');

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
      label="Filter events"
      submitLabel="Show events"
      pendingLabel="Loading…"
      pending={false}
      onSubmit={apply}
    >
      <TextField
        label="Account"
        name="account"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        hint="The e-mail (or id) of the account the events are about."
      />
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor="audit-event">
          Event
        </label>
        <select id="audit-event" className={fieldStyles.input} value={event} onChange={(e) => setEvent(e.target.value)}>
          <option value="">Every event</option>
          {AUDIT_EVENTS.map((name) => (
            <option key={name} value={name}>
              {eventLabel(name)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="From (your local time)"
        name="from"
        type="datetime-local"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        label="Until (your local time)"
        name="to"
        type="datetime-local"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
    </ActionForm>
  );
}
