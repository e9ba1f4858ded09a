// The configuration of oidc-provider for the platform's apps: codes with PKCE (S256) for every app,
// refresh tokens rotated, RFC 9068 access tokens and ID tokens signed with the service's access-token
// key, scopes narrowed to what the person holds, and the service's own sign-in and consent pages.
import { createHmac } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, importPKCS8 } from 'jose';
import { BUSINESS_SCOPES, IDENTITY_SCOPES } from '@/contract/app-schemas';
import type { AsymmetricAlgorithm } from '@/core/access-keys';
import type { AppCredentials } from '@/core/app-ports';
import type { PrismaClient } from '../db/prisma';
import { findAppPerson, type AppPerson } from './app-people';
import { createPayloadAdapter } from './payload-adapter';
import { renderProblemPage } from './pages';

export interface AuthorizationServerSettings {
  /** APP_URL: the issuer, and the resource an access token is for when the app names none. */
  issuer: string;
  algorithm: AsymmetricAlgorithm;
  /** The access-token key (PKCS#8 PEM): it signs ID tokens and access tokens. */
  privateKey: string;
  accessTtl: number;
  refreshTtl: number;
  /** A secret of the service the provider's cookie keys are derived from, the same on every instance. */
  cookieSecret: string;
  /** Behind a proxy (TRUST_PROXY): the provider reads the scheme and host it forwards. */
  proxy: boolean;
  /** OAUTH_DYNAMIC_REGISTRATION: discovery names the registration endpoint (the service's own, registration.ts). */
  registration: boolean;
}

export interface ProviderDeps {
  prisma: PrismaClient;
  findApp: (clientId: string) => Promise<AppCredentials | null>;
  /** Ends a grant the provider revokes, with its feed entry and audit event. */
  endGrant: (grantId: string) => Promise<void>;
}

