// The port of approvals at the till: a PIN session's request for a manager's approval of one
// action, its granting (with its audit event) and its spending, each a conditional change so that
// of two callers at once, on any instance, only one wins.
import type { AuditEntry } from './audit-ports';

export interface ApprovalRecord {
  id: string;
  terminalId: string;
  storeId: string;
  vendorId: string;
  requesterId: string;
  action: string;
  reference: string;
  amount: string | null;
  expiresAt: Date;
  approverId: string | null;
  approvedAt: Date | null;
  spentAt: Date | null;
}

export type NewApproval = Omit<ApprovalRecord, 'approverId' | 'approvedAt' | 'spentAt'>;

export interface ApprovalRepository {
  create(approval: NewApproval, now: Date, audit: AuditEntry): Promise<void>;
  find(id: string): Promise<ApprovalRecord | null>;
  /**
   * Marks a pending, unexpired request approved by `approverId`, its life moved to `expiresAt` (the
   * token's), with its audit event; false when it was approved already or has expired.
   */
  grant(id: string, approverId: string, expiresAt: Date, now: Date, audit: AuditEntry): Promise<boolean>;
  /** Marks an approved, unspent, unexpired approval spent; false when another caller spent it first. */
  spend(id: string, now: Date, audit: AuditEntry): Promise<boolean>;
}
