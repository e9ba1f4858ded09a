// Browser rules over HTTP: CORS for single-page clients, the security headers of every page and API
// answer with a fresh CSP nonce, and the cross-site refusal on the cookie's session endpoints.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { post, request } from '../support/http';

const SPA = 'https://shop.example.test';
const LOCAL_SPA = 'http://127.0.0.1:5173';
const PAGES = [
  '/',
  '/admin/login',
  '/vendor/login',
  '/admin/forgot-password',
  '/vendor/forgot-password',
  '/admin',
  '/admin/admins',
  '/admin/vendors',
  '/admin/vendors/some-id',
  '/vendor',
  '/vendor/pos',
  '/docs/api',
  '/no-such-page',
];

// One database, served under production rules with listed origins and under development rules.
let development: RunningApp;
const production = appSuite({
  env: { CORS_ORIGINS: `${SPA}, https://admin.example.test`, TRUST_PROXY: '1' },
  setup: async (suite) => {
    development = await suite.start({ NODE_ENV: 'development', APP_URL: 'https://auth.example.test' });
  },
});
const { seed } = production;

const preflight = (app: RunningApp, origin: string, path = '/api/v1/auth/admin/login') =>
  request(app.url, 'OPTIONS', path, {
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
const loginFrom = (app: RunningApp, origin: string, password = PASSWORDS.admin) =>
  post(app.url, '/api/v1/auth/admin/login', { email: seed.admin.email, password }, { origin });

describe('CORS on the REST API', () => {
  test('a listed origin gets a 204 preflight with methods, headers and max-age, and its origin echoed', async () => {
    const answer = await preflight(production, SPA);
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), SPA);
    assert.match(answer.headers.get('access-control-allow-methods') ?? '', /POST/);
    assert.match(answer.headers.get('access-control-allow-headers') ?? '', /authorization/);
    assert.match(answer.headers.get('access-control-allow-headers') ?? '', /content-type/);
    assert.match(answer.headers.get('access-control-max-age') ?? '', /^\d+$/);
    assert.match(answer.headers.get('vary') ?? '', /Origin/);
    assert.equal(answer.headers.get('access-control-allow-credentials'), null, 'never credentials');
  });

  // Regression: the typed client sends X-Device-Id from its second sign-in on; the preflight
  // refused that header, so a single-page app could sign in only once.
  test('a preflight for a sign-in with the device marker and the terminal credential is allowed', async () => {
    const answer = await request(production.url, 'OPTIONS', '/api/v1/auth/vendor/login', {
      headers: {
        origin: SPA,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-device-id,x-terminal-token',
      },
    });
    assert.equal(answer.status, 204);
    const allowed = (answer.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
    for (const header of ['content-type', 'x-device-id', 'x-terminal-token'])
      assert.ok(allowed.includes(header), `${header} in ${allowed.join(', ')}`);
  });

  // Regression: every preflight under /api/v1 was answered 204 with every method, an unknown path's too.
  test("a preflight is allowed only the methods of the route it names, and an unknown path's is 404", async () => {
    const me = await request(production.url, 'OPTIONS', '/api/v1/auth/admin/me', {
      headers: { origin: SPA, 'access-control-request-method': 'GET' },
    });
    assert.equal(me.status, 204);
    assert.equal(me.headers.get('access-control-allow-methods'), 'GET, PATCH');
    assert.equal(me.headers.get('allow'), 'GET, PATCH, OPTIONS');
    assert.equal(me.headers.get('access-control-allow-origin'), SPA);
    const login = await preflight(production, SPA);
    assert.equal(login.headers.get('access-control-allow-methods'), 'POST');
    const unknown = await preflight(production, SPA, '/api/v1/auth/admin/no-such-route');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('content-type'), 'application/problem+json');
    assert.equal(unknown.body.code, 'not_found');
    assert.equal(unknown.headers.get('access-control-allow-methods'), null);
  });

  test('the answer itself echoes the listed origin, exposes Retry-After, and never allows credentials or *', async () => {
    const answer = await loginFrom(production, SPA);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), SPA);
    assert.match(answer.headers.get('access-control-expose-headers') ?? '', /Retry-After/i);
    assert.match(answer.headers.get('vary') ?? '', /Origin/);
    assert.equal(answer.headers.get('access-control-allow-credentials'), null);
    const me = await request(production.url, 'GET', '/api/v1/auth/admin/me', {
      token: answer.body.access_token,
      headers: { origin: SPA },
    });
    assert.equal(me.headers.get('access-control-allow-origin'), SPA);
  });

  test('in production an origin not listed (loopback included) gets no CORS header, and the normal answer', async () => {
    for (const origin of [LOCAL_SPA, 'https://evil.example', 'null']) {
      const pre = await preflight(production, origin);
      assert.equal(pre.status, 204, origin);
      assert.equal(pre.headers.get('access-control-allow-origin'), null, origin);
      assert.equal(pre.headers.get('access-control-allow-methods'), null, origin);
      const answer = await loginFrom(production, origin);
      assert.equal(answer.status, 200, `${origin}: the browser, not the server, blocks the answer`);
      assert.equal(answer.headers.get('access-control-allow-origin'), null, origin);
    }
  });

  test('outside production every http://localhost:* and http://127.0.0.1:* origin is allowed, others are not', async () => {
    for (const origin of [LOCAL_SPA, 'http://localhost:3001', 'http://127.0.0.1']) {
      assert.equal((await preflight(development, origin)).headers.get('access-control-allow-origin'), origin, origin);
    }
    for (const origin of [
      'http://192.168.1.5:5173',
      'https://localhost.evil.example',
      'http://localhost.evil.example:5173',
    ]) {
      assert.equal((await preflight(development, origin)).headers.get('access-control-allow-origin'), null, origin);
    }
  });

  test('an answer the server gives before Next.js (a WebDAV method) carries CORS, nosniff and no-store too', async () => {
    const answer = await request(production.url, 'PROPFIND', '/api/v1/health', { headers: { origin: SPA } });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get('access-control-allow-origin'), SPA);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  });
});

