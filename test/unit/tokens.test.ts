// The token service: every kind verifies only for its own purpose, role, secret and lifetime.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SignJWT, jwtVerify } from 'jose';
import { createTokenService } from '@/core/tokens';

let now = new Date('2026-01-01T00:00:00Z');
const clock = { now: () => now };
// As the app runs: verified access tokens are kept, so every check below after a first
// verification also holds for a token answered from memory.
const settings = {
  accessSecret: 'a'.repeat(32),
  refreshSecret: 'r'.repeat(32),
  accessTtl: 900,
  issuer: 'iss',
  audience: 'aud',
  verifiedAccessTokens: 100,
};
const tokens = createTokenService(settings, clock);
const access = { sub: 'acc-1', role: 'vendor' as const, ver: 0, acct: 'employee', modules: ['orders'] };

async function refusedWith(work: Promise<unknown>, code: string) {
  await assert.rejects(work, (e: { code?: string }) => e.code === code);
}

test('an access token verifies for its role only, until it expires', async () => {
  const token = await tokens.signAccess(access);
  assert.equal((await tokens.verifyAccess(token, 'vendor')).sub, 'acc-1');
  await refusedWith(tokens.verifyAccess(token, 'admin'), 'invalid_token');
  now = new Date(now.getTime() + 901_000);
  await refusedWith(tokens.verifyAccess(token, 'vendor'), 'invalid_token');
  now = new Date('2026-01-01T00:00:00Z');
});

test('refresh and reset tokens are never accepted as access tokens, nor the reverse', async () => {
  const iat = Math.floor(now.getTime() / 1000);
  const refresh = await tokens.signRefresh({ sub: 'acc-1', role: 'vendor', fam: 'f', jti: 'j', iat, exp: iat + 60 });
  const reset = await tokens.signReset({ sub: 'acc-1', role: 'vendor', jti: 'k', iat, exp: iat + 60 });
  const accessToken = await tokens.signAccess(access);
  await refusedWith(tokens.verifyAccess(refresh, 'vendor'), 'invalid_token');
  await refusedWith(tokens.verifyAccess(reset, 'vendor'), 'invalid_token');
  await refusedWith(tokens.verifyRefresh(accessToken, 'vendor'), 'invalid_refresh_token');
  await refusedWith(tokens.verifyRefresh(reset, 'vendor'), 'invalid_refresh_token');
  await refusedWith(tokens.verifyReset(accessToken, 'vendor'), 'invalid_reset_token');
  await refusedWith(tokens.verifyReset(refresh, 'vendor'), 'invalid_reset_token');
  assert.equal((await tokens.verifyReset(reset, 'vendor')).jti, 'k');
  assert.equal((await tokens.verifyRefresh(refresh, 'vendor')).fam, 'f');
});

test('signing the same refresh claims twice gives the identical token', async () => {
  const iat = Math.floor(now.getTime() / 1000);
  const claims = { sub: 'acc-1', role: 'admin' as const, fam: 'f', jti: 'j', iat, exp: iat + 60 };
  assert.equal(await tokens.signRefresh(claims), await tokens.signRefresh({ ...claims }));
});

test('a token from a service with other secrets or issuer is refused', async () => {
  const other = createTokenService({ ...settings, accessSecret: 'x'.repeat(32) }, clock);
  await refusedWith(tokens.verifyAccess(await other.signAccess(access), 'vendor'), 'invalid_token');
  const otherIssuer = createTokenService({ ...settings, issuer: 'elsewhere' }, clock);
  await refusedWith(tokens.verifyAccess(await otherIssuer.signAccess(access), 'vendor'), 'invalid_token');
});

