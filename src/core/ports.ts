// The ports the auth core needs from the outside world; the composition root plugs in the real ones.
import type { Role } from '../contract/auth-schemas';
import type { Locale } from '../contract/locales';
import type { AuditEntry } from './audit-ports';
import type { ClientInfo } from './client-info';

export type { ClientInfo };

export interface Clock {
  now(): Date;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** Whether a stored hash is of an earlier format, to be replaced at the next sign-in. */
  needsUpgrade(hash: string): boolean;
}

/** A pino-compatible subset: structured fields first, message second. */
export interface Logger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export interface AccountRecord {
  role: Role;
  id: string;
  email: string;
  name: string;
  /** The language of the account's pages and mails; null or absent: none saved. */
  locale?: Locale | null;
  /** admin_type or vendor_type. */
  type: string;
  modules: string[];
  modulePermissions: Record<string, string[]>;
  passwordHash: string;
  tokenVersion: number;
  disabled: boolean;
  vendor?: { id: string; name: string };
  /** Customers: whether the owner of the address has proved it (a code), and when the account was made. */
  emailVerified?: boolean;
  createdAt?: Date;
  /**
   * Set only for a guest session's holder (a customer-role session with no account, no e-mail):
   * when the guest expires. Only the routes that need no account let such a holder through.
   */
  guest?: { expiresAt: Date };
}

export interface NewAdmin {
  email: string;
  name: string;
  adminType: string;
  modules: string[];
  passwordHash: string;
}

export interface NewVendorAccount {
  vendorId: string;
  email: string;
  name: string;
  vendorType: string;
  modules: string[];
  modulePermissions: Record<string, string[]>;
  passwordHash: string;
  storeIds: string[];
}

export interface StoreRecord {
  id: string;
  vendorId: string;
  name: string;
}

export interface TerminalRecord {
  id: string;
  storeId: string;
  name: string;
}

/** A terminal in a business's store listing: with whether a device is paired with it now. */
export interface ListedTerminal extends TerminalRecord {
  paired: boolean;
}

export interface AccountRepository {
  findByEmail(role: Role, email: string): Promise<AccountRecord | null>;
  findById(role: Role, id: string): Promise<AccountRecord | null>;
  /**
   * Replaces the hash, bumps the token version, revokes every refresh family and spends every reset code and grant,
   * atomically (with `audit`).
   */
  replacePassword(role: Role, id: string, passwordHash: string, now: Date, audit?: AuditEntry): Promise<void>;
  /** Replaces a hash of an earlier format by one of the same password; no-op when it changed meanwhile. */
  upgradePasswordHash(role: Role, id: string, from: string, to: string): Promise<void>;
  /** Saves the language of the account's pages and mails (with `audit`). */
  setLocale(role: Role, id: string, locale: Locale, now: Date, audit?: AuditEntry): Promise<void>;
  /** Disabling also bumps the token version and revokes every refresh family, atomically (with `audit`). */
  setDisabled(role: Role, id: string, disabled: boolean, now: Date, audit?: AuditEntry): Promise<void>;
  /** Stores the account may work in (all of the business for owners) with their terminals. */
  storesFor(account: AccountRecord): Promise<{ stores: StoreRecord[]; terminals: TerminalRecord[] }>;
  countAdmins(): Promise<number>;
  /** `audit` is written in the same transaction, about the new account. */
  createAdmin(input: NewAdmin, audit?: AuditEntry): Promise<AccountRecord>;
  createVendor(name: string): Promise<{ id: string; name: string }>;
  findVendor(id: string): Promise<{ id: string; name: string } | null>;
  createVendorAccount(input: NewVendorAccount, audit?: AuditEntry): Promise<AccountRecord>;
  createStore(vendorId: string, name: string): Promise<StoreRecord>;
  findStore(id: string): Promise<StoreRecord | null>;
  createTerminal(storeId: string, name: string): Promise<TerminalRecord>;
}

export interface RefreshTokenRow {
  jti: string;
  familyId: string;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  successorJti: string | null;
  /**
   * `terminalId`: the terminal a PIN sign-in started on (null for a password sign-in); `createdAt`: the sign-in's time.
   */
  family: { role: Role; accountId: string; revokedAt: Date | null; terminalId?: string | null; createdAt: Date };
}

export interface FamilyState {
  role: Role;
  accountId: string;
  revoked: boolean;
  createdAt: Date;
  /** The terminal of a PIN sign-in; null for a password sign-in. */
  terminalId: string | null;
}

