// Development-only secrets (JWT signing, second-factor encryption): generated once and kept under
// DATA_DIR so restarts keep sessions and enrolled factors.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '@/core/config';

type DevSecrets = { access: string; refresh: string; mfa: string };

const generated = () => randomBytes(48).toString('base64url');

function saved(file: string): Partial<Record<keyof DevSecrets, unknown>> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof DevSecrets, unknown>>;
  } catch {
    return {}; // not there yet: generated below
  }
}

/** Where a development start keeps its generated secrets. */
export const devSecretsFile = (dataDir: string) => path.join(dataDir, 'dev-secrets.json');

export function devSecretsIn(dataDir: string) {
  return (): DevSecrets => {
    const file = devSecretsFile(dataDir);
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

/**
 * The development key that signs access tokens under EdDSA or ES256: generated once per algorithm, kept beside the
 * secrets.
 */
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
        ? generateKeyPairSync('ed25519', {
            privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
            publicKeyEncoding: { type: 'spki', format: 'pem' },
          })
        : generateKeyPairSync('ec', {
            namedCurve: 'P-256',
            privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
            publicKeyEncoding: { type: 'spki', format: 'pem' },
          });
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
      return privateKey;
    } catch {
      return readFileSync(file, 'utf8'); // another process wrote it first: keep that one
    }
  };
}

/**
 * The environment of an operator command (the CLI) run beside a start. A development start keeps its
 * generated secrets in DATA_DIR; a command given neither NODE_ENV nor the JWT secrets, whose DATA_DIR
 * holds them, takes the development rules the start took, so the codes it makes (a terminal's pairing
 * code) are the ones that start accepts. A production start never writes that file, and a command given
 * NODE_ENV or secrets keeps them.
 */
export function operatorEnvironment(env: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  developmentStart?: string;
} {
  const file = devSecretsFile(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const chosen = env.NODE_ENV || env.COMMERCE_AUTH_NODE_ENV || env.JWT_ACCESS_SECRET || env.JWT_REFRESH_SECRET;
  if (chosen || !existsSync(file)) return { env };
  return { env: { ...env, COMMERCE_AUTH_NODE_ENV: 'development' }, developmentStart: file };
}
