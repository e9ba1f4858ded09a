// Ports of the password-reset flow: where codes and reset grants live, and how mail leaves.
import type { Role } from '../contract/auth-schemas';
import type { AuditEntry } from './audit-ports';

/** What an e-mailed code is for: the password reset, and the customers' own codes. */
export type CodePurpose = 'password_reset' | 'verification' | 'sign_in' | 'email_change';

export interface ResetCodeRow {
  id: string;
  /** The address an e-mail change's code went to. */
  sentTo: string | null;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  spentAt: Date | null;
}

export interface ResetRepository {
  /**
   * Stores the account's code for `purpose` (default password_reset), replacing any earlier one (attempts start again
   * at 0).
   */
  saveCode(input: {
    role: Role;
    accountId: string;
    purpose?: CodePurpose;
    sentTo?: string;
    codeHash: string;
    expiresAt: Date;
  }): Promise<void>;
  findCode(role: Role, accountId: string, purpose?: CodePurpose): Promise<ResetCodeRow | null>;
  /** Counts one attempt only while the code is unspent, unexpired and under `maxAttempts`. */
  countAttempt(id: string, maxAttempts: number, now: Date): Promise<boolean>;
  /** Spends the code; true only for the one call that did it. */
  spendCode(id: string, now: Date): Promise<boolean>;
  createGrant(input: { jti: string; role: Role; accountId: string; expiresAt: Date }): Promise<void>;
  /**
   * Spends the grant and, in the same transaction, replaces the password hash, bumps the token
   * version, revokes every refresh family and spends the account's other codes and grants. False
   * (and no change) when the grant was not live.
   */
  completeReset(input: {
    jti: string;
    role: Role;
    accountId: string;
    passwordHash: string;
    now: Date;
    audit?: AuditEntry;
  }): Promise<boolean>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Runs work after the answer has gone out; failures are logged, never thrown at the caller. */
export type Defer = (name: string, task: () => Promise<void>) => void;
