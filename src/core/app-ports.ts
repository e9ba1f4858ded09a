// The port of the platform's apps (OAuth 2.1 / OpenID Connect clients): their listing, their
// credentials as the authorization server reads them, and the admins' and the operator's changes,
// each committed with its audit event.
import type { AppType } from '../contract/app-schemas';
import type { AuditEntry } from './audit-ports';
import type { PageKey, PageRequest } from './ports';

export interface AppRecord extends PageKey {
  name: string;
  clientId: string;
  type: AppType;
  firstParty: boolean;
  /** Registered by the app itself (RFC 7591), not by an admin. */
  registered: boolean;
  homepageUrl: string | null;
  redirectUris: string[];
  scopes: string[];
  updatedAt: Date;
}

/** What checking a confidential app's secret needs: hashes only (null for a public app). */
export interface AppCredentials extends AppRecord {
  secretHash: string | null;
  previousSecretHash: string | null;
  previousSecretUntil: Date | null;
}

export interface NewApp {
  id: string;
  name: string;
  clientId: string;
  type: AppType;
  firstParty: boolean;
  registered: boolean;
  homepageUrl: string | null;
  redirectUris: string[];
  scopes: string[];
  secretHash: string | null;
}

export type AppChange = Partial<Pick<NewApp, 'name' | 'firstParty' | 'homepageUrl' | 'redirectUris' | 'scopes'>>;

export interface AppRepository {
  create(app: NewApp, now: Date, audit: AuditEntry): Promise<AppRecord>;
  /** Oldest first, after the page's key: up to `limit + 1` rows. */
  list(page: PageRequest): Promise<AppRecord[]>;
  find(id: string): Promise<AppRecord | null>;
  findByClientId(clientId: string): Promise<AppCredentials | null>;
  /** Null when the app is gone. */
  update(id: string, change: AppChange, now: Date, audit: AuditEntry): Promise<AppRecord | null>;
  /** The new hash is checked from now on, the current one until `previousUntil`; null when the app is gone. */
  rotateSecret(
    id: string,
    secretHash: string,
    previousUntil: Date,
    now: Date,
    audit: AuditEntry,
  ): Promise<AppRecord | null>;
  /** Removes the app and every grant, code and token the authorization server holds for it; false when none exists. */
  remove(id: string, now: Date, audit: AuditEntry): Promise<boolean>;
}

/** What a person granted one app: every grant of theirs to it, taken together. */
export interface AppGrantRecord {
  accountId: string;
  /** The staff member's address (the owner's list of their staff's grants). */
  email: string;
  clientId: string;
  appName: string;
  homepageUrl: string | null;
  scopes: string[];
  grantedAt: Date;
  /** When a token was last issued under it (a code, a refresh). */
  lastUsedAt: Date;
}

/** The grants people hold, as the authorization server stores them. */
export interface AppGrantRepository {
  /** The person's grants, one per app, newest first. */
  ofAccount(accountId: string): Promise<AppGrantRecord[]>;
  /** The grants of a business's staff, one per person and app, newest first. */
  ofBusiness(vendorId: string): Promise<AppGrantRecord[]>;
  /**
   * Ends every grant of the person to the app, with its codes and tokens, in one transaction with the revocation
   * feed's `grant` entries and the audit event; the grants ended (empty when there were none: nothing is written).
   */
  end(accountId: string, clientId: string, now: Date, audit: AuditEntry): Promise<string[]>;
  /**
   * Ends one grant the authorization server revoked (the app revoked a token, a code or refresh token was used
   * twice), likewise; the audit event is made from the grant. False when it was gone already.
   */
  endOne(grantId: string, now: Date, audit: (grant: EndedGrant) => AuditEntry): Promise<boolean>;
}

/** Whose grant of which app ended. */
export interface EndedGrant {
  accountId: string;
  clientId: string;
  role: 'vendor' | 'customer';
  vendorId?: string;
}

/** A live app token's claims, as introspection answers them. */
export interface AppTokenClaims {
  sub: string;
  clientId: string;
  scope: string;
  aud: string[];
  sid: string;
  iat: number;
  exp: number;
  role: 'vendor' | 'customer';
  vendorId?: string;
  vendorType?: string;
}

/** Whether an app's access token is live: this service's signature, its grant standing, its person enabled. */
export interface AppTokenCheck {
  check(token: string): Promise<AppTokenClaims | null>;
}
