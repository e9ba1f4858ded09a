// Sign in with Apple's client secret: not a fixed string but an ES256 JWT signed with the key the
// team created at Apple, naming the team and the Services ID. Made fresh for each code exchange.
import { importPKCS8, SignJWT } from 'jose';
import type { AppleClientSecret } from '@/core/oidc-config';

const APPLE_AUDIENCE = 'https://appleid.apple.com';
/** Apple accepts up to six months; a short life keeps a leaked secret short-lived. */
const LIFETIME_SECONDS = 5 * 60;

let imported: { pem: string; key: Promise<CryptoKey> } | undefined;

export async function appleClientSecret(apple: AppleClientSecret, clientId: string): Promise<string> {
  if (imported?.pem !== apple.privateKey)
    imported = { pem: apple.privateKey, key: importPKCS8(apple.privateKey, 'ES256') };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(clientId)
    .setAudience(APPLE_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + LIFETIME_SECONDS)
    .sign(await imported.key);
}
