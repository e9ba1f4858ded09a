// Service clients (module `integrations`): registering one with a secret shown once, rotating and
// removing it, from the admins' routes and the operator CLI, and checking the HTTP Basic
// credentials the platform's services send. Each change is an audit event.
import { randomUUID } from 'node:crypto';
import { AuthError } from '../auth-error';
import {
  acceptsSecret,
  newClientSecret as newSecret,
  newPublicClientId,
  sameHash,
  secretHashOf,
} from '../client-secrets';
import { pageFrom, pageRequestOf } from '../paging';
import type { ServiceClientCredentials, ServiceClientRecord } from '../service-client-ports';
import { parseInput } from '../validation';
import type { Page } from '../../contract/administration-schemas';
import type { AuditEventName } from '../../contract/audit-events';
import { createServiceClientRequest, type ServiceClientView } from '../../contract/service-client-schemas';
import { auditEntry, causeOf, OPERATOR_CAUSE, type AuditCause } from './audit';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import type { Principal } from './principal';

const newClientId = () => newPublicClientId('svc');

const clientView = (c: ServiceClientRecord): ServiceClientView => ({
  id: c.id,
  name: c.name,
  client_id: c.clientId,
  created_at: c.createdAt.toISOString(),
});

/** The client a service authenticated as: what its limits and the log name it by. */
export interface ServiceCaller {
  id: string;
  clientId: string;
}

type Deps = Pick<ServiceDeps, 'serviceClients' | 'clock' | 'config'>;

export function createServiceClients({ serviceClients, clock, config }: Deps) {
  const gone = () => new AuthError('not_found', 'No such service client.');
  /** A change to a client: about no account, naming the client (never a secret). */
  const event = (name: AuditEventName, cause: AuditCause, client: { id: string; clientId: string; name?: string }) =>
    auditEntry(name, { role: 'admin', accountId: null }, cause, {
      service_client_id: client.id,
      client_id: client.clientId,
      ...(client.name ? { name: client.name } : {}),
    });

  async function create(body: unknown, cause: AuditCause) {
    const { name } = parseInput(createServiceClientRequest, body);
    const secret = newSecret();
    const fresh = { id: randomUUID(), name, clientId: newClientId(), secretHash: secretHashOf(secret) };
    const created = await serviceClients.create(fresh, clock.now(), event('service_client_created', cause, fresh));
    return { ...clientView(created), client_secret: secret };
  }

  async function rotate(id: string, cause: AuditCause) {
    const found = await serviceClients.find(id);
    if (!found) throw gone();
    const now = clock.now();
    const secret = newSecret();
    const previousUntil = new Date(now.getTime() + config.serviceClients.secretOverlap * 1000);
    const rotated = await serviceClients.rotateSecret(
      id,
      secretHashOf(secret),
      previousUntil,
      now,
      event('service_client_secret_rotated', cause, found),
    );
    if (!rotated) throw gone();
    return { client_id: rotated.clientId, client_secret: secret, previous_valid_until: previousUntil.toISOString() };
  }

  async function remove(id: string, cause: AuditCause) {
    const found = await serviceClients.find(id);
    if (!found || !(await serviceClients.remove(id, clock.now(), event('service_client_deleted', cause, found))))
      throw gone();
  }

  /** The operator names a client by its client id, as the service's configuration holds it. */
  async function idOf(clientId: string) {
    const found = await serviceClients.findByClientId(clientId);
    if (!found) throw gone();
    return found.id;
  }

  /** Whether `secret` is the client's current secret, or its previous one within the overlap. */
  const accepts = (client: ServiceClientCredentials, secret: string) => acceptsSecret(client, secret, clock.now());

  return {
    createServiceClient: (principal: Principal, body: unknown) =>
      create(body, causeOf(allowed(principal, 'createServiceClient'))),

    async listServiceClients(principal: Principal, query: unknown): Promise<Page<ServiceClientView>> {
      allowed(principal, 'listServiceClients');
      const page = pageRequestOf(query);
      return pageFrom(await serviceClients.list(page), page, clientView);
    },

    rotateServiceClientSecret: (principal: Principal, id: string) =>
      rotate(id, causeOf(allowed(principal, 'rotateServiceClientSecret'))),

    async deleteServiceClient(principal: Principal, id: string): Promise<void> {
      await remove(id, causeOf(allowed(principal, 'deleteServiceClient')));
    },

    /** The operator CLI's face: no caller, no guard. */
    operator: {
      create: (name: string) => create({ name }, OPERATOR_CAUSE),
      rotate: async (clientId: string) => rotate(await idOf(clientId), OPERATOR_CAUSE),
      async remove(clientId: string) {
        const id = await idOf(clientId);
        await remove(id, OPERATOR_CAUSE);
        return { id, client_id: clientId, deleted: true };
      },
    },

    /**
     * The client behind an `Authorization: Basic` header (RFC 7617), whose user name and password
     * are form-url-encoded before base64 as RFC 6749 section 2.3.1 says; invalid_client otherwise.
     * An unknown client id costs one hash like a known one.
     */
    async authenticateClient(authorization: string | null): Promise<ServiceCaller> {
      const credentials = basicCredentialsOf(authorization);
      const client =
        credentials && credentials.clientId.length <= 100
          ? await serviceClients.findByClientId(credentials.clientId)
          : null;
      const secret = credentials?.secret ?? '';
      if (!client) {
        sameHash(secret, '0'.repeat(64));
        throw new AuthError('invalid_client');
      }
      if (!accepts(client, secret)) throw new AuthError('invalid_client');
      return { id: client.id, clientId: client.clientId };
    },
  };
}

/** Decodes one form-url-encoded half of the Basic credentials; null when it is not valid. */
function formDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function basicCredentialsOf(authorization: string | null): { clientId: string; secret: string } | null {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(authorization ?? '');
  if (!match || authorization!.length > 2048) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const clientId = formDecoded(decoded.slice(0, colon));
  const secret = formDecoded(decoded.slice(colon + 1));
  return clientId !== null && secret !== null && secret.length > 0 ? { clientId, secret } : null;
}

export type ServiceClients = ReturnType<typeof createServiceClients>;