export interface NewRefreshToken {
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface SessionRepository {
  createFamily(input: {
    id: string;
    role: Role;
    accountId: string;
    client: ClientInfo;
    token: NewRefreshToken;
    /** The terminal of a PIN sign-in: unpairing it ends the family. */
    terminalId?: string;
    /** The sign-in's event, written in the same transaction. */
    audit?: { entry: AuditEntry; at: Date };
    /** The device marker the client is given (recorded or renewed for this account), in the same transaction. */
    device?: { idHash: string; expiresAt: Date };
    /** A password sign-in lifts the account's PIN lock (its failed PIN count), in the same transaction. */
    liftPinLock?: boolean;
    /** The device a sign-in came from (new-device-ports.ts), recorded or its last use moved on, in the same commit. */
    seenFrom?: { deviceKey: string; at: Date };
  }): Promise<void>;
  findToken(jti: string): Promise<RefreshTokenRow | null>;
  /**
   * Marks `jti` used and records its successor, only if it was unused and belongs to `familyId`,
   * which is not revoked: true when this call did it. Concurrent callers for one token see exactly
   * one true.
   */
  rotate(input: { jti: string; familyId: string; usedAt: Date; successor: NewRefreshToken }): Promise<boolean>;
  /** `audit` (logout, session ended, reuse) is written in the same transaction. */
  revokeFamily(familyId: string, now: Date, audit?: AuditEntry): Promise<void>;
  /**
   * Whose the family is, when it started, its PIN terminal and whether it was revoked; null once it
   * is gone. What an access token's `sid` is checked against, and what a refresh needs to know
   * before it rotates.
   */
  familyState(familyId: string): Promise<FamilyState | null>;
}

// Administration: listing and changing accounts, businesses and stores; sign-in sessions.

/** Where a page starts: lists are ordered by (createdAt, id), a unique key that inserts never reorder. */
export interface PageKey {
  createdAt: Date;
  id: string;
}

/** Repositories answer up to `limit + 1` rows after `after`, so the core knows whether more follow. */
export interface PageRequest {
  limit: number;
  after?: PageKey;
}

/** An account as administration shows it: never its password hash. */
export interface ManagedAccount extends Omit<AccountRecord, 'passwordHash'> {
  createdAt: Date;
  /** Assigned stores (employees); empty for admins and owners. */
  storeIds: string[];
}

export interface VendorRecord {
  id: string;
  name: string;
  createdAt: Date;
}

export interface ManagedStore extends StoreRecord {
  createdAt: Date;
  terminals: ListedTerminal[];
}

export interface AdminChange {
  name?: string;
  adminType?: string;
  modules?: string[];
  /** Disabling also bumps the token version and revokes every refresh family. */
  disabled?: boolean;
}

export interface EmployeeChange {
  name?: string;
  modules?: string[];
  modulePermissions?: Record<string, string[]>;
  /** Replaces the assignments. */
  storeIds?: string[];
}

export interface AdministrationRepository {
  findManaged(role: Role, id: string): Promise<ManagedAccount | null>;
  listAdmins(page: PageRequest): Promise<ManagedAccount[]>;
  /**
   * Applies `change` atomically. It refuses (writing nothing) when the account is an enabled
   * super_admin, the change demotes or disables it, and no other enabled super_admin exists.
   */
  updateAdmin(
    id: string,
    change: AdminChange,
    now: Date,
    audit?: AuditEntry,
  ): Promise<ManagedAccount | 'last_super_admin' | null>;
  updateEmployee(id: string, change: EmployeeChange, now: Date, audit?: AuditEntry): Promise<ManagedAccount | null>;
  listVendors(page: PageRequest): Promise<VendorRecord[]>;
  listVendorAccounts(vendorId: string, page: PageRequest): Promise<ManagedAccount[]>;
  listStores(vendorId: string, page: PageRequest): Promise<ManagedStore[]>;
}

/** One sign-in (a refresh-token family) as its owner and administrators see it. */
export interface SessionRecord {
  id: string;
  role: Role;
  accountId: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userAgent: string | null;
  clientIp: string | null;
}

export interface SessionListing {
  /** Families of the account neither revoked nor expired at `now`. */
  listActive(role: Role, accountId: string, now: Date, page: PageRequest): Promise<SessionRecord[]>;
  findSession(id: string): Promise<SessionRecord | null>;
}
