// A service client of the platform for tests: registered by the operator, and its two calls
// (introspection, the revocation feed) sent with its HTTP Basic credentials.
import { basicCredentials } from '@/guard-kit/service-calls';
import { withContainer } from './accounts';
import type { TestDatabase } from './databases';
import { request, type Answer } from './http';

export interface ServiceCredentials {
  client_id: string;
  client_secret: string;
}

/**
 * An `Authorization: Basic` header of `user` and `secret` joined as they are, without the form-url
 * encoding RFC 6749 asks for: what a careless client sends.
 */
export const rawBasic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

/** A new service client, as `service:create` makes one. */
export const registerServiceClient = (db: TestDatabase, name: string): Promise<ServiceCredentials> =>
  withContainer(db, ({ auth }) => auth.serviceClients.operator.create(name));

/** POST /auth/introspect with `token`, authenticated as `client` (or with the raw `authorization` header given). */
export function introspect(
  url: string,
  client: ServiceCredentials | { authorization?: string },
  token: string,
): Promise<Answer> {
  const authorization =
    'client_id' in client ? basicCredentials(client.client_id, client.client_secret) : client.authorization;
  return request(url, 'POST', '/api/v1/auth/introspect', {
    body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
  });
}

/** GET /auth/revocations with the raw query string `query` (`?after=...`). */
export const revocations = (url: string, client: ServiceCredentials, query = ''): Promise<Answer> =>
  request(url, 'GET', `/api/v1/auth/revocations${query}`, {
    headers: { authorization: basicCredentials(client.client_id, client.client_secret) },
  });
