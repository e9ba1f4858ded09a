// Ports of the customers' own flows: the account changes only customers make (registration,
// verification, name and e-mail changes, deletion) and the administrators' list of them.
import type { AuditEntry } from './audit-ports';
import type { AccountRecord, PageRequest } from './ports';

export interface CustomerRepository {
  /**
   * Creates the unverified account of `email`, or replaces the pending name and password of the
   * unverified one; null (nothing written) when a verified account holds the address.
   */
  saveUnverified(input: { email: string; name: string; passwordHash: string }): Promise<AccountRecord | null>;
  /**
   * Marks the address verified; `discardPassword` empties the hash set at registration. False when already verified.
   */
  markVerified(id: string, now: Date, discardPassword: boolean, audit?: AuditEntry): Promise<boolean>;
  rename(id: string, name: string, now: Date, audit?: AuditEntry): Promise<void>;
  /** False (nothing written) when another account holds `email`. */
  changeEmail(id: string, email: string, now: Date, audit?: AuditEntry): Promise<boolean>;
  /** Ends every session, spends every code and removes the account's row, atomically (with `audit`). */
  remove(id: string, now: Date, audit?: AuditEntry): Promise<void>;
  /** Customers whose e-mail or name contains `query` (case-insensitive), by creation. */
  list(query: string | undefined, page: PageRequest): Promise<Array<AccountRecord & { createdAt: Date }>>;
}
