// Development-only secrets (JWT signing, second-factor encryption): generated once and kept under
// DATA_DIR so restarts keep sessions and enrolled factors.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type DevSecrets = { access: string; refresh: string; mfa: string };

const generated = () => randomBytes(48).toString('base64url');

function saved(file: string): Partial<Record<keyof DevSecrets, unknown>> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof DevSecrets, unknown>>;
  } catch {
    return {}; // not there yet: generated below
  }
}

export function devSecretsIn(dataDir: string) {
  return (): DevSecrets => {
    const file = path.join(dataDir, 'dev-secrets.json');
    const known = saved(file);
    if (typeof known.access === 'string' && typeof known.refresh === 'string') {
      if (typeof known.mfa === 'string') return { access: known.access, refresh: known.refresh, mfa: known.mfa };
      // A data folder from before second factors: its JWT secrets stay, the encryption key joins them.
      const upgraded = { access: known.access, refresh: known.refresh, mfa: generated() };
      writeFileSync(file, JSON.stringify(upgraded), { mode: 0o600 });
      return upgraded;
    }
    const secrets = { access: generated(), refresh: generated(), mfa: generated() };
    mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: when two processes start at once, the second keeps the first one's secrets.
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch {
      return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
    }
  };
}

/** The development key that signs access tokens under EdDSA or ES256: generated once per algorithm, kept beside the secrets. */
export function devAccessKeyIn(dataDir: string) {
  return (algorithm: 'EdDSA' | 'ES256'): string => {
    const file = path.join(dataDir, `dev-access-key-${algorithm}.pem`);
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // not there yet: generated below
    }
    const { privateKey } =
      algorithm === 'EdDSA'
        ? generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } })
        : generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
      return privateKey;
    } catch {
      return readFileSync(file, 'utf8'); // another process wrote it first: keep that one
    }
  };
}
