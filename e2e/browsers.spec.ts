// The browser rules in a real browser: a single-page app on another loopback origin signs in with
// fetch (and is blocked where its origin is not allowed), every page's security headers and fresh
// CSP nonce, CSP actually enforced, and cross-site requests to the session endpoints refused.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type RunningApp } from '../test/support/app-process';
import { post } from '../test/support/http';
import { awayFromStepEdge, enrolTotp, totpCode } from '../test/support/totp';
import { expect, PASSWORDS, signIn, test } from './fixtures';

/**
 * The single-page app: signs in (with the authenticator code it is given when the login asks for
 * the second step), calls `me` with the Bearer token, refreshes; reports as JSON.
 */
const SPA_HTML = `<!doctype html><html lang="en"><head><title>SPA</title></head><body><pre id="result"></pre><script>
(async () => {
  const params = new URLSearchParams(location.search);
  const api = params.get('api');
  const json = { 'content-type': 'application/json' };
  const report = (value) => { document.getElementById('result').textContent = JSON.stringify(value); };
  try {
    const login = await fetch(api + '/api/v1/auth/admin/login', { method: 'POST', headers: json, body: JSON.stringify({ email: params.get('email'), password: params.get('password') }) });
    let tokens = await login.json();
    let mfa;
    if (tokens.mfa_required) {
      const verify = await fetch(api + '/api/v1/auth/admin/mfa/verify', { method: 'POST', headers: json, body: JSON.stringify({ mfa_token: tokens.mfa_token, code: params.get('code') }) });
      mfa = verify.status;
      tokens = await verify.json();
    }
    const me = await fetch(api + '/api/v1/auth/admin/me', { headers: { authorization: 'Bearer ' + tokens.access_token } });
    const refresh = await fetch(api + '/api/v1/auth/admin/refresh', { method: 'POST', headers: json, body: JSON.stringify({ refresh_token: tokens.refresh_token }) });
    report({ login: login.status, mfa, me: me.status, email: (await me.json()).admin.email, refresh: refresh.status });
  } catch (error) {
    report({ blocked: String(error) });
  }
})();
</script></body></html>`;

/** A page from another origin that fires a request at a session endpoint the way a forged form would. */
const ATTACK_HTML = `<!doctype html><html lang="en"><head><title>Attack</title></head><body><script>
fetch(new URLSearchParams(location.search).get('target'), { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: '{}' });
</script></body></html>`;

