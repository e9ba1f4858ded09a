// The port of invitations: an invitation's record, and the changes to it, each committed with its
// audit event. Accepting spends the invitation and creates the account in one transaction.
import type { AuditEntry } from './audit-ports';
import type { AccountRecord, NewAdmin, NewVendorAccount, PageKey, PageRequest } from './ports';

/** The rights an invitation grants, fixed when it is made. */
export interface InvitedRights {
  /** `super_admin` or `admin`; always `employee` for vendor staff. */
  accountType: string;
  modules: string[];
  modulePermissions: Record<string, string[]>;
  storeIds: string[];
}

export interface InvitationRecord extends PageKey, InvitedRights {
  role: 'admin' | 'vendor';
  email: string;
  name: string;
  /** The business of a vendor invitation; null for an admin one. */
  vendorId: string | null;
  inviter: { role: 'admin' | 'vendor'; id: string };
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

export type NewInvitation = Omit<InvitationRecord, 'createdAt' | 'acceptedAt' | 'revokedAt'> & { tokenHash: string };

/** What acceptance creates: the account of the invitation's role, with the chosen password's hash. */
export type InvitedAccount = { role: 'admin'; admin: NewAdmin } | { role: 'vendor'; vendor: NewVendorAccount };

export interface InvitationRepository {
  create(invitation: NewInvitation, now: Date, audit: AuditEntry): Promise<InvitationRecord>;
  find(id: string): Promise<InvitationRecord | null>;
  findByTokenHash(tokenHash: string): Promise<InvitationRecord | null>;
  /** Whether an invitation of `role` to `email` is pending at `now`. */
  hasPending(role: 'admin' | 'vendor', email: string, now: Date): Promise<boolean>;
  /** Pending at `now` (neither accepted, revoked nor expired), oldest first: up to `limit + 1` rows. */
  listPending(
    role: 'admin' | 'vendor',
    vendorId: string | null,
    now: Date,
    page: PageRequest,
  ): Promise<InvitationRecord[]>;
  /** A new token and lifetime for a pending invitation (the old token stops working); null when none is pending. */
  replaceToken(
    id: string,
    tokenHash: string,
    expiresAt: Date,
    now: Date,
    audit: AuditEntry,
  ): Promise<InvitationRecord | null>;
  /** Revokes a pending invitation; false when none is pending. */
  revoke(id: string, now: Date, audit: AuditEntry): Promise<boolean>;
  /**
   * Spends the pending invitation with `tokenHash` and creates `account`, with `audit` (about the new
   * account), in one transaction: null when no such invitation is pending at `now` (used, revoked,
   * replaced or expired), so two acceptances of one token make one account. A taken e-mail is a conflict.
   */
  accept(tokenHash: string, now: Date, account: InvitedAccount, audit: AuditEntry): Promise<AccountRecord | null>;
}
