// Which webhook messages a stored security event makes, in one table, and the body of each: the
// audit trail is the source of every event sent to the platform.
import type { AuditEventName } from '../contract/audit-events';
import type { WebhookBody, WebhookData, WebhookEventType } from '../contract/webhook-schemas';
import type { AuditEntry } from './audit-ports';

/** What the outbox reads of the account an event is about, inside the change's transaction. */
export interface WebhookAccountSnapshot {
  type?: string;
  vendorId?: string | null;
  email: string;
  name: string;
}

type TypesOf = (entry: AuditEntry) => readonly WebhookEventType[];
const always =
  (...types: WebhookEventType[]): TypesOf =>
  () =>
    types;
const byRole =
  (customer: WebhookEventType, other: WebhookEventType): TypesOf =>
  (e) => [e.role === 'customer' ? customer : other];

/** Audit events that are sent, and as which types; any other event is not sent. */
export const WEBHOOK_TYPES_OF: Partial<Record<AuditEventName, TypesOf>> = {
  account_created: byRole('customer.registered', 'account.created'),
  account_changed: always('account.updated'),
  email_changed: always('account.updated'),
  account_disabled: always('account.disabled'),
  account_enabled: always('account.enabled'),
  account_deleted: byRole('customer.deleted', 'account.deleted'),
  guest_converted: always('customer.guest_converted'),
  password_changed: always('password.changed'),
  password_reset_completed: always('password.changed'),
  factor_added: always('mfa.changed'),
  factor_removed: always('mfa.changed'),
  recovery_codes_regenerated: always('mfa.changed'),
  // Removing every factor also ends every session of the account.
  factors_reset: always('mfa.changed', 'sessions.ended'),
  terminal_paired: always('terminal.paired'),
  // Revoking a terminal that was not paired unpairs nothing.
  terminal_pairing_revoked: (e) => (e.details.was_paired === false ? [] : ['terminal.unpaired']),
  // A limit reached for a known account; refusals with no account are not the platform's concern.
  rate_limited: (e) => (e.accountId ? ['sign_in.locked'] : []),
  account_pin_locked: (e) => (e.accountId ? ['sign_in.locked'] : []),
  app_authorized: always('app.authorized'),
  app_revoked: always('app.revoked'),
  approval_granted: always('approval.granted'),
};

export const webhookTypesOf = (entry: AuditEntry): readonly WebhookEventType[] =>
  WEBHOOK_TYPES_OF[entry.event]?.(entry) ?? [];

/** The types whose body carries the account's e-mail and name. */
const WITH_CONTACT: readonly WebhookEventType[] = ['account.created', 'account.updated', 'customer.registered'];

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const stringsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The account's fields of `data`; its e-mail and name only where the type may carry them. */
function accountPart(
  type: WebhookEventType,
  entry: AuditEntry,
  accountId: string,
  account: WebhookAccountSnapshot | null,
): WebhookData {
  if (type === 'customer.deleted') return { account: { id: accountId } };
  const vendorId = account?.vendorId ?? entry.vendorId ?? undefined;
  return defined({
    account: defined({
      id: accountId,
      role: entry.role,
      type: account?.type ?? stringOf(entry.details.type),
      vendor_id: vendorId ?? undefined,
    }),
    ...(WITH_CONTACT.includes(type) && account ? { email: account.email, name: account.name } : {}),
  });
}

function changedOf(entry: AuditEntry): string[] | undefined {
  if (entry.event === 'email_changed') return ['email'];
  const changed = entry.details.changed;
  return Array.isArray(changed) ? changed.filter((c): c is string => typeof c === 'string') : undefined;
}

/** approval.granted: what was approved, from its audit event's details. */
const approvalOf = ({ details: d }: AuditEntry): WebhookData['approval'] => ({
  id: stringOf(d.approval_id) ?? '',
  action: stringOf(d.action) ?? '',
  reference: stringOf(d.reference) ?? '',
  amount: stringOf(d.amount) ?? null,
  requester_id: stringOf(d.requester_id) ?? '',
  store_id: stringOf(d.store_id) ?? '',
});

/** The body of a message of `type` made from `entry`, which happened at `at`. */
export function webhookBodyOf(
  type: WebhookEventType,
  entry: AuditEntry,
  at: Date,
  accountId: string | null,
  account: WebhookAccountSnapshot | null,
): WebhookBody {
  const about: WebhookData = accountId
    ? accountPart(type, entry, accountId, account)
    : defined({ terminal_id: stringOf(entry.details.terminal_id), vendor_id: entry.vendorId ?? undefined });
  const data: WebhookData =
    type === 'customer.deleted'
      ? about
      : defined({
          ...about,
          actor: entry.actor ? { role: entry.actor.role, id: entry.actor.accountId } : null,
          changed: type === 'account.updated' ? changedOf(entry) : undefined,
          terminal_id: about.terminal_id ?? stringOf(entry.details.terminal_id),
          limit: type === 'sign_in.locked' ? (stringOf(entry.details.limit) ?? 'pin') : undefined,
          provider: stringOf(entry.details.provider),
          ...(type === 'customer.guest_converted'
            ? { guest_id: stringOf(entry.details.guest_id), customer_id: accountId ?? undefined }
            : {}),
          client_id: type.startsWith('app.') ? stringOf(entry.details.client_id) : undefined,
          scopes: type === 'app.authorized' ? stringsOf(entry.details.scopes) : undefined,
          approval: type === 'approval.granted' ? approvalOf(entry) : undefined,
        });
  return { type, timestamp: at.toISOString(), data };
}