const isLoopbackHost = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** A resource indicator (RFC 8707) an app may name: the issuer, or a service's https URL (http on loopback). */
export function isAcceptedResource(resource: string, issuer: string): boolean {
  if (resource === issuer) return true;
  if (!URL.canParse(resource) || resource.length > 2000) return false;
  const url = new URL(resource);
  if (url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

type ErrorClass = new (description: string) => Error;

type Ctx = {
  oidc: {
    account?: { person?: AppPerson };
    session?: { accountId?: string };
    entities?: { AuthorizationCode?: { accountId?: string }; RefreshToken?: { accountId?: string } };
  };
};
type Token = { grantId?: string; kind?: string; accountId?: string };

/** The private JWK of the access-token key, with the same RFC 7638 kid as the service's JWKS. */
async function signingJwk(settings: AuthorizationServerSettings) {
  const jwk = await exportJWK(await importPKCS8(settings.privateKey, settings.algorithm, { extractable: true }));
  const { kty, crv, x, y } = jwk;
  const kid = await calculateJwkThumbprint(y === undefined ? { kty, crv, x } : { kty, crv, x, y });
  return { ...jwk, kid, alg: settings.algorithm, use: 'sig' };
}

export async function providerConfiguration(settings: AuthorizationServerSettings, deps: ProviderDeps) {
  const { issuer } = settings;
  const cookieKey = createHmac('sha256', settings.cookieSecret).update('oauth-provider-cookies').digest('base64url');
  /**
   * The business scopes an app may get: those it is registered with that the person (signed in, or of the code or
   * refresh token) holds; before anyone has signed in, every one registered.
   */
  async function grantableBusinessScopes(ctx: Ctx, clientId: string): Promise<string[]> {
    const { session, entities, account } = ctx.oidc;
    const accountId = session?.accountId ?? entities?.AuthorizationCode?.accountId ?? entities?.RefreshToken?.accountId;
    // The person the provider loaded for this request already (findAccount), read once; else read now.
    const person = async (id: string) => (account?.person?.id === id ? account.person : findAppPerson(deps.prisma, id));
    const [app, held] = await Promise.all([
      deps.findApp(clientId),
      accountId ? person(accountId).then((p) => p?.businessScopes ?? []) : BUSINESS_SCOPES,
    ]);
    const registered = app?.scopes ?? [];
    return registered.filter((scope) => (held as readonly string[]).includes(scope));
  }

  return {
    adapter: createPayloadAdapter(deps.prisma, deps.findApp, deps.endGrant),
    jwks: { keys: [await signingJwk(settings)] },
    cookies: { keys: [cookieKey] },
    proxy: settings.proxy,
    discovery: settings.registration ? { registration_endpoint: `${issuer}/oauth/register` } : {},
    // The business scopes are each resource's (getResourceServerInfo), narrowed to what the person holds.
    scopes: [...IDENTITY_SCOPES],
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    // The ID token carries the claims its scopes allow, as userinfo does.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: { id_token_signed_response_alg: settings.algorithm },
    enabledJWA: { idTokenSigningAlgValues: [settings.algorithm] },
    rotateRefreshToken: true,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: settings.accessTtl,
      IdToken: settings.accessTtl,
      RefreshToken: settings.refreshTtl,
      Grant: settings.refreshTtl,
      Interaction: 600,
      Session: settings.refreshTtl,
    },
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      userinfo: '/oauth/userinfo',
      revocation: '/oauth/revoke',
      jwks: '/oauth/jwks',
      pushed_authorization_request: '/oauth/par',
      end_session: '/oauth/session/end',
      introspection: '/oauth/introspect',
      registration: '/oauth/register',
      code_verification: '/oauth/device',
      device_authorization: '/oauth/device/auth',
      backchannel_authentication: '/oauth/backchannel',
      challenge: '/oauth/challenge',
      credential: '/oauth/credential',
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/oauth/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // No `resource`: the token is for this service itself, the issuer.
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: string | string[]) => oneOf ?? issuer,
        useGrantedResource: () => true,
        async getResourceServerInfo(ctx: Ctx, resource: string, client: { clientId: string }) {
          if (!isAcceptedResource(resource, issuer)) {
            const { errors } = (await import('oidc-provider')) as unknown as { errors: Record<string, ErrorClass> };
            throw new errors.InvalidTarget!('the resource is not an absolute https URL (or http on loopback)');
          }
          // The identity scopes belong to the issuer's own resource: userinfo answers to them.
          const identity = resource === issuer ? ['openid', 'profile', 'email'] : [];
          return {
            scope: [...identity, ...(await grantableBusinessScopes(ctx, client.clientId))].join(' '),
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: settings.accessTtl,
            jwt: { sign: { alg: settings.algorithm } },
          };
        },
      },
    },
    // An app token's session is its grant: ending the grant ends the tokens (userinfo and the guard kit check it).
    // The role, and a staff member's business and type, tell a service whose rights the scopes narrow.
    async extraTokenClaims(ctx: Ctx, token: Token) {
      if (!token.grantId) return undefined;
      const person =
        ctx.oidc.account?.person ?? (token.accountId ? await findAppPerson(deps.prisma, token.accountId) : null);
      if (!person) return { sid: token.grantId };
      const staff = person.vendorId ? { vendor_id: person.vendorId, acct: person.vendorType } : {};
      return { sid: token.grantId, role: person.role, ...staff };
    },
    async findAccount(_ctx: unknown, sub: string) {
      const person = await findAppPerson(deps.prisma, sub);
      if (!person) return undefined;
      return {
        accountId: person.id,
        person,
        claims: () => ({
          sub: person.id,
          name: person.name,
          email: person.email,
          email_verified: person.emailVerified,
        }),
      };
    },
    renderError: (ctx: { type: string; body: string; status: number }, out: { error?: string }) => {
      ctx.type = 'html';
      ctx.body = renderProblemPage('This sign-in request cannot go on', errorText(out.error));
    },
  };
}

function errorText(error?: string): string {
  if (error === 'invalid_client') return 'The app that sent you here is not registered with this service.';
  if (error === 'invalid_redirect_uri')
    return 'The app asked to send you back to an address it has not registered, so you are not sent anywhere.';
  return 'The request the app sent is not valid. Go back to the app and try again.';
}
