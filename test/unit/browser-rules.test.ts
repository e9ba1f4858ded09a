// The framework-free browser rules: which origins get CORS, the CSP, HSTS detection, the
// cross-site refusal, and how CORS_ORIGINS and APP_URL are read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, parseBrowserConfig } from '@/core/config';
import { corsResponseHeaders, isAllowedOrigin, isPreflight, preflightHeaders } from '@/server/http/cors';
import { appOriginOf, crossSiteReason } from '@/server/http/csrf';
import { cameOverHttps, contentSecurityPolicy, newNonce, SOCKET_TLS_HEADER } from '@/server/http/security-headers';

const production = { production: true, corsOrigins: ['https://shop.example.com'] };
const development = { production: false, corsOrigins: [] };

test('CORS_ORIGINS is a comma list of origins; a path, a wildcard or another scheme is refused', () => {
  assert.deepEqual(
    parseBrowserConfig({ CORS_ORIGINS: ' https://a.example.com, http://127.0.0.1:5173/ ,' }).corsOrigins,
    ['https://a.example.com', 'http://127.0.0.1:5173'],
  );
  assert.deepEqual(parseBrowserConfig({}).corsOrigins, []);
  for (const bad of [
    '*',
    'https://a.example.com/app',
    'a.example.com',
    'ftp://a.example.com',
    'https://*.example.com',
  ]) {
    assert.throws(
      () => parseBrowserConfig({ CORS_ORIGINS: bad }),
      (e: Error) => e instanceof ConfigError && e.message.includes('CORS_ORIGINS'),
      bad,
    );
  }
});

test('APP_URL is an origin; unset leaves it to the request', () => {
  assert.equal(parseBrowserConfig({ APP_URL: 'https://auth.example.com/' }).appUrl, 'https://auth.example.com');
  assert.equal(parseBrowserConfig({ APP_URL: '' }).appUrl, undefined);
  assert.throws(() => parseBrowserConfig({ APP_URL: 'https://auth.example.com/login' }), /APP_URL/);
});

test('production rules follow the NODE_ENV the operator gave, not the one Next.js fills in', () => {
  assert.equal(parseBrowserConfig({ NODE_ENV: 'production', COMMERCE_AUTH_NODE_ENV: 'development' }).production, false);
  assert.equal(parseBrowserConfig({ NODE_ENV: 'production' }).production, true);
});

test('listed origins are allowed everywhere; loopback origins only outside production', () => {
  assert.equal(isAllowedOrigin('https://shop.example.com', production), true);
  for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost']) {
    assert.equal(isAllowedOrigin(origin, production), false, origin);
    assert.equal(isAllowedOrigin(origin, development), true, origin);
  }
  for (const origin of [
    null,
    '',
    'null',
    'https://localhost:5173',
    'http://localhost.evil.com',
    'http://127.0.0.1.evil.com:80',
    'http://10.0.0.1:5173',
    'https://shop.example.com.evil.com',
  ]) {
    assert.equal(isAllowedOrigin(origin, development), false, String(origin));
  }
});

test('an allowed origin is echoed with Retry-After exposed; any other gets only Vary: Origin', () => {
  assert.deepEqual(corsResponseHeaders('https://shop.example.com', production), {
    vary: 'Origin',
    'access-control-allow-origin': 'https://shop.example.com',
    'access-control-expose-headers': 'Retry-After',
  });
  assert.deepEqual(corsResponseHeaders('https://evil.example.com', production), { vary: 'Origin' });
  const pre = preflightHeaders('https://shop.example.com', production);
  assert.equal(pre['access-control-allow-headers'], 'authorization, content-type, x-device-id, x-terminal-token');
  assert.match(pre['access-control-allow-methods']!, /GET.*POST.*DELETE/);
  assert.ok(Number(pre['access-control-max-age']) > 0);
  assert.equal(
    Object.keys(pre).some((h) => h.includes('credentials')),
    false,
  );
  assert.deepEqual(preflightHeaders('https://evil.example.com', production), { vary: 'Origin' });
});

test('a preflight is OPTIONS with Origin and Access-Control-Request-Method', () => {
  const h = (init: Record<string, string>) => new Headers(init);
  assert.equal(
    isPreflight('OPTIONS', h({ origin: 'https://a.example', 'access-control-request-method': 'POST' })),
    true,
  );
  assert.equal(isPreflight('OPTIONS', h({ origin: 'https://a.example' })), false);
  assert.equal(isPreflight('POST', h({ origin: 'https://a.example', 'access-control-request-method': 'POST' })), false);
});

test('the production CSP allows scripts only by nonce: no unsafe-inline, no unsafe-eval', () => {
  const nonce = newNonce();
  assert.notEqual(nonce, newNonce());
  assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
  const csp = contentSecurityPolicy(nonce, false);
  assert.match(csp, new RegExp(`script-src 'self' 'nonce-${nonce.replace(/[+/]/g, '\\$&')}' 'strict-dynamic';`));
  assert.doesNotMatch(csp, /unsafe/);
  for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"])
    assert.ok(csp.includes(d), d);
  assert.match(contentSecurityPolicy(nonce, true), /'unsafe-eval'/, 'only the development server gets eval');
});

test('https is a TLS socket, or X-Forwarded-Proto only behind trusted proxies', () => {
  assert.equal(cameOverHttps(new Headers({ [SOCKET_TLS_HEADER]: '1' }), 0), true);
  assert.equal(cameOverHttps(new Headers({ 'x-forwarded-proto': 'https' }), 0), false);
  assert.equal(cameOverHttps(new Headers({ 'x-forwarded-proto': 'https' }), 1), true);
  assert.equal(cameOverHttps(new Headers({ 'x-forwarded-proto': 'http' }), 1), false);
});

test('cross-site: Sec-Fetch-Site cross-site, or an Origin that is not the app; non-browser callers pass', () => {
  const app = 'https://auth.example.com';
  assert.equal(
    crossSiteReason(new Headers({ 'sec-fetch-site': 'cross-site', origin: app }), app),
    'Sec-Fetch-Site is cross-site',
  );
  assert.equal(
    crossSiteReason(new Headers({ origin: 'https://auth.example.com.evil.com' }), app),
    'Origin is not the app',
  );
  assert.equal(crossSiteReason(new Headers({ origin: 'null' }), app), 'Origin is not the app');
  assert.equal(
    crossSiteReason(new Headers({ origin: 'https://shop.example.com', 'sec-fetch-site': 'same-site' }), app),
    'Origin is not the app',
  );
  assert.equal(crossSiteReason(new Headers({ origin: app, 'sec-fetch-site': 'same-origin' }), app), undefined);
  assert.equal(crossSiteReason(new Headers({ 'sec-fetch-site': 'same-origin' }), app), undefined);
  assert.equal(crossSiteReason(new Headers(), app), undefined);
});

test('the app origin is APP_URL, else the scheme and Host of the request', () => {
  const url = new URL('http://internal:3000/api/trpc/session/admin/logout');
  const headers = new Headers({ host: 'Auth.Example.com', 'x-forwarded-proto': 'https' });
  assert.equal(
    appOriginOf(url, headers, { appUrl: 'https://login.example.com', trustProxyHops: 0 }),
    'https://login.example.com',
  );
  assert.equal(appOriginOf(url, headers, { appUrl: undefined, trustProxyHops: 1 }), 'https://auth.example.com');
  assert.equal(appOriginOf(url, headers, { appUrl: undefined, trustProxyHops: 0 }), 'http://auth.example.com');
});
