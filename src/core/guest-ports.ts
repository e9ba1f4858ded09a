// Ports of guest sessions: the holder of a shopper's session before any account, and its link to
// the customer whose sign-in presented it.
import type { AuditEntry } from './audit-ports';

export interface GuestRecord {
  id: string;
  /** Refused (and swept) once GUEST_MAX_AGE has passed since. */
  createdAt: Date;
  /** Set once a sign-in linked the guest to a customer; its session ended then. */
  convertedAt: Date | null;
}

export interface GuestRepository {
  create(guest: { id: string; createdAt: Date }): Promise<void>;
  find(id: string): Promise<GuestRecord | null>;
  /**
   * Links the guest to `customerId` and revokes its sessions, with `audit`, in one transaction;
   * false (nothing written) when it is gone or was linked already.
   */
  convert(id: string, customerId: string, now: Date, audit: AuditEntry): Promise<boolean>;
}
