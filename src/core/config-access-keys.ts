// The access-token signing settings (JWT_ACCESS_ALGORITHM and its keys), checked at start-up so a
// wrong key stops the app with a message naming the variable rather than failing at the first sign-in.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { AccessAlgorithm, AccessKeyPair, AsymmetricAlgorithm } from './access-keys';
import { ConfigError } from './config-error';

/** Generates (once) and returns the development private key of `algorithm`, kept under DATA_DIR. */
export type DevAccessKeySource = (algorithm: AsymmetricAlgorithm) => string;

/** A PEM as an environment variable often carries it: on one line, with `\n` escapes. */
const pemText = (value: string) => value.replace(/\\n/g, '\n');

/** The algorithm a key object signs with, or undefined for any other kind of key. */
function algorithmOf(key: KeyObject): AsymmetricAlgorithm | undefined {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  return undefined;
}

const KEY_KIND: Record<AsymmetricAlgorithm, string> = { EdDSA: 'an Ed25519 key', ES256: 'a P-256 key' };

function privateKeyOf(pem: string, algorithm: AsymmetricAlgorithm): string {
  const text = pemText(pem);
  let key: KeyObject;
  try {
    if (!text.startsWith('-----BEGIN PRIVATE KEY-----')) throw new Error('not PKCS#8');
    key = createPrivateKey(text);
  } catch {
    throw new ConfigError(
      `JWT_ACCESS_PRIVATE_KEY must be a PKCS#8 PEM private key ("-----BEGIN PRIVATE KEY-----"; openssl pkcs8 -topk8 -nocrypt converts others)`,
    );
  }
  if (algorithmOf(key) !== algorithm)
    throw new ConfigError(
      `JWT_ACCESS_PRIVATE_KEY must be ${KEY_KIND[algorithm]} for JWT_ACCESS_ALGORITHM=${algorithm}`,
    );
  return text;
}

function previousKeyOf(pem: string): NonNullable<AccessKeyPair['previous']> {
  const text = pemText(pem);
  let algorithm: AsymmetricAlgorithm | undefined;
  try {
    if (!text.startsWith('-----BEGIN PUBLIC KEY-----')) throw new Error('not SPKI');
    algorithm = algorithmOf(createPublicKey(text));
  } catch {
    throw new ConfigError('JWT_ACCESS_PREVIOUS_PUBLIC_KEY must be a PEM public key ("-----BEGIN PUBLIC KEY-----")');
  }
  if (!algorithm) throw new ConfigError('JWT_ACCESS_PREVIOUS_PUBLIC_KEY must be an Ed25519 or a P-256 key');
  return { publicKey: text, algorithm };
}

/**
 * HS256 (the default) needs nothing more. EdDSA and ES256 need JWT_ACCESS_PRIVATE_KEY in
 * production; under development rules a key is generated once and kept. A previous public key
 * verifies tokens signed before a rotation of the key.
 */
export function accessSigningOf(
  env: {
    JWT_ACCESS_ALGORITHM: AccessAlgorithm;
    JWT_ACCESS_PRIVATE_KEY?: string;
    JWT_ACCESS_PREVIOUS_PUBLIC_KEY?: string;
  },
  production: boolean,
  devAccessKey?: DevAccessKeySource,
): { algorithm: AccessAlgorithm; keyPair?: AccessKeyPair; usingDevKey: boolean } {
  const algorithm = env.JWT_ACCESS_ALGORITHM;
  if (algorithm === 'HS256') {
    for (const name of ['JWT_ACCESS_PRIVATE_KEY', 'JWT_ACCESS_PREVIOUS_PUBLIC_KEY'] as const) {
      if (env[name])
        throw new ConfigError(
          `${name} is set but JWT_ACCESS_ALGORITHM is HS256: set JWT_ACCESS_ALGORITHM=EdDSA or ES256, or remove ${name}`,
        );
    }
    return { algorithm, usingDevKey: false };
  }
  let pem = env.JWT_ACCESS_PRIVATE_KEY;
  const usingDevKey = !pem;
  if (!pem) {
    if (production || !devAccessKey) {
      throw new ConfigError(
        `JWT_ACCESS_PRIVATE_KEY is required with JWT_ACCESS_ALGORITHM=${algorithm} (a PKCS#8 PEM of ${KEY_KIND[algorithm]}; only NODE_ENV=development generates it)`,
      );
    }
    pem = devAccessKey(algorithm);
  }
  const privateKey = privateKeyOf(pem, algorithm);
  const previous = env.JWT_ACCESS_PREVIOUS_PUBLIC_KEY ? previousKeyOf(env.JWT_ACCESS_PREVIOUS_PUBLIC_KEY) : undefined;
  return { algorithm, keyPair: { algorithm, privateKey, previous }, usingDevKey };
}
