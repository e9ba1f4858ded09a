// The ports of second factors: an account's authenticator-app secret (sealed), the last time step
// it accepted, and its recovery codes (keyed hashes). The core never stores a secret in the clear.
import type { Role } from '../contract/auth-schemas';
import type { AuditEntry } from './audit-ports';
import type { SignInMethodsCheck } from './identity-ports';

export interface TotpFactorRecord {
  /** The secret as SecretBox sealed it. */
  secretCipher: string;
  /** Whether a first code confirmed it; an unconfirmed factor signs nobody in. */
  confirmed: boolean;
  /** The last time step accepted (0 before any). */
  lastStep: number;
}

/** What an account has, as the profile shows it. */
export interface FactorSummary {
  totp: boolean;
  passkeys: number;
}

export interface FactorRepository {
  findTotp(role: Role, accountId: string): Promise<TotpFactorRecord | null>;
  /** What the account has now, read from the database: the rules (second step at login, last factor) decide on it. */
  summary(role: Role, accountId: string): Promise<FactorSummary>;
  /**
   * The same for showing in a profile (login and `/me` answers): may come from the token routes'
   * cache, which every enrolment, removal and reset drops on every instance.
   */
  profileSummary(role: Role, accountId: string): Promise<FactorSummary>;
  /** Stores a new unconfirmed secret in place of an unconfirmed one; false (no change) when a confirmed one exists. */
  savePendingTotp(role: Role, accountId: string, secretCipher: string): Promise<boolean>;
  /**
   * Confirms the pending secret with its first accepted step and replaces the recovery codes, with
   * `audit`, atomically; false (no change) when there is no pending secret or it was confirmed meanwhile.
   */
  confirmTotp(
    role: Role,
    accountId: string,
    step: number,
    codeHashes: string[],
    now: Date,
    audit: AuditEntry,
  ): Promise<boolean>;
  /** Records `step` as accepted only if it is later than the last accepted one: true for the one caller that did it. */
  acceptStep(role: Role, accountId: string, step: number): Promise<boolean>;
  /** Removes the authenticator-app factor and every recovery code, with `audit`; false when there was none. */
  removeTotp(role: Role, accountId: string, audit: AuditEntry, now: Date): Promise<boolean>;
  /** Replaces every recovery code of the account, with `audit`. */
  replaceRecoveryCodes(
    role: Role,
    accountId: string,
    codeHashes: string[],
    now: Date,
    audit: AuditEntry,
  ): Promise<void>;
  /** Marks the code used if it is the account's and unused: true for the one caller that did it. */
  spendRecoveryCode(role: Role, accountId: string, codeHash: string, now: Date): Promise<boolean>;
  /**
   * Removes every factor and ends every session of the account, with `audit`, atomically; false when no such account.
   */
  resetFactors(role: Role, accountId: string, now: Date, audit: AuditEntry): Promise<boolean>;
}

/** A passkey as stored: its credential id, public key (COSE, base64url) and signature counter. */
export interface PasskeyRecord {
  id: string;
  role: Role;
  accountId: string;
  name: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface PasskeyRepository {
  /** Stores a challenge for `purpose` (with the account registering, none for a sign-in), valid until `expiresAt`. */
  saveChallenge(input: {
    challenge: string;
    role: Role;
    purpose: 'register' | 'login';
    accountId: string | null;
    expiresAt: Date;
  }): Promise<void>;
  /**
   * Removes the challenge if it is live and was issued for this purpose (and account): true for the one caller that did
   * it.
   */
  spendChallenge(input: {
    challenge: string;
    role: Role;
    purpose: 'register' | 'login';
    accountId: string | null;
    now: Date;
  }): Promise<boolean>;
  /** Stores a new passkey with `audit`; false when that credential id is already registered. */
  add(passkey: Omit<PasskeyRecord, 'lastUsedAt'>, audit: AuditEntry): Promise<boolean>;
  find(role: Role, id: string): Promise<PasskeyRecord | null>;
  listOf(role: Role, accountId: string): Promise<PasskeyRecord[]>;
  /**
   * Records a sign-in: the new counter, only if the stored one is still `from` (a cloned authenticator loses the race).
   */
  recordUse(id: string, from: number, counter: number, now: Date): Promise<boolean>;
  /**
   * Removes the account's passkey with `audit`; false when it has no such passkey. A customer's
   * removal runs `keeps` on the ways to sign in left, in the same transaction (see IdentityRepository.unlink).
   */
  remove(
    role: Role,
    accountId: string,
    id: string,
    audit: AuditEntry,
    now: Date,
    keeps?: SignInMethodsCheck,
  ): Promise<boolean>;
  /** Gives the account's passkey a new name; null when it has no such passkey. */
  rename(role: Role, accountId: string, id: string, name: string): Promise<PasskeyRecord | null>;
}
