// A real OpenID provider on loopback for the tests (the `oidc-provider` package): discovery, the
// code flow with PKCE, ID tokens signed with a key the test holds too, and an account store whose
// `email_verified` each test sets. Its sign-in page signs in the account named by `login_hint`
// (or the one set with `signInAs`) and grants the scopes asked for, without a form.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './app-process';

export interface TestIdentity {
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces the account of `sub`. */
  setAccount(sub: string, identity: TestIdentity): void;
  /** The account the sign-in page signs in when the authorization URL has no login_hint. */
  signInAs(sub: string): void;
  /** An ID token signed with the provider's own key (in its JWKS), with these claims over the defaults. */
  signIdToken(claims: Record<string, unknown>): Promise<string>;
  /** The app's variables for this provider under `name`. */
  env(name: string): Record<string, string>;
  close(): Promise<void>;
}

const KEY_ID = 'test-signing-key';

export async function startTestProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'commerce-auth-test';
  const clientSecret = options.clientSecret ?? 'test-client-secret-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestIdentity>();
  let defaultAccount: string | undefined;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google and Apple, the ID token itself carries the e-mail claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const identity = accounts.get(sub);
      return identity ? { accountId: sub, claims: () => ({ sub, ...identity }) } : undefined;
    },
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => console.error('test provider fault:', error));
  const handle = provider.callback();

  /**
   * The provider's sign-in page: no form, the account is the hint's (or the default) and every scope asked is granted.
   */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const sub = (details.params.login_hint as string | undefined) ?? defaultAccount;
    if (!sub || !accounts.has(sub)) {
      res.writeHead(400).end('no such test account');
      return;
    }
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id as string });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error) => res.writeHead(500).end(String(error)));
      return;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (sub, identity) => void accounts.set(sub, identity),
    signInAs: (sub) => void (defaultAccount = sub),
    async signIdToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      const { kid: _kid, alg: _alg, use: _use, ...key } = jwk;
      const signing = await crypto.subtle.importKey(
        'jwk',
        key as JsonWebKey,
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      return new SignJWT({ iss: issuer, aud: clientId, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(signing);
    },
    env: (name) => ({
      [`OIDC_${name.toUpperCase()}_ISSUER`]: issuer,
      [`OIDC_${name.toUpperCase()}_CLIENT_ID`]: clientId,
      [`OIDC_${name.toUpperCase()}_CLIENT_SECRET`]: clientSecret,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects from an authorization URL the way a browser would (keeping its
 * cookies) until it sends the customer back to `redirectUri`; the answer's query parameters.
 */
export async function authorize(
  authorizationUrl: string,
  redirectUri: string,
  loginHint?: string,
): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url.pathname} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return url.searchParams;
  }
  throw new Error('too many redirects at the provider');
}
