// A browser for the authorization server's pages over plain HTTP: it keeps cookies, follows
// redirects within the app and stops at a page or at the first address outside it (the app's
// redirect URI, which it never fetches), signs in as the sign-in page would and answers the consent.
import { generateKeyPairSync } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Role } from '@/contract/auth-schemas';
import { withContainer } from './accounts';
import { appSuite, type AppSuiteOptions } from './app-suite';
import type { TestDatabase } from './databases';
import { signIn } from './sign-in';

/** An app started with an Ed25519 access-token key: the authorization server needs an asymmetric one. */
export function oauthSuite(options: AppSuiteOptions = {}) {
  const { privateKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return appSuite({
    ...options,
    env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: privateKey, ...options.env },
  });
}

/** openid-client's authorization URL of `scope` with a fresh PKCE pair (S256), and its verifier. */
export async function authorizationUrl(
  config: oidc.Configuration,
  redirectUri: string,
  scope: string,
  extra: Record<string, string> = {},
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, verifier };
}

/** Registers an app as the operator does; its client id and, for a confidential app, its secret. */
export const registerApp = (db: TestDatabase, app: object) =>
  withContainer(db, ({ auth }) => auth.apps.operator.create(app));

export interface Visit {
  status: number;
  url: URL;
  location?: URL;
  headers: Headers;
  text: string;
}

export interface Person {
  role: Extract<Role, 'vendor' | 'customer'>;
  email: string;
  password: string;
}

export function oauthBrowser(base: string) {
  const origin = new URL(base).origin;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async function visit(method: string, url: string | URL, body?: string, type?: string): Promise<Visit> {
    const target = new URL(url, base);
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: { cookie: cookie(), ...(type ? { 'content-type': type } : {}) },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || !value) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      url: target,
      location: location ? new URL(location, target) : undefined,
      headers: res.headers,
      text: await res.text(),
    };
  }

  /** GETs `url` and follows redirects inside the app; the visits in order, the last a page or a redirect out. */
  async function follow(url: string | URL, first?: Visit): Promise<Visit[]> {
    const visits = [first ?? (await visit('GET', url))];
    for (let last = visits[0]!; last.location && last.location.origin === origin; last = visits.at(-1)!) {
      if (visits.length > 10) throw new Error('too many redirects');
      visits.push(await visit('GET', last.location));
    }
    return visits;
  }

  /** On the sign-in page an authorization sent the browser to: signs in over the API, hands the session on. */
  async function signInThere(page: Visit, person: Person): Promise<Visit[]> {
    const back = page.url.searchParams.get('return');
    if (!back) throw new Error(`not a sign-in page for an app: ${page.url}`);
    const session = await signIn(base, person.role, person.email, person.password);
    const handed = await visit(
      'POST',
      `${back}/login`,
      JSON.stringify({ access_token: session.access_token }),
      'application/json',
    );
    if (handed.status !== 200) throw new Error(`the interaction refused the session: ${handed.status} ${handed.text}`);
    return follow(JSON.parse(handed.text).redirect_to);
  }

  /** Answers the consent page the browser is on. */
  async function answer(page: Visit, decision: 'allow' | 'deny'): Promise<Visit[]> {
    const sent = await visit(
      'POST',
      `${page.url.pathname}/consent`,
      `decision=${decision}`,
      'application/x-www-form-urlencoded',
    );
    return follow(sent.location ?? page.url, sent);
  }

  /**
   * The whole authorization as a person does it: the sign-in page, the consent page (when shown, with
   * `decision`), and where the browser is sent in the end, outside the app.
   */
  async function authorize(url: string | URL, person: Person, decision: 'allow' | 'deny' = 'allow') {
    let visits = await follow(url);
    let page = visits.at(-1)!;
    if (page.status === 200 && page.url.searchParams.has('return')) visits = await signInThere(page, person);
    page = visits.at(-1)!;
    const consent = page.status === 200 && page.url.pathname.startsWith('/oauth/interaction/') ? page : undefined;
    if (consent) visits = await answer(consent, decision);
    const out = visits.at(-1)!;
    if (!out.location || out.location.origin === origin)
      throw new Error(`no redirect to the app: ${out.status} ${out.url} ${out.text.slice(0, 300)}`);
    return { consent, callback: out.location };
  }

  return { visit, follow, signInThere, answer, authorize, jar };
}
