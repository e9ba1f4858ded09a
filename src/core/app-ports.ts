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
