// The asymmetric keys of access tokens (EdDSA or ES256): the private key that signs, the public keys
// that verify (the current one and, during a rotation, the previous one), and their JWKS.
import {
  calculateJwkThumbprint,
  exportJWK,
  importJWK,
  importPKCS8,
  importSPKI,
  type CryptoKey,
  type JWK,
  type JWSHeaderParameters,
} from 'jose';

export type AsymmetricAlgorithm = 'EdDSA' | 'ES256';
export type AccessAlgorithm = 'HS256' | AsymmetricAlgorithm;
export const ACCESS_ALGORITHMS = ['HS256', 'EdDSA', 'ES256'] as const satisfies readonly AccessAlgorithm[];

/** An asymmetric access-token configuration: PEM texts, checked by the configuration module. */
export interface AccessKeyPair {
  algorithm: AsymmetricAlgorithm;
  /** PKCS#8 PEM. */
  privateKey: string;
  /** The key that signed before the last rotation (SPKI PEM) and its algorithm: it verifies, never signs. */
  previous?: { publicKey: string; algorithm: AsymmetricAlgorithm };
}

/** A public key as the JWKS publishes it: RFC 7638 thumbprint as `kid`, with `alg` and `use`. */
export type PublishedKey = JWK & { kid: string; alg: AsymmetricAlgorithm; use: 'sig' };

interface VerifyingKey {
  jwk: PublishedKey;
  key: CryptoKey;
  previous: boolean;
}

async function published(publicJwk: JWK, alg: AsymmetricAlgorithm): Promise<PublishedKey> {
  const { kty, crv, x, y } = publicJwk;
  const bare: JWK = y === undefined ? { kty, crv, x } : { kty, crv, x, y };
  return { ...bare, kid: await calculateJwkThumbprint(bare), alg, use: 'sig' };
}

async function loadKeys(pair: AccessKeyPair) {
  const signing = await importPKCS8(pair.privateKey, pair.algorithm);
  // The public half, taken from the private key so the two can never disagree.
  const { d: _private, ...publicJwk } = await exportJWK(
    await importPKCS8(pair.privateKey, pair.algorithm, { extractable: true }),
  );
  const current = await published(publicJwk, pair.algorithm);
  const verifying: VerifyingKey[] = [
    { jwk: current, key: (await importJWK(current, pair.algorithm)) as CryptoKey, previous: false },
  ];
  if (pair.previous) {
    const key = await importSPKI(pair.previous.publicKey, pair.previous.algorithm, { extractable: true });
    const jwk = await published(await exportJWK(key), pair.previous.algorithm);
    if (jwk.kid !== current.kid) verifying.push({ jwk, key, previous: true });
  }
  return { signing, kid: current.kid, verifying };
}

/**
 * The access-token keys of one configuration, imported once. `previousOpen` says whether the
 * previous key's window (JWT_SECRET_PREVIOUS_UNTIL) is still open: it verifies and is published
 * only while it is.
 */
export function createAccessKeys(pair: AccessKeyPair, previousOpen: () => boolean) {
  const loaded = loadKeys(pair);
  loaded.catch(() => undefined); // a failure surfaces at first use, not as an unhandled rejection
  const usable = (k: VerifyingKey) => !k.previous || previousOpen();

  return {
    algorithm: pair.algorithm,
    /** The algorithms a verifier may accept: the current key's and, while open, the previous key's. */
    async algorithms(): Promise<AsymmetricAlgorithm[]> {
      return [...new Set((await loaded).verifying.filter(usable).map((k) => k.jwk.alg))];
    },
    async signingKey(): Promise<{ key: CryptoKey; kid: string }> {
      const { signing, kid } = await loaded;
      return { key: signing, kid };
    },
    /**
     * The verifying key a token's header names by `kid` and `alg`, and whether it is the previous one; undefined when
     * none.
     */
    async verifyingKey(header: JWSHeaderParameters): Promise<VerifyingKey | undefined> {
      const found = (await loaded).verifying.find((k) => k.jwk.kid === header.kid && k.jwk.alg === header.alg);
      return found && usable(found) ? found : undefined;
    },
    async jwks(): Promise<{ keys: PublishedKey[] }> {
      return { keys: (await loaded).verifying.filter(usable).map((k) => k.jwk) };
    },
  };
}

export type AccessKeys = ReturnType<typeof createAccessKeys>;
