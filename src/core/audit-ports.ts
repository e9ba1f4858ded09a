// The audit trail's port: security events as the core hands them to storage, and how they are
// read back. Repositories that change an account take an AuditEntry and write it in the same
// transaction as the change, so a change and its event commit together or not at all.
import type { AuditEventName } from '../contract/audit-events';
import type { Role } from '../contract/auth-schemas';
import type { ClientInfo } from './client-info';

export interface AuditActor {
  role: Role;
  accountId: string;
}

export interface AuditEntry {
  event: AuditEventName;
  role: Role;
  /** Null when no account is known; a creation leaves it to the repository, which knows the new id. */
  accountId: string | null;
  actor: AuditActor | null;
  /** The business of the account the event is about (vendor accounts). */
  vendorId?: string | null;
  client: ClientInfo;
  /** Already scrubbed by auditEntry(): never a password, token, code or secret. */
  details: Record<string, unknown>;
}

export interface StoredAuditEvent extends Omit<AuditEntry, 'client'> {
  id: string;
  at: Date;
  clientIp: string | null;
  userAgent: string | null;
}

export interface AuditFilter {
  role?: Role;
  accountId?: string;
  /** Any of these accounts (an e-mail's accounts across roles). */
  accountIds?: string[];
  vendorId?: string;
  event?: AuditEventName;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** A page of events, newest first: up to `limit + 1` rows strictly older than the key `before`. */
export interface AuditPageRequest {
  limit: number;
  before?: { at: Date; id: string };
}

export interface AuditTrail {
  /** Writes one event on its own, for events that change nothing else (a refused sign-in). */
  record(entry: AuditEntry, now: Date): Promise<void>;
  list(filter: AuditFilter, page: AuditPageRequest): Promise<StoredAuditEvent[]>;
  /** The ids of the accounts (of every role) with `email`. */
  accountIdsWithEmail(email: string): Promise<string[]>;
  /** The e-mail and name of each of these accounts that still exists, by id. */
  accountLabels(ids: string[]): Promise<Map<string, AccountLabel>>;
}

export interface AccountLabel {
  email: string;
  name: string;
}
