// The port of service clients: their listing, their credentials as authentication reads them, and
// the changes the admins and the operator make, each committed with its audit event.
import type { AuditEntry } from './audit-ports';
import type { PageKey, PageRequest } from './ports';

export interface ServiceClientRecord extends PageKey {
  name: string;
  clientId: string;
}

/** What checking a client's Basic credentials needs: hashes only. */
export interface ServiceClientCredentials extends ServiceClientRecord {
  secretHash: string;
  previousSecretHash: string | null;
  previousSecretUntil: Date | null;
}

export interface NewServiceClient {
  id: string;
  name: string;
  clientId: string;
  secretHash: string;
}

export interface ServiceClientRepository {
  create(client: NewServiceClient, now: Date, audit: AuditEntry): Promise<ServiceClientRecord>;
  /** Oldest first, after the page's key: up to `limit + 1` rows. */
  list(page: PageRequest): Promise<ServiceClientRecord[]>;
  find(id: string): Promise<ServiceClientRecord | null>;
  findByClientId(clientId: string): Promise<ServiceClientCredentials | null>;
  /** The new hash is checked from now on, the current one until `previousUntil`; null when the client is gone. */
  rotateSecret(
    id: string,
    secretHash: string,
    previousUntil: Date,
    now: Date,
    audit: AuditEntry,
  ): Promise<ServiceClientRecord | null>;
  /** False when no such client exists. */
  remove(id: string, now: Date, audit: AuditEntry): Promise<boolean>;
}
