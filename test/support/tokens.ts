// Forged and tampered tokens for tests of every verifier's refusals.
import { calculateJwkThumbprint, exportJWK, importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { TEST_SECRETS } from './app-process';

const key = (s: string) => new TextEncoder().encode(s);

export function forge(
  claims: Record<string, unknown>,
  options: {
    /** `access`, `refresh` (the test secrets) or any other secret. */ secret?: string;
    typ?: string;
    alg?: string;
    iat?: number;
    exp?: number;
    iss?: string;
    aud?: string;
    kid?: string;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const secret =
    options.secret === 'refresh'
      ? TEST_SECRETS.JWT_REFRESH_SECRET
      : options.secret === 'access' || options.secret === undefined
        ? TEST_SECRETS.JWT_ACCESS_SECRET
        : options.secret;
  return new SignJWT(claims)
    .setProtectedHeader({
      alg: options.alg ?? 'HS256',
      typ: options.typ ?? 'at+jwt',
      ...(options.kid ? { kid: options.kid } : {}),
    })
    .setIssuer(options.iss ?? 'commerce-auth')
    .setAudience(options.aud ?? 'commerce-platform')
    .setIssuedAt(options.iat ?? now)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(key(secret));
}

/** The same claims with `alg: none` and no signature. */
export function unsigned(claims: Record<string, unknown>): string {
  return new UnsecuredJWT(claims)
    .setIssuer('commerce-auth')
    .setAudience('commerce-platform')
    .setIssuedAt()
    .setExpirationTime('10m')
    .encode();
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** `claims` signed with the service's own Ed25519 key (PKCS#8 PEM) and its `kid`, past their expiry by a minute. */
export async function expiredWithKey(privateKeyPem: string, claims: Record<string, unknown>, typ: string) {
  const signing = await importPKCS8(privateKeyPem, 'EdDSA');
  const { d: _d, ...publicJwk } = await exportJWK(await importPKCS8(privateKeyPem, 'EdDSA', { extractable: true }));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'EdDSA', typ, kid: await calculateJwkThumbprint(publicJwk) })
    .sign(signing);
}
