// The claims of the service's JWT kinds as they are signed and read back: access, refresh, reset,
// second-factor step, and a manager's approval of one action at a till.
import type { Role } from '../contract/auth-schemas';

export interface AccessClaims {
  sub: string;
  role: Role;
  /** The account's token version when issued; a reset or a disable bumps it. */
  ver: number;
  /** Account type (admin_type or vendor_type), for downstream services' guards. */
  acct: string;
  modules: string[];
  vendor_id?: string;
  module_permissions?: Record<string, string[]>;
  /** The POS terminal a PIN sign-in happened on; with `amr: ["pin"]` the session does POS work only. */
  terminal_id?: string;
  /** How the account signed in (RFC 8176): `pin` for a PIN on a paired terminal; absent for a password. */
  amr?: string[];
  /**
   * The session (refresh-token family) the token was issued for: ending it refuses the token at
   * once. Tokens issued before the claim existed lack it (docs/decisions/0017-revocation-everywhere.md).
   */
  sid?: string;
  /** A guest session's token: `sub` is a guest, not a customer account; only routes that need no account take it. */
  guest?: true;
  /** Issued at (seconds); set by signing. */
  iat?: number;
  /** Expiry (seconds); set by signing. */
  exp?: number;
}

export interface RefreshClaims {
  sub: string;
  role: Role;
  /** The family (one sign-in) this token belongs to. */
  fam: string;
  jti: string;
  /** A guest session's refresh token. */
  guest?: true;
  iat: number;
  exp: number;
}

export interface ResetClaims {
  sub: string;
  role: Role;
  jti: string;
  iat: number;
  exp: number;
}

/** The second step of a sign-in: a right password, waiting for a code (or, `enrol`, for a first factor). */
export interface MfaClaims {
  sub: string;
  role: Role;
  jti: string;
  /** The account's token version: a reset or a disable meanwhile voids the step. */
  ver: number;
  /** The account must enrol a factor before it gets a session. */
  enrol: boolean;
  iat: number;
  exp: number;
}

/** A manager's approval of one action at a till (`typ: approval+jwt`); `jti` is spent once. */
export interface ApprovalClaims {
  /** The approving manager. */
  sub: string;
  role: 'vendor';
  jti: string;
  action: string;
  reference: string;
  amount?: string;
  /** The PIN session's account that asked. */
  requester: string;
  terminal_id: string;
  store_id: string;
  vendor_id: string;
  iat: number;
  exp: number;
}
