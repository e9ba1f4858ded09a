// Access tokens signed with an asymmetric key (EdDSA, ES256): another service verifies them from the
// JWKS alone; a token made with JWT_ACCESS_SECRET is then refused; a rotated key keeps verifying
// while it is the previous key, and is dropped when its window ends. HS256 publishes no key.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { PASSWORDS } from '../support/accounts';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { get } from '../support/http';
import { signIn } from '../support/sign-in';
import { decodePayload, forge } from '../support/tokens';

const ed = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const ec = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const JWKS_PATH = '/api/v1/.well-known/jwks.json';

let es: RunningApp; // ES256, the Ed25519 key as the previous one
let esOnly: RunningApp; // ES256 alone: the rotation is over
let esClosed: RunningApp; // ES256, the previous key's window already ended
let hs: RunningApp; // the default
const eddsa = appSuite({
  env: { JWT_ACCESS_ALGORITHM: 'EdDSA', JWT_ACCESS_PRIVATE_KEY: ed.privateKey },
  setup: async (suite) => {
    const esEnv = { JWT_ACCESS_ALGORITHM: 'ES256', JWT_ACCESS_PRIVATE_KEY: ec.privateKey.replace(/\n/g, '\\n') };
    es = await suite.start({ ...esEnv, JWT_ACCESS_PREVIOUS_PUBLIC_KEY: ed.publicKey });
    esOnly = await suite.start(esEnv);
    esClosed = await suite.start({
      ...esEnv,
      JWT_ACCESS_PREVIOUS_PUBLIC_KEY: ed.publicKey,
      JWT_SECRET_PREVIOUS_UNTIL: '2026-01-01T00:00:00Z',
    });
    hs = await suite.start({});
  },
});
const { seed } = eddsa;

const owner = (app: RunningApp) => signIn(app.url, 'vendor', seed.owner.email, PASSWORDS.owner);
const me = (app: RunningApp, token: string) => get(app.url, '/api/v1/auth/vendor/me', token);

/** What another service does: verify with the keys the app publishes, nothing else. */
async function verifiedRemotely(app: RunningApp, token: string) {
  const jwks = createRemoteJWKSet(new URL(JWKS_PATH, app.url));
  return jwtVerify(token, jwks, { issuer: 'commerce-auth', audience: 'commerce-platform', typ: 'at+jwt' });
}

test('EdDSA: the JWKS publishes one Ed25519 key, cacheable, without authentication, and it verifies the access token', async () => {
  const res = await get(eddsa.url, JWKS_PATH);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
  assert.equal(res.headers.get('pragma'), null);
  assert.equal(res.body.keys.length, 1);
  const [key] = res.body.keys;
  assert.deepEqual(
    { kty: key.kty, crv: key.crv, alg: key.alg, use: key.use },
    { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' },
  );
  assert.equal(key.d, undefined, 'no private part');

  const pair = await owner(eddsa);
  const header = decodeProtectedHeader(pair.access_token);
  assert.deepEqual({ alg: header.alg, kid: header.kid }, { alg: 'EdDSA', kid: key.kid });
  assert.equal(decodeProtectedHeader(pair.refresh_token).alg, 'HS256', 'refresh tokens keep their secret');
  const { payload, protectedHeader } = await verifiedRemotely(eddsa, pair.access_token);
  assert.equal(payload.sub, seed.owner.id);
  assert.equal(protectedHeader.alg, 'EdDSA');
  assert.equal((await me(eddsa, pair.access_token)).status, 200);
});

test('ES256: a P-256 key with its RFC 7638 kid verifies the access token; the previous Ed25519 key is published beside it', async () => {
  const res = await get(es.url, JWKS_PATH);
  assert.deepEqual(
    res.body.keys.map((k: { alg: string }) => k.alg),
    ['ES256', 'EdDSA'],
  );
  const pair = await owner(es);
  assert.equal(decodeProtectedHeader(pair.access_token).alg, 'ES256');
  const { payload } = await verifiedRemotely(es, pair.access_token);
  assert.equal(payload.sub, seed.owner.id);
  assert.equal((await me(es, pair.access_token)).status, 200);
});

test('a token made with JWT_ACCESS_SECRET (HS256), as someone holding that secret would, is refused under EdDSA', async () => {
  const real = decodePayload((await owner(eddsa)).access_token);
  const minted = await forge({ ...real, acct: 'owner' });
  const res = await me(eddsa, minted);
  assert.equal(res.status, 401);
  assert.equal(res.body.code, 'invalid_token');
  assert.equal(
    (await me(hs, minted)).status,
    200,
    'the same token passes where HS256 is the rule: the forgery itself is sound',
  );
  await assert.rejects(verifiedRemotely(eddsa, minted));
});

test('rotation: the previous public key verifies until it is removed or its window ends', async () => {
  const old = await owner(eddsa);
  assert.equal(
    (await me(es, old.access_token)).status,
    200,
    'signed with the previous key: accepted during the rotation',
  );
  assert.equal((await me(esOnly, old.access_token)).status, 401, 'the previous key removed: refused');
  assert.equal((await me(esClosed, old.access_token)).status, 401, 'its window ended: refused');
  assert.deepEqual(
    (await get(esClosed.url, JWKS_PATH)).body.keys.map((k: { alg: string }) => k.alg),
    ['ES256'],
    'and no longer published',
  );
  const renewed = await owner(es);
  // Once (PostgreSQL, 2026-11-28) this was refused; the answer's body says by which rule if it is again.
  const answer = await me(esOnly, renewed.access_token);
  assert.equal(
    answer.status,
    200,
    `what the rotated instance signs, the new key verifies: ${answer.text} (also on the signer: ${(await me(es, renewed.access_token)).status})`,
  );
});

test('HS256 (the default) publishes no key: its secret is never shown', async () => {
  const res = await get(hs.url, JWKS_PATH);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { keys: [] });
});