test('after a rotation, the previous secrets verify (never across purposes) until previousUntil, and never sign', async () => {
  const before = createTokenService(settings, clock);
  const oldAccess = await before.signAccess(access);
  const iat = Math.floor(now.getTime() / 1000);
  const oldRefresh = await before.signRefresh({
    sub: 'acc-1',
    role: 'vendor',
    fam: 'f',
    jti: 'j',
    iat,
    exp: iat + 3600,
  });
  const until = new Date(now.getTime() + 60_000);
  const rotated = createTokenService(
    {
      ...settings,
      accessSecret: 'n'.repeat(32),
      refreshSecret: 'm'.repeat(32),
      previousAccessSecret: settings.accessSecret,
      previousRefreshSecret: settings.refreshSecret,
      previousUntil: until,
    },
    clock,
  );
  assert.equal((await rotated.verifyAccess(oldAccess, 'vendor')).sub, 'acc-1');
  assert.equal((await rotated.verifyRefresh(oldRefresh, 'vendor')).jti, 'j');
  await refusedWith(before.verifyAccess(await rotated.signAccess(access), 'vendor'), 'invalid_token'); // signed with the new secret
  // A refresh token forged with the previous *access* secret stays refused.
  const crossed = createTokenService(
    { ...settings, refreshSecret: settings.accessSecret, accessSecret: 'x'.repeat(32) },
    clock,
  );
  await refusedWith(
    rotated.verifyRefresh(
      await crossed.signRefresh({ sub: 'acc-1', role: 'vendor', fam: 'f', jti: 'j', iat, exp: iat + 60 }),
      'vendor',
    ),
    'invalid_refresh_token',
  );

  const saved = now;
  now = until;
  await refusedWith(rotated.verifyAccess(oldAccess, 'vendor'), 'invalid_token');
  await refusedWith(rotated.verifyRefresh(oldRefresh, 'vendor'), 'invalid_refresh_token');
  now = saved;
});

test('a verified access token is not verified again while it is kept; the memory holds a bounded number', async () => {
  const subtle = crypto.subtle;
  const verify = subtle.verify.bind(subtle);
  let hmacs = 0;
  subtle.verify = (...args: Parameters<SubtleCrypto['verify']>) => {
    hmacs++;
    return verify(...args);
  };
  try {
    const small = createTokenService({ ...settings, verifiedAccessTokens: 1 }, clock);
    const [first, second] = [await small.signAccess(access), await small.signAccess({ ...access, sub: 'acc-2' })];
    for (const token of [first, first, first]) assert.equal((await small.verifyAccess(token, 'vendor')).sub, 'acc-1');
    assert.equal(hmacs, 1);
    await small.verifyAccess(second, 'vendor'); // pushes the first one out
    await small.verifyAccess(first, 'vendor');
    assert.equal(hmacs, 3);
    // The same signature under another header or payload is a different string: verified, and refused.
    const [header, payload, signature] = first.split('.');
    await refusedWith(small.verifyAccess(`${header}.${payload}x.${signature}`, 'vendor'), 'invalid_token');
    await refusedWith(small.verifyRefresh(first, 'vendor'), 'invalid_refresh_token');
    const none = createTokenService({ ...settings, verifiedAccessTokens: 0 }, clock);
    hmacs = 0;
    for (const token of [first, first]) await none.verifyAccess(token, 'vendor');
    assert.equal(hmacs, 2);
  } finally {
    Reflect.deleteProperty(subtle, 'verify'); // the prototype's method again
  }
});

test('an HS256 token is the one jose signs for the same header and claims, and jose verifies it', async () => {
  const iat = Math.floor(now.getTime() / 1000);
  const claims = { sub: 'acc-1', role: 'vendor' as const, fam: 'f', jti: 'j', iat, exp: iat + 60 };
  const ours = await tokens.signRefresh(claims);
  const secret = new TextEncoder().encode(settings.refreshSecret);
  const payload = { role: 'vendor', fam: 'f', jti: 'j', sub: 'acc-1', purpose: 'refresh' };
  const theirs = await new SignJWT(payload)
    .setIssuer('iss')
    .setAudience('aud')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 60)
    .setProtectedHeader({ alg: 'HS256', typ: 'rt+jwt' })
    .sign(secret);
  assert.equal(ours, theirs);
  const { payload: verified, protectedHeader } = await jwtVerify(ours, secret, {
    algorithms: ['HS256'],
    typ: 'rt+jwt',
    issuer: 'iss',
    audience: 'aud',
    currentDate: now,
  });
  assert.deepEqual(protectedHeader, { alg: 'HS256', typ: 'rt+jwt' });
  assert.equal(verified.fam, 'f');
  await assert.rejects(jwtVerify(ours, new TextEncoder().encode(settings.accessSecret), { currentDate: now }));
});
