// The authorization server of the platform's apps (panva's oidc-provider) inside the custom server:
// the paths it answers, loaded on the first request to one of them, or a 404 for every one of them
// when the access tokens are HS256 (another service could not verify an app's token).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthError } from '@/core/auth-error';
import type { Container } from '../container';
import { acceptHashedSecrets } from './payload-adapter';
import { BodyTooLarge, sendProblem } from './http-answers';
import { createInteractions, type InteractionProvider } from './interactions';
import { PAGE_HEADERS, renderProblemPage } from './pages';
import { providerConfiguration } from './provider-config';
import { createRegistration } from './registration';
import { createUserinfo } from './userinfo';

const DISCOVERY = '/.well-known/openid-configuration';
/** RFC 8414's document: the same metadata, at its own well-known path. */
const AS_METADATA = '/.well-known/oauth-authorization-server';
const INTERACTION = /^\/oauth\/interaction\/([A-Za-z0-9_-]{1,64})(\/login|\/consent)?$/;

/** Whether the authorization server answers this path (before Next.js). */
export const isOAuthPath = (path: string) => path.startsWith('/oauth/') || path === DISCOVERY || path === AS_METADATA;

/**
 * OpenID Connect drops `offline_access` unless the request says `prompt=consent`; here asking for it is enough, and
 * the person is asked (a first-party app goes on without a page).
 */
function withOfflineConsent(url: string): string {
  const parsed = new URL(url, 'http://x');
  const scopes = parsed.searchParams.get('scope')?.split(' ') ?? [];
  if (!scopes.includes('offline_access') || parsed.searchParams.has('prompt')) return url;
  parsed.searchParams.set('prompt', 'consent');
  return `${parsed.pathname}${parsed.search}`;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Why the authorization server is off under this configuration, one line for the start-up log; undefined when on. */
export function oauthOffReason(container: Pick<Container, 'config'>): string | undefined {
  if (container.config.jwt.accessKeyPair) return undefined;
  return 'OAuth routes off (404): apps need access tokens other services verify with the public key; set JWT_ACCESS_ALGORITHM=EdDSA or ES256 with JWT_ACCESS_PRIVATE_KEY';
}

async function buildHandler(container: Container, issuer: string): Promise<Handler> {
  const { config, auth, db, logger } = container;
  const pair = config.jwt.accessKeyPair!;
  const { default: Provider } = await import('oidc-provider');
  const configuration = await providerConfiguration(
    {
      issuer,
      algorithm: pair.algorithm,
      privateKey: pair.privateKey,
      accessTtl: config.jwt.accessTtl,
      refreshTtl: config.jwt.refreshTtl,
      cookieSecret: config.jwt.refreshSecret,
      proxy: config.trustProxyHops > 0,
      registration: config.appRegistration.enabled,
    },
    { prisma: db.prisma, findApp: auth.apps.findByClientId, endGrant: auth.appGrants.revoked },
  );
  const provider = new Provider(issuer, configuration);
  acceptHashedSecrets(
    provider as unknown as Parameters<typeof acceptHashedSecrets>[0],
    auth.apps.findByClientId,
    auth.apps.acceptsSecret,
  );
  // The kind of failure only: a message (a database error's, say) may quote a code's or token's id.
  provider.on('server_error', (_ctx: unknown, error: Error & { code?: unknown }) =>
    logger.error(
      { event: 'oauth_server_error', error: error.name, code: error.code },
      'the authorization server failed a request',
    ),
  );
  const interactions = createInteractions(provider as unknown as InteractionProvider, {
    prisma: db.prisma,
    findApp: auth.apps.findByClientId,
    authenticate: (role, token) => auth.authenticate(role, token),
    consented: auth.appGrants.consented,
  });
  const userinfo = createUserinfo({ issuer, prisma: db.prisma, jwks: () => auth.jwks() });
  const registration = createRegistration(container);
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;

  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === AS_METADATA) req.url = DISCOVERY;
    if (path === '/oauth/authorize') req.url = withOfflineConsent(req.url ?? path);
    if (path === '/oauth/userinfo') return userinfo(req, res);
    if (path === '/oauth/register') return registration(req, res);
    const interaction = INTERACTION.exec(path);
    if (!interaction) return callback(req, res);
    const step = interaction[2] ?? '';
    const method = step ? 'POST' : 'GET';
    if (req.method !== method)
      return sendProblem(res, new AuthError('method_not_allowed', `Use ${method}.`), { allow: method });
    if (step === '/login') return interactions.login(req, res);
    if (step === '/consent') return interactions.consent(req, res);
    return interactions.show(req, res);
  };
}

/** The server's handler of the OAuth paths; `issuer` is APP_URL (or the development start's own address). */
export function createAuthorizationServer(container: Container, issuer: string): Handler {
  if (oauthOffReason(container))
    return async (_req, res) =>
      sendProblem(res, new AuthError('not_found', 'The authorization server is off: access tokens are HS256.'));
  let handler: Promise<Handler> | undefined;
  return async (req, res) => {
    try {
      handler ??= buildHandler(container, issuer);
      await (
        await handler
      )(req, res);
    } catch (error) {
      if (res.headersSent) return void res.end();
      if (error instanceof AuthError) return sendProblem(res, error);
      if (error instanceof BodyTooLarge) return sendProblem(res, new AuthError('payload_too_large'));
      const name = error instanceof Error ? error.name : '';
      // oidc-provider's: the interaction's cookie is missing, expired or of another browser.
      if (name === 'SessionNotFound') {
        res.writeHead(400, PAGE_HEADERS);
        return void res.end(
          renderProblemPage('This sign-in has expired', 'Go back to the app and start signing in again.'),
        );
      }
      container.logger.error({ event: 'oauth_error', error: name }, 'the authorization server failed a request');
      sendProblem(res, new AuthError('internal'));
    }
  };
}
