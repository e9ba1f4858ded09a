// Token verification, refresh rotation with grace and reuse detection, logout and disabled accounts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';
import { get, post } from '../support/http';
import { login, signIn } from '../support/sign-in';
import { decodePayload, forge, unsigned } from '../support/tokens';

const GRACE_SECONDS = 2;
const app = appSuite({ env: { JWT_REFRESH_REUSE_GRACE: `${GRACE_SECONDS}s` } });
const { db, seed } = app;

const loginOwner = () => signIn(app.url, 'vendor', seed.owner.email, PASSWORDS.owner);
const loginAdmin = () => signIn(app.url, 'admin', seed.admin.email, PASSWORDS.admin);
const refresh = (role: string, token: string) =>
  post(app.url, `/api/v1/auth/${role}/refresh`, { refresh_token: token });
const me = (role: string, token: string) => get(app.url, `/api/v1/auth/${role}/me`, token);

function assertInvalidToken(res: { status: number; body: { code: string } }, label: string) {
  assert.equal(res.status, 401, label);
  assert.equal(res.body.code, 'invalid_token', label);
}

describe('access tokens', () => {
  test('every wrong access token is 401 invalid_token', async () => {
    const pair = await loginOwner();
    const claims = decodePayload(pair.access_token);
    const now = Math.floor(Date.now() / 1000);
    const [head, payload, signature] = pair.access_token.split('.');
    const cases: Record<string, string> = {
      expired: await forge(claims, { iat: now - 3600, exp: now - 60 }),
      'bad signature': `${head}.${payload}.${signature!.slice(0, -4)}AAAA`,
      'alg none': unsigned(claims),
      'signed with the refresh secret': await forge(claims, { secret: 'refresh' }),
      'signed with another secret': await forge(claims, { secret: 'some-other-secret-of-sufficient-length!!' }),
      'refresh token as access token': pair.refresh_token,
      'reset-style token': await forge({ ...claims, purpose: 'password_reset', jti: 'x' }, { typ: 'reset+jwt' }),
      'reset purpose with access typ': await forge({ ...claims, purpose: 'password_reset' }),
      'wrong issuer': await forge(claims, { iss: 'someone-else' }),
      'wrong audience': await forge(claims, { aud: 'someone-else' }),
      'admin role claim': await forge({ ...claims, role: 'admin' }),
      'stale token version': await forge({ ...claims, ver: 7 }),
      garbage: 'not-a-jwt',
    };
    for (const [label, token] of Object.entries(cases)) assertInvalidToken(await me('vendor', token), label);
    assert.equal((await me('vendor', pair.access_token)).status, 200, 'the genuine token still works');
  });

  test('an admin token is refused on vendor routes and the reverse', async () => {
    const admin = await loginAdmin();
    const vendor = await loginOwner();
    assertInvalidToken(await me('vendor', admin.access_token), 'admin on vendor');
    assertInvalidToken(await me('admin', vendor.access_token), 'vendor on admin');
  });

  test('a missing or malformed Authorization header is 401 with WWW-Authenticate', async () => {
    const missing = await get(app.url, '/api/v1/auth/admin/me');
    assertInvalidToken(missing, 'missing');
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    const basic = await fetch(`${app.url}/api/v1/auth/admin/me`, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    assert.equal(basic.status, 401);
  });
});

describe('refresh rotation', () => {
  test('a refresh returns a new pair and retires the presented token', async () => {
    const pair = await loginOwner();
    const first = await refresh('vendor', pair.refresh_token);
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'token_type']);
    assert.notEqual(first.body.refresh_token, pair.refresh_token);
    assert.equal((await me('vendor', first.body.access_token)).status, 200);
    const next = await refresh('vendor', first.body.refresh_token);
    assert.equal(next.status, 200);
  });

  test('within the grace period the same token gets the identical successor; after it, reuse revokes the family', async () => {
    const pair = await loginOwner();
    const first = await refresh('vendor', pair.refresh_token);
    const again = await refresh('vendor', pair.refresh_token);
    assert.equal(first.status, 200);
    assert.equal(again.status, 200);
    assert.equal(again.body.refresh_token, first.body.refresh_token);

    await new Promise((r) => setTimeout(r, (GRACE_SECONDS + 1) * 1000));
    const reuse = await refresh('vendor', pair.refresh_token);
    assert.equal(reuse.status, 401);
    assert.equal(reuse.body.code, 'invalid_refresh_token');
    const successor = await refresh('vendor', first.body.refresh_token);
    assert.equal(successor.status, 401, 'the successor dies with its family');
  });

  test('20 concurrent refreshes of one token all succeed with one successor', async () => {
    const pair = await loginOwner();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh('vendor', pair.refresh_token)));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(20).fill(200),
    );
    assert.equal(new Set(answers.map((a) => a.body.refresh_token)).size, 1);
    const successor = answers[0]!.body.refresh_token;
    assert.equal((await refresh('vendor', successor)).status, 200, 'the one successor works');
  });

  test('wrong refresh tokens are 401 invalid_refresh_token', async () => {
    const admin = await loginAdmin();
    const vendor = await loginOwner();
    const claims = decodePayload(vendor.refresh_token);
    const cases: Record<string, string> = {
      'access token as refresh token': vendor.access_token,
      'admin refresh token on vendor route': admin.refresh_token,
      'signed with the access secret': await forge(claims, { secret: 'access', typ: 'rt+jwt' }),
      'unknown jti': await forge({ ...claims, jti: 'nope' }, { secret: 'refresh', typ: 'rt+jwt' }),
      'alg none': unsigned(claims),
    };
    for (const [label, token] of Object.entries(cases)) {
      const res = await refresh('vendor', token);
      assert.equal(res.status, 401, label);
      assert.equal(res.body.code, 'invalid_refresh_token', label);
    }
  });
});

describe('logout and disabled accounts', () => {
  test('logout answers 204 and the refresh token stops working', async () => {
    const pair = await loginAdmin();
    const out = await post(app.url, '/api/v1/auth/admin/logout', { refresh_token: pair.refresh_token });
    assert.equal(out.status, 204);
    assert.equal((await refresh('admin', pair.refresh_token)).status, 401);
    assert.equal(
      (await post(app.url, '/api/v1/auth/admin/logout', { refresh_token: pair.refresh_token })).status,
      204,
      'logout is idempotent',
    );
  });

  test('a disabled account cannot sign in and its tokens are refused', async () => {
    const pair = await login(app.url, 'vendor', seed.employee.email, PASSWORDS.employee);
    assert.equal(pair.status, 200);
    await withContainer(db, (c) => c.auth.operator.setDisabled('vendor', seed.employee.email, true));
    try {
      const denied = await login(app.url, 'vendor', seed.employee.email, PASSWORDS.employee);
      assert.equal(denied.status, 403);
      assert.equal(denied.body.code, 'account_disabled');
      const wrong = await login(app.url, 'vendor', seed.employee.email, 'wrong-password');
      assert.equal(wrong.status, 401, 'a wrong password says nothing about the account state');
      assertInvalidToken(await me('vendor', pair.body.access_token), 'access token of a disabled account');
      assertInvalidToken(
        await get(app.url, '/api/v1/auth/vendor/context', pair.body.access_token),
        'context of a disabled account',
      );
      assert.equal((await refresh('vendor', pair.body.refresh_token)).status, 401);
    } finally {
      await withContainer(db, (c) => c.auth.operator.setDisabled('vendor', seed.employee.email, false));
    }
  });
});