async function serveStatic(html: string): Promise<{ port: number; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

test.describe('a single-page app on another origin', () => {
  let spa: { port: number; server: Server };
  let blank: { port: number; server: Server };
  let development: RunningApp;

  test.beforeAll(async ({ server }) => {
    spa = await serveStatic(SPA_HTML);
    blank = await serveStatic(
      '<!doctype html><html lang="en"><head><title>Another origin</title></head><body></body></html>',
    );
    // Outside production every loopback origin may call the API; the worker's app runs in production.
    development = await startApp(server.db, { NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  });
  test.afterAll(async () => {
    await development?.stop();
    spa?.server.close();
    blank?.server.close();
  });

  const spaUrl = (api: string, email: string, password: string, code = '') =>
    `http://127.0.0.1:${spa.port}/?${new URLSearchParams({ api, email, password, code })}`;

  test('signs in with fetch, calls me with the Bearer token and refreshes', async ({ page, accounts }) => {
    await page.goto(spaUrl(development.url, accounts.admin.email, PASSWORDS.admin));
    await expect(page.locator('#result')).not.toBeEmpty();
    expect(JSON.parse((await page.locator('#result').textContent()) ?? '')).toEqual({
      login: 200,
      me: 200,
      email: accounts.admin.email,
      refresh: 200,
    });
  });

  test('completes the second step with an authenticator code through fetch', async ({ page, accounts }) => {
    const { email } = accounts.admin;
    const signedIn = await post(development.url, '/api/v1/auth/admin/login', { email, password: PASSWORDS.admin });
    const { secret } = await enrolTotp(development.url, 'admin', signedIn.body.access_token);
    await awayFromStepEdge();
    // The enrolment spent this step's code; the next step's is within the accepted drift.
    await page.goto(spaUrl(development.url, email, PASSWORDS.admin, totpCode(secret, 1)));
    await expect(page.locator('#result')).not.toBeEmpty();
    expect(JSON.parse((await page.locator('#result').textContent()) ?? '')).toEqual({
      login: 200,
      mfa: 200,
      me: 200,
      email,
      refresh: 200,
    });
  });

  // Regression: every preflight under /api/v1 was answered 204 allowing every method, so a call
  // the route does not serve, or to a path that does not exist, went out and met a 405 or a 404.
  test('its preflight allows only the methods of the route called, and none for a path that does not exist', async ({
    browser,
    accounts,
  }) => {
    // A page of its own: the blocked calls are console errors this test provokes on purpose.
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    const signedIn = await post(development.url, '/api/v1/auth/admin/login', {
      email: accounts.admin.email,
      password: PASSWORDS.admin,
    });
    await page.goto(`http://127.0.0.1:${blank.port}/`);
    const statuses = await page.evaluate(
      async ({ api, token }) => {
        const call = async (method: string, path: string) => {
          try {
            return (await fetch(api + path, { method, headers: { authorization: `Bearer ${token}` } })).status;
          } catch (error) {
            return String(error);
          }
        };
        return {
          me: await call('GET', '/api/v1/auth/admin/me'),
          deleteMe: await call('DELETE', '/api/v1/auth/admin/me'),
          unknown: await call('GET', '/api/v1/auth/admin/no-such-route'),
        };
      },
      { api: development.url, token: signedIn.body.access_token as string },
    );
    expect(statuses).toEqual({
      me: 200,
      deleteMe: 'TypeError: Failed to fetch',
      unknown: 'TypeError: Failed to fetch',
    });
    expect(messages.join('\n')).toMatch(
      /Method DELETE is not allowed by Access-Control-Allow-Methods in preflight response/,
    );
    expect(messages.join('\n')).toMatch(
      /no-such-route.*Response to preflight request doesn't pass access control check: It does not have HTTP ok status/,
    );
    await page.close();
  });

  test('is blocked by the browser when the app runs in production without its origin in CORS_ORIGINS', async ({
    browser,
    server,
    accounts,
  }) => {
    // A page of its own: the blocked call is a console error this test provokes on purpose.
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.goto(spaUrl(server.app.url, accounts.admin.email, PASSWORDS.admin));
    await expect(page.locator('#result')).not.toBeEmpty();
    expect(JSON.parse((await page.locator('#result').textContent()) ?? '')).toEqual({
      blocked: 'TypeError: Failed to fetch',
    });
    expect(messages.join('\n')).toMatch(/blocked by CORS policy/);
    await page.close();
  });
});

const PAGES = [
  '/',
  '/admin/login',
  '/vendor/login',
  '/admin/forgot-password',
  '/vendor/forgot-password',
  '/admin',
  '/admin/admins',
  '/admin/vendors',
  '/admin/customers',
  '/admin/audit',
  '/admin/security',
  '/vendor',
  '/vendor/pos',
  '/vendor/pos/pair',
  '/vendor/security',
  '/account/login',
  '/account/sign-up',
  '/account/forgot-password',
  '/account',
  '/docs/api',
];

test('every page answers with the security headers and a fresh nonce on each request', async ({ page }) => {
  for (const path of PAGES) {
    const nonces: string[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const headers = (await page.goto(path))!.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic';/);
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"])
        expect(csp, path).toContain(directive);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      nonces.push(/'nonce-([^']+)'/.exec(csp)![1]!);
    }
    expect(nonces[0], `${path}: a fresh nonce per request`).not.toBe(nonces[1]);
  }
});

test('the CSP is enforced: markup injected into a page cannot run a script', async ({ browser, server }) => {
  // A page of its own: the refusal is a console error this test provokes on purpose.
  const page = await browser.newPage();
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  // Stands in for an injection flaw: the app's own answer, headers kept, with a script added.
  await page.route('**/admin/login', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</body>', '<script>document.title = "injected"</script></body>');
    await route.fulfill({ response, body });
  });
  await page.goto(`${server.app.url}/admin/login`);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect.poll(() => messages.join('\n')).toMatch(/Content Security Policy/);
  expect(await page.title()).not.toBe('injected');
  await page.close();
});

test.describe('cross-site requests to the session endpoints', () => {
  let attacker: { port: number; server: Server };
  test.beforeAll(async () => {
    attacker = await serveStatic(ATTACK_HTML);
  });
  test.afterAll(() => attacker?.server.close());

  for (const host of ['localhost', '127.0.0.1']) {
    test(`a logout fired from http://${host}:<other port> is refused with 403 and ends no session; the app's own works`, async ({
      page,
      baseURL,
      accounts,
    }) => {
      await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
      const target = `${baseURL}/api/trpc/session/admin/logout`;
      // The attacker's page shares the browser context (and so the cookie jar) of the signed-in page.
      const attack = await page.context().newPage();
      const refused = attack.waitForResponse((r) => r.url() === target);
      await attack.goto(`http://${host}:${attacker.port}/?${new URLSearchParams({ target })}`);
      expect((await refused).status()).toBe(403);
      await attack.close();

      const refresh = await page.evaluate(
        async () =>
          (
            await fetch('/api/trpc/session/admin/refresh', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
            })
          ).status,
      );
      expect(refresh, 'the session survived, and a same-origin session request works').toBe(200);
    });
  }
});
