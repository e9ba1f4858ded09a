// The platform's apps (module `integrations`): OAuth 2.1 / OpenID Connect clients registered by an
// admin or the operator, with a secret shown once for a confidential app; changed, rotated and
// removed; and their credentials as the authorization server checks them. Each change is an audit event.
import { randomUUID } from 'node:crypto';
import type { AppChange, AppCredentials, AppRecord } from '../app-ports';
import { AuthError } from '../auth-error';
import { acceptsSecret, newClientSecret, newPublicClientId, secretHashOf } from '../client-secrets';
import { pageFrom, pageRequestOf } from '../paging';
import { parseInput } from '../validation';
import type { Page } from '../../contract/administration-schemas';
import { createAppRequest, updateAppRequest, type AppView } from '../../contract/app-schemas';
import type { AuditEventName } from '../../contract/audit-events';
import { createAppRegistration } from './app-registration';
import { auditEntry, causeOf, OPERATOR_CAUSE, type AuditCause } from './audit';
import type { ServiceDeps } from './deps';
import { allowed } from './operation-access';
import type { Principal } from './principal';

export const appView = (a: AppRecord): AppView => ({
  id: a.id,
  name: a.name,
  client_id: a.clientId,
  type: a.type,
  first_party: a.firstParty,
  registered: a.registered,
  homepage_url: a.homepageUrl,
  redirect_uris: a.redirectUris,
  scopes: a.scopes,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

type Deps = Pick<ServiceDeps, 'apps' | 'clock' | 'config' | 'limiter'>;

export function createApps(deps: Deps) {
  const { apps, clock, config } = deps;
  const gone = () => new AuthError('not_found', 'No such app.');
  /** A change to an app: about no account, naming the app (never a secret). */
  const event = (
    name: AuditEventName,
    cause: AuditCause,
    app: { id: string; clientId: string; name?: string },
    more: Record<string, unknown> = {},
  ) =>
    auditEntry(name, { role: 'admin', accountId: null }, cause, {
      app_id: app.id,
      client_id: app.clientId,
      ...(app.name ? { name: app.name } : {}),
      ...more,
    });

  async function create(body: unknown, cause: AuditCause) {
    const input = parseInput(createAppRequest, body);
    const secret = input.type === 'confidential' ? newClientSecret() : null;
    const fresh = {
      id: randomUUID(),
      name: input.name,
      clientId: newPublicClientId('app'),
      type: input.type,
      firstParty: input.first_party,
      registered: false,
      homepageUrl: input.homepage_url ?? null,
      redirectUris: input.redirect_uris,
      scopes: input.scopes,
      secretHash: secret === null ? null : secretHashOf(secret),
    };
    const created = await apps.create(
      fresh,
      clock.now(),
      event('app_created', cause, fresh, { type: fresh.type, first_party: fresh.firstParty }),
    );
    return { ...appView(created), ...(secret === null ? {} : { client_secret: secret }) };
  }

  async function update(id: string, body: unknown, cause: AuditCause) {
    const input = parseInput(updateAppRequest, body);
    const found = await apps.find(id);
    if (!found) throw gone();
    const change: AppChange = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.redirect_uris !== undefined ? { redirectUris: input.redirect_uris } : {}),
      ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
      ...(input.first_party !== undefined ? { firstParty: input.first_party } : {}),
      ...(input.homepage_url !== undefined ? { homepageUrl: input.homepage_url } : {}),
    };
    const audit = event(
      'app_changed',
      cause,
      { ...found, name: change.name ?? found.name },
      {
        changed: Object.keys(input),
      },
    );
    const updated = await apps.update(id, change, clock.now(), audit);
    if (!updated) throw gone();
    return appView(updated);
  }

  async function rotate(id: string, cause: AuditCause) {
    const found = await apps.find(id);
    if (!found) throw gone();
    if (found.type === 'public') throw new AuthError('conflict', 'A public app has no secret to rotate.');
    const now = clock.now();
    const secret = newClientSecret();
    const previousUntil = new Date(now.getTime() + config.serviceClients.secretOverlap * 1000);
    const rotated = await apps.rotateSecret(
      id,
      secretHashOf(secret),
      previousUntil,
      now,
      event('app_secret_rotated', cause, found),
    );
    if (!rotated) throw gone();
    return { client_id: rotated.clientId, client_secret: secret, previous_valid_until: previousUntil.toISOString() };
  }

  async function remove(id: string, cause: AuditCause) {
    const found = await apps.find(id);
    if (!found || !(await apps.remove(id, clock.now(), event('app_deleted', cause, found)))) throw gone();
  }

  /** The operator names an app by its client id, as the app's configuration holds it. */
  async function idOf(clientId: string) {
    const found = clientId.length <= 100 ? await apps.findByClientId(clientId) : null;
    if (!found) throw gone();
    return found.id;
  }

  return {
    createApp: (principal: Principal, body: unknown) => create(body, causeOf(allowed(principal, 'createApp'))),

    async listApps(principal: Principal, query: unknown): Promise<Page<AppView>> {
      allowed(principal, 'listApps');
      const page = pageRequestOf(query);
      return pageFrom(await apps.list(page), page, appView);
    },

    async getApp(principal: Principal, id: string): Promise<AppView> {
      allowed(principal, 'getApp');
      const found = await apps.find(id);
      if (!found) throw gone();
      return appView(found);
    },

    updateApp: (principal: Principal, id: string, body: unknown) =>
      update(id, body, causeOf(allowed(principal, 'updateApp'))),

    rotateAppSecret: (principal: Principal, id: string) => rotate(id, causeOf(allowed(principal, 'rotateAppSecret'))),

    async deleteApp(principal: Principal, id: string): Promise<void> {
      await remove(id, causeOf(allowed(principal, 'deleteApp')));
    },

    /** An app registering itself at /oauth/register (RFC 7591), when that is on. */
    register: createAppRegistration(deps),

    /** The operator CLI's face: no caller, no guard. */
    operator: {
      create: (body: unknown) => create(body, OPERATOR_CAUSE),
      async remove(clientId: string) {
        const id = await idOf(clientId);
        await remove(id, OPERATOR_CAUSE);
        return { id, client_id: clientId, deleted: true };
      },
    },

    /** The app behind a client id, for the authorization server; null when none is registered. */
    findByClientId: (clientId: string): Promise<AppCredentials | null> =>
      clientId.length <= 100 ? apps.findByClientId(clientId) : Promise.resolve(null),

    /** Whether `secret` is the confidential app's current secret, or its previous one within the overlap. */
    acceptsSecret: (app: AppCredentials, secret: string) => acceptsSecret(app, secret, clock.now()),
  };
}

export type Apps = ReturnType<typeof createApps>;