describe('security headers', () => {
  test('every page answers with the CSP and the other security headers', async () => {
    for (const path of PAGES) {
      const page = await request(production.url, 'GET', path);
      const h = (name: string) => page.headers.get(name) ?? '';
      const csp = h('content-security-policy');
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      assert.match(scriptSrc, /'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/, path);
      assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/, path);
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"])
        assert.ok(csp.includes(directive), `${path}: ${directive}`);
      assert.equal(h('x-frame-options'), 'DENY', path);
      assert.equal(h('x-content-type-options'), 'nosniff', path);
      assert.equal(h('referrer-policy'), 'no-referrer', path);
      assert.match(h('permissions-policy'), /camera=\(\)/, path);
      assert.equal(h('cross-origin-opener-policy'), 'same-origin', path);
      assert.equal(page.headers.get('strict-transport-security'), null, `${path}: plain http gets no HSTS`);
    }
  });

  test('each page request gets a fresh nonce, and the page scripts carry exactly that nonce', async () => {
    const nonces = [];
    for (let i = 0; i < 3; i++) {
      const page = await request(production.url, 'GET', '/admin/login');
      const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
      assert.ok(nonce);
      const scripts = [...page.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      assert.ok(scripts.length > 0);
      for (const tag of scripts) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
      nonces.push(nonce);
    }
    assert.equal(new Set(nonces).size, 3);
  });

  test('API answers carry nosniff and no-store, found or not', async () => {
    for (const path of ['/api/v1/health', '/api/v1/nope', '/api/trpc/nope', '/api/v1/openapi.json']) {
      const answer = await request(production.url, 'GET', path);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', path);
      assert.match(answer.headers.get('cache-control') ?? '', /no-store/, path);
    }
  });

  test('HSTS only when the request came over https as the trusted proxy reports', async () => {
    const https = await request(production.url, 'GET', '/admin/login', { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(https.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    const api = await request(production.url, 'GET', '/api/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(api.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    const untrusted = await request(development.url, 'GET', '/admin/login', {
      headers: { 'x-forwarded-proto': 'https', 'x-commerce-auth-socket-tls': '1' },
    });
    assert.equal(untrusted.headers.get('strict-transport-security'), null, 'TRUST_PROXY=0 believes neither header');
  });
});

describe('cross-site requests to the session endpoints', () => {
  const cookieRequest = (app: RunningApp, refreshToken: string, headers: Record<string, string>) =>
    request(app.url, 'POST', '/api/trpc/session/admin/logout', {
      headers: { cookie: `admin_refresh_token=${refreshToken}`, 'content-type': 'application/json', ...headers },
    });
  const stillSignedIn = async (refreshToken: string) =>
    (await post(production.url, '/api/v1/auth/admin/refresh', { refresh_token: refreshToken })).status === 200;

  test('Sec-Fetch-Site cross-site or a foreign Origin: 403 forbidden problem+json, logged, no session ended', async () => {
    const refusals: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: SPA, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refusals) {
      const refreshToken = (await loginFrom(production, SPA)).body.refresh_token as string;
      const answer = await cookieRequest(production, refreshToken, headers);
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.equal(answer.headers.get('content-type'), 'application/problem+json');
      assert.equal(answer.body.code, 'forbidden');
      assert.ok(await stillSignedIn(refreshToken), `${JSON.stringify(headers)}: the session was not ended`);
    }
    const logged = production.output.filter((line) => line.includes('cross_site_refused'));
    assert.ok(logged.length >= 4, 'each refusal is logged');
    assert.ok(
      logged.every((line) => !line.includes('admin_refresh_token') && !/eyJ/.test(line)),
      'no token in the log',
    );
  });

  test('a same-origin request works: the logout ends the session', async () => {
    const refreshToken = (await loginFrom(production, SPA)).body.refresh_token as string;
    const answer = await cookieRequest(production, refreshToken, {
      origin: production.url,
      'sec-fetch-site': 'same-origin',
    });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(await stillSignedIn(refreshToken), false);
  });

  test('with APP_URL set, that origin is the app: the public origin passes, the Host-derived one does not', async () => {
    const refreshToken = (await loginFrom(development, LOCAL_SPA)).body.refresh_token as string;
    assert.equal((await cookieRequest(development, refreshToken, { origin: development.url })).status, 403);
    assert.equal(
      (
        await cookieRequest(development, refreshToken, {
          origin: 'https://auth.example.test',
          'sec-fetch-site': 'same-origin',
        })
      ).status,
      200,
    );
  });
});
