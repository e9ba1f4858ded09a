// Reading the audit trail: admins with `audit` every event, owners and employees with `staff` their
// business's, every account its own; newest first, a page at a time.
import { auditEventQuery, type AuditEventView } from '../../contract/audit-events';
import type { Page } from '../../contract/administration-schemas';
import type { AccountLabel, AuditFilter, StoredAuditEvent } from '../audit-ports';
import { decodeCursor, encodeCursor } from '../paging';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import type { Principal } from './principal';

const NO_LABEL = { email: null, name: null };

export function auditEventView(e: StoredAuditEvent, labels: Map<string, AccountLabel>): AuditEventView {
  return {
    id: e.id,
    at: e.at.toISOString(),
    event: e.event,
    role: e.role,
    account_id: e.accountId,
    account: e.accountId ? (labels.get(e.accountId) ?? NO_LABEL) : null,
    actor: e.actor && {
      role: e.actor.role,
      account_id: e.actor.accountId,
      ...(labels.get(e.actor.accountId) ?? NO_LABEL),
    },
    client_ip: e.clientIp,
    user_agent: e.userAgent,
    details: e.details,
  };
}

export function createAuditEvents({ audit }: Pick<ServiceDeps, 'audit'>) {
  /** One page under `scope` (which the caller's query can narrow, never widen). */
  async function page(scope: AuditFilter, query: unknown): Promise<Page<AuditEventView>> {
    const q = parseInput(auditEventQuery, query ?? {});
    const filter: AuditFilter = {
      ...(q.account_id ? { accountId: q.account_id } : {}),
      ...(q.account_email ? { accountIds: await audit.accountIdsWithEmail(q.account_email) } : {}),
      ...(q.event ? { event: q.event } : {}),
      ...(q.from ? { from: new Date(q.from) } : {}),
      ...(q.to ? { to: new Date(q.to) } : {}),
      ...scope,
    };
    const key = q.cursor ? decodeCursor(q.cursor) : undefined;
    const rows = await audit.list(filter, {
      limit: q.limit,
      ...(key ? { before: { at: key.createdAt, id: key.id } } : {}),
    });
    const items = rows.slice(0, q.limit);
    const last = items.at(-1);
    const labels = await audit.accountLabels([
      ...new Set(items.flatMap((e) => [e.accountId, e.actor?.accountId].filter((id): id is string => !!id))),
    ]);
    return {
      items: items.map((e) => auditEventView(e, labels)),
      next_cursor: rows.length > q.limit && last ? encodeCursor({ createdAt: last.at, id: last.id }) : null,
    };
  }

  return {
    /** Admins: every event. Vendor accounts: the events about their own business's accounts. */
    async listAuditEvents(principal: Principal, query: unknown) {
      const { account } = allowed(principal, 'listAuditEvents');
      return page(account.role === 'admin' ? {} : { vendorId: account.vendor?.id ?? '' }, query);
    },

    /** The caller's own events, whatever the query's account_id says. */
    async listOwnEvents(principal: Principal, query: unknown) {
      const { account } = allowed(principal, 'listOwnEvents');
      return page({ role: account.role, accountId: account.id }, query);
    },
  };
}
