// Ports of customers' sign-in with OpenID providers: the provider client (discovery, the
// authorization URL, the code exchange and ID-token checks), the flows under way and the linked
// identities. The core decides who signs in; these only fetch, verify and store.
import type { AuditEntry } from './audit-ports';
import type { AccountRecord } from './ports';

/** What a verified ID token says about the person, as the linking rules read it. */
export interface IdentityClaims {
  issuer: string;
  subject: string;
  /** Trimmed and lower-cased; absent when the provider gave none. */
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CodeAnswer {
  redirectUri: string;
  code: string;
  state: string;
  /** The `iss` the provider sent back with the code (RFC 9207), when it did. */
  iss?: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * The providers of the configuration, reached over the network. Failures are AuthErrors:
 * `provider_unavailable` when the provider cannot be reached or answers garbage, `provider_refused`
 * when it refuses the code or its token fails a check (signature, iss, aud, exp, nonce).
 */
export interface OidcClient {
  authorizationUrl(provider: string, request: AuthorizationRequest): Promise<string>;
  exchangeCode(provider: string, answer: CodeAnswer): Promise<IdentityClaims>;
  /** A token a native app got from the provider's own SDK, checked like one from the code exchange. */
  verifyIdToken(provider: string, idToken: string, nonce: string): Promise<IdentityClaims & { expiresAt: Date }>;
}

export type FlowPurpose = 'sign_in' | 'link';

export interface OidcFlowRecord {
  state: string;
  provider: string;
  purpose: FlowPurpose;
  accountId: string | null;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  browserHash: string | null;
  expiresAt: Date;
}

export interface IdentityRecord {
  id: string;
  accountId: string;
  provider: string;
  issuer: string;
  subject: string;
  email: string;
  linkedAt: Date;
}

export interface IdentityRepository {
  saveFlow(flow: OidcFlowRecord): Promise<void>;
  /** Deletes and returns the live flow of `state`: of two requests with one state, one gets it. */
  spendFlow(state: string, now: Date): Promise<OidcFlowRecord | null>;
  /** Records a native app's nonce as spent until `expiresAt`; false when it was spent already. */
  spendNonce(key: string, provider: string, expiresAt: Date): Promise<boolean>;
  find(issuer: string, subject: string): Promise<IdentityRecord | null>;
  listOf(accountId: string): Promise<IdentityRecord[]>;
  /** Links the identity with `audit`; false when that issuer and subject are linked already. */
  link(identity: Omit<IdentityRecord, 'id'>, audit: AuditEntry): Promise<boolean>;
  /**
   * A customer from a provider: a new verified account with the identity, or (`unverified` given)
   * that unverified account made verified, its registration password discarded, with the identity.
   * Null when the address was taken or verified meanwhile, or the identity linked meanwhile.
   */
  createOrClaim(
    input: { email: string; name: string; unverified?: string; identity: Omit<IdentityRecord, 'id' | 'accountId'> },
    audit: (account: AccountRecord) => AuditEntry[],
  ): Promise<AccountRecord | null>;
  recordUse(id: string, now: Date): Promise<void>;
  /**
   * Removes the customer's identity with `audit`, in one transaction with `keeps`, which sees the
   * ways to sign in left and throws to refuse (two removals at once cannot both pass it); false
   * when the customer has no such identity.
   */
  unlink(accountId: string, id: string, audit: AuditEntry, now: Date, keeps: SignInMethodsCheck): Promise<boolean>;
}

/** A customer's ways to sign in: a password, linked identities, passkeys. */
export interface SignInMethods {
  password: boolean;
  identities: number;
  passkeys: number;
}

/** Judges the ways to sign in a removal leaves, inside its transaction; a throw undoes the removal. */
export type SignInMethodsCheck = (left: SignInMethods) => void;
