// The OidcClient port over `openid-client` (code flow with PKCE, ID-token signature, iss, aud, exp
// and nonce checks) and `jose` (a native app's ID token against the provider's JWKS). Discovery is
// fetched at first use and kept for an hour; a provider that cannot be reached is a 502, never a 500.
import * as client from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '@/core/config';
import { AuthError } from '@/core/auth-error';
import type { IdentityClaims, OidcClient } from '@/core/identity-ports';
import type { OidcProviderConfig } from '@/core/oidc-config';
import type { Logger } from '@/core/ports';
import { appleClientSecret } from './apple-client-secret';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const REQUEST_TIMEOUT_SECONDS = 10;

interface Discovered {
  at: number;
  configuration: Promise<client.Configuration>;
  jwks?: ReturnType<typeof createRemoteJWKSet>;
}

/** The claims the linking rules read; Apple sends `email_verified` as the string "true". */
export function claimsOf(payload: JWTPayload & Record<string, unknown>): IdentityClaims {
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : undefined;
  const name = typeof payload.name === 'string' ? payload.name.trim().slice(0, 200) : undefined;
  return {
    issuer: String(payload.iss),
    subject: String(payload.sub),
    email: email || undefined,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: name || undefined,
  };
}

/** A network failure or a provider's server error: the provider is down, not the caller wrong. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  if (error instanceof client.AuthorizationResponseError) return false;
  const name = (error as { name?: string })?.name;
  const code = (error as { code?: string; cause?: { code?: string } })?.code;
  return (
    error instanceof TypeError ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON' ||
    code === 'ERR_JWKS_TIMEOUT'
  );
}

export function createOidcClient(config: Config, logger: Logger): OidcClient {
  const cache = new Map<string, Discovered>();
  const providerOf = (name: string) => config.oidc.providers.find((p) => p.name === name)!;

  const unavailable = (provider: OidcProviderConfig, error: unknown) => {
    logger.warn(
      {
        event: 'oidc_provider_unavailable',
        provider: provider.name,
        err: error instanceof Error ? error.message : String(error),
      },
      'identity provider unreachable',
    );
    return new AuthError(
      'provider_unavailable',
      `${provider.displayName} cannot be reached right now: try again in a moment.`,
    );
  };
  const refused = (provider: OidcProviderConfig, error: unknown) => {
    const code = (error as { code?: string; error?: string })?.error ?? (error as { code?: string })?.code;
    logger.info({ event: 'oidc_refused', provider: provider.name, reason: code }, 'identity provider answer refused');
    return new AuthError(
      'provider_refused',
      `The answer from ${provider.displayName} could not be verified: start again.`,
    );
  };
  const failure = (provider: OidcProviderConfig, error: unknown) =>
    error instanceof AuthError ? error : isUnavailable(error) ? unavailable(provider, error) : refused(provider, error);

  /** Apple's client secret is a short-lived JWT signed with the team's key; others send their secret. */
  const clientAuthOf = (provider: OidcProviderConfig): client.ClientAuth =>
    provider.apple
      ? async (_as, c, body) => {
          body.set('client_id', c.client_id);
          body.set('client_secret', await appleClientSecret(provider.apple!, provider.clientId));
        }
      : client.ClientSecretPost(provider.clientSecret);

  function discovered(provider: OidcProviderConfig): Discovered {
    const cached = cache.get(provider.name);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
    const insecure = new URL(provider.issuer).protocol === 'http:'; // only on loopback outside production (checked at start-up)
    const configuration = client
      .discovery(new URL(provider.issuer), provider.clientId, undefined, clientAuthOf(provider), {
        execute: [...(insecure ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
        timeout: REQUEST_TIMEOUT_SECONDS,
      })
      .then((c) => {
        c.timeout = REQUEST_TIMEOUT_SECONDS;
        return c;
      });
    const entry: Discovered = { at: Date.now(), configuration };
    cache.set(provider.name, entry);
    // A failed discovery is tried again by the next request, not kept for an hour.
    configuration.catch(() => cache.get(provider.name) === entry && cache.delete(provider.name));
    return entry;
  }

  async function configurationOf(provider: OidcProviderConfig) {
    try {
      return await discovered(provider).configuration;
    } catch (error) {
      throw unavailable(provider, error);
    }
  }

  return {
    async authorizationUrl(name, request) {
      const provider = providerOf(name);
      const configuration = await configurationOf(provider);
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: request.redirectUri,
        scope: provider.scope,
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        ...(provider.responseMode ? { response_mode: provider.responseMode } : {}),
      });
      return url.href;
    },

    async exchangeCode(name, answer) {
      const provider = providerOf(name);
      const configuration = await configurationOf(provider);
      const callback = new URL(answer.redirectUri);
      callback.searchParams.set('code', answer.code);
      callback.searchParams.set('state', answer.state);
      // The flow's state already names the provider it was started with, which is what the `iss`
      // parameter (RFC 9207) defends; an outside app that did not pass it on gets the expected one.
      const { issuer, authorization_response_iss_parameter_supported: sendsIss } = configuration.serverMetadata();
      if (answer.iss !== undefined || sendsIss) callback.searchParams.set('iss', answer.iss ?? issuer);
      try {
        const tokens = await client.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: answer.codeVerifier,
          expectedState: answer.state,
          expectedNonce: answer.nonce,
          idTokenExpected: true,
        });
        return claimsOf(tokens.claims()!);
      } catch (error) {
        throw failure(provider, error);
      }
    },

    async verifyIdToken(name, idToken, nonce) {
      const provider = providerOf(name);
      const entry = discovered(provider);
      const configuration = await configurationOf(provider);
      const { issuer, jwks_uri: jwksUri } = configuration.serverMetadata();
      if (!jwksUri) throw unavailable(provider, new Error('no jwks_uri in the discovery document'));
      entry.jwks ??= createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: REQUEST_TIMEOUT_SECONDS * 1000 });
      try {
        const { payload } = await jwtVerify(idToken, entry.jwks, {
          issuer,
          audience: provider.clientId,
          requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
        });
        if (payload.nonce !== nonce)
          throw new AuthError('provider_refused', 'The ID token was not issued for this nonce.');
        return { ...claimsOf(payload), expiresAt: new Date(payload.exp! * 1000) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout))
          throw refused(provider, error);
        throw failure(provider, error);
      }
    },
  };
}
