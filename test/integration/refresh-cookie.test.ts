// The pages' refresh-token cookie: over https (here as a trusted proxy reports it) its name carries
// the `__Secure-` prefix, so a browser takes it only with Secure from a secure origin; over plain
// http the plain name stays, and neither name is read in place of the other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASSWORDS } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { request } from '../support/http';

const app = appSuite({ env: { TRUST_PROXY: '1' } });
const HTTPS = { 'x-forwarded-proto': 'https' };

async function signInThroughPages(headers: Record<string, string>) {
  const answer = await request(app.url, 'POST', '/api/trpc/admin.login', {
    json: { email: app.seed.admin.email, password: PASSWORDS.admin },
    headers,
  });
  assert.equal(answer.status, 200, answer.text);
  const cookie = answer.headers.getSetCookie().find((c) => c.includes('admin_refresh_token='));
  assert.ok(cookie, 'a refresh cookie is set');
  return cookie;
}

const refreshWith = (cookie: string, headers: Record<string, string>) =>
  request(app.url, 'POST', '/api/trpc/session/admin/refresh', {
    headers: { cookie, 'content-type': 'application/json', ...headers },
  });

test('over https the refresh cookie is __Secure- prefixed and Secure, and refreshing reads that name only', async () => {
  const cookie = await signInThroughPages(HTTPS);
  assert.match(cookie, /^__Secure-admin_refresh_token=/);
  assert.match(cookie, /; Secure/);
  const pair = cookie.split(';')[0]!;
  const value = pair.slice(pair.indexOf('=') + 1);
  assert.equal(
    (await refreshWith(`admin_refresh_token=${value}`, HTTPS)).status,
    401,
    'the unprefixed name is not read over https',
  );
  const refreshed = await refreshWith(pair, HTTPS);
  assert.equal(refreshed.status, 200, refreshed.text);
  assert.match(
    refreshed.headers.getSetCookie().join('\n'),
    /__Secure-admin_refresh_token=/,
    'the rotated token keeps the prefixed name',
  );
});

test('over plain http the cookie keeps its plain name', async () => {
  const cookie = await signInThroughPages({});
  assert.match(cookie, /^admin_refresh_token=/);
  assert.equal((await refreshWith(cookie.split(';')[0]!, {})).status, 200);
});
