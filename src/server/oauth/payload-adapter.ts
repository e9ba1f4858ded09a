// The storage of the authorization server (oidc-provider's adapter interface) in the service's own
// database: one OAuthPayload row per code, token, grant, session or interaction, so every instance
// on one database shares them; and its clients read from the apps the admins registered.
import { IDENTITY_SCOPES } from '@/contract/app-schemas';
import type { AppCredentials } from '@/core/app-ports';
import type { PrismaClient } from '../db/prisma';

/** A stored payload as oidc-provider hands it over and reads it back. */
export type OAuthPayload = Record<string, unknown> & {
  grantId?: string;
  clientId?: string;
  accountId?: string;
  userCode?: string;
  uid?: string;
};

const identityScopesOf = (app: AppCredentials) =>
  app.scopes.filter((scope) => (IDENTITY_SCOPES as readonly string[]).includes(scope));

/** The client metadata of a registered app, as oidc-provider validates and serves it. */
export function clientMetadataOf(app: AppCredentials): OAuthPayload {
  const native = app.redirectUris.some((uri) => new URL(uri).protocol === 'http:');
  return {
    client_id: app.clientId,
    client_name: app.name,
    ...(app.homepageUrl ? { client_uri: app.homepageUrl } : {}),
    redirect_uris: app.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
    // The identity scopes the app may ask for; its business scopes are the resources' (provider-config.ts). An app
    // of business scopes alone may still ask for `openid` (an ID token naming the `sub` its access token names):
    // oidc-provider takes no empty list, and no list at all would open every identity scope.
    scope: identityScopesOf(app).join(' ') || 'openid',
    // A loopback redirect URI makes a native app, whose port may then differ (RFC 8252 section 7.3).
    application_type: native ? 'native' : 'web',
    ...(app.type === 'confidential'
      ? // The hash stands in for the secret: comparing a presented secret is the service's own (hashed) check.
        { token_endpoint_auth_method: 'client_secret_basic', client_secret: app.secretHash ?? '' }
      : { token_endpoint_auth_method: 'none' }),
  };
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The adapter class oidc-provider instantiates once per model name. `findApp` reads the registered apps; the other
 * models are rows of OAuthPayload, an expired row reading as absent.
 */
export function createPayloadAdapter(
  prisma: PrismaClient,
  findApp: (clientId: string) => Promise<AppCredentials | null>,
  endGrant: (grantId: string) => Promise<void>,
) {
  const rows = prisma.oAuthPayload;
  const live = (now: Date) => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });
  const shown = (row: { payload: unknown; consumedAt: Date | null } | null): OAuthPayload | undefined =>
    row
      ? {
          ...(row.payload as OAuthPayload),
          ...(row.consumedAt ? { consumed: epochSeconds(row.consumedAt) } : {}),
        }
      : undefined;
  const select = { payload: true, consumedAt: true } as const;

  return class PayloadAdapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: OAuthPayload, expiresIn?: number): Promise<void> {
      const fields = {
        payload: payload as object,
        grantId: payload.grantId ?? null,
        clientId: payload.clientId ?? null,
        accountId: payload.accountId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await rows.upsert({
        where: { kind_id: { kind: this.kind, id } },
        create: { kind: this.kind, id, ...fields },
        update: fields,
      });
    }

    async find(id: string): Promise<OAuthPayload | undefined> {
      if (this.kind === 'Client') {
        const app = id.length <= 100 ? await findApp(id) : null;
        return app ? clientMetadataOf(app) : undefined;
      }
      return shown(await rows.findFirst({ where: { kind: this.kind, id, ...live(new Date()) }, select }));
    }

    async findByUid(uid: string): Promise<OAuthPayload | undefined> {
      return shown(await rows.findFirst({ where: { kind: this.kind, uid, ...live(new Date()) }, select }));
    }

    async findByUserCode(userCode: string): Promise<OAuthPayload | undefined> {
      return shown(await rows.findFirst({ where: { kind: this.kind, userCode, ...live(new Date()) }, select }));
    }

    async consume(id: string): Promise<void> {
      await rows.updateMany({ where: { kind: this.kind, id, consumedAt: null }, data: { consumedAt: new Date() } });
    }

    /** A grant the provider revokes ends as the service ends grants: announced, audited. */
    async destroy(id: string): Promise<void> {
      if (this.kind === 'Grant') return endGrant(id);
      await rows.deleteMany({ where: { kind: this.kind, id } });
    }

    /** Every code and token issued under the grant: one statement, whatever their kinds. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await rows.deleteMany({ where: { grantId } });
    }
  };
}

/** What `acceptHashedSecrets` needs of a provider: its Client class. */
interface ProviderWithClients {
  Client: { prototype: { clientId: string; compareClientSecret(actual: string): Promise<boolean> | boolean } };
}

/**
 * Makes the provider check a presented client secret against the app's stored hashes (and the previous one within
 * its overlap) instead of comparing it with the metadata's `client_secret`, which holds the hash.
 */
export function acceptHashedSecrets(
  provider: ProviderWithClients,
  findApp: (clientId: string) => Promise<AppCredentials | null>,
  accepts: (app: AppCredentials, secret: string) => boolean,
): void {
  provider.Client.prototype.compareClientSecret = async function (this: { clientId: string }, actual: string) {
    const app = await findApp(this.clientId);
    return app !== null && app.type === 'confidential' && accepts(app, actual);
  };
}
