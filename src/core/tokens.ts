// Signing and verification of the JWT kinds (access, refresh, reset, second-factor step, approval).
// Every verifier checks the algorithm, the `typ` header, iss, aud, expiry, the purpose claim and the
// role, so no token serves another use.
import { SignJWT, errors, jwtVerify, type JWSHeaderParameters, type JWTPayload } from 'jose';
import { createAccessKeys, type AccessKeyPair } from './access-keys';
import { signHs256 } from './hs256';
import { AuthError } from './auth-error';
import { Lru } from './lru';
import { type ErrorCode } from '../contract/error-catalogue';
import type { Role } from '../contract/auth-schemas';
import type { Clock } from './ports';
import type { AccessClaims, ApprovalClaims, MfaClaims, RefreshClaims, ResetClaims } from './token-claims';

export type TokenPurpose = 'access' | 'refresh' | 'password_reset' | 'mfa' | 'approval';

const TYP: Record<TokenPurpose, string> = {
  access: 'at+jwt',
  refresh: 'rt+jwt',
  password_reset: 'reset+jwt',
  mfa: 'mfa+jwt',
  approval: 'approval+jwt',
};
const FAILURE: Record<TokenPurpose, ErrorCode> = {
  access: 'invalid_token',
  refresh: 'invalid_refresh_token',
  password_reset: 'invalid_reset_token',
  mfa: 'invalid_token',
  approval: 'invalid_token',
};
/** Access tokens and approvals are signed with the access key, so the platform's services verify both from the JWKS. */
const withAccessKey = (purpose: TokenPurpose) => purpose === 'access' || purpose === 'approval';

export type { AccessClaims, ApprovalClaims, MfaClaims, RefreshClaims, ResetClaims } from './token-claims';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Three unpadded base64url segments, each in its one canonical spelling. jose alone accepts a
 * padded signature (`sig=`), surrounding whitespace and altered unused trailing bits, so one token
 * would have several spellings that all verify.
 */
function isCanonicalCompactJws(token: string): boolean {
  return (
    COMPACT_JWS.test(token) && token.split('.').every((s) => Buffer.from(s, 'base64url').toString('base64url') === s)
  );
}

export interface TokenSettings {
  accessSecret: string;
  refreshSecret: string;
  accessTtl: number;
  issuer: string;
  audience: string;
  /** Secrets before a rotation: they verify, never sign, until `previousUntil` (if set) passes. */
  previousAccessSecret?: string;
  previousRefreshSecret?: string;
  previousUntil?: Date;
  /**
   * Access tokens signed with an asymmetric key (EdDSA or ES256) instead of `accessSecret`, so the
   * platform's other services verify them from the public keys alone. Undefined: HS256.
   */
  accessKeyPair?: AccessKeyPair;
  /**
   * Access tokens whose signature and claims were verified, kept so that the next request with the
   * same token skips the HMAC (an access token is sent many times in its life); 0 keeps none.
   */
  verifiedAccessTokens?: number;
}

/** A verified access token's claims, and whether it verified only with the previous secret. */
interface Verified {
  payload: JWTPayload;
  withPrevious: boolean;
}

/**
 * The secret as a Web Crypto HMAC key, imported once: given raw bytes, jose imports a key on every
 * sign and verify, which roughly doubled their cost (measured: docs/decisions/0006-performance.md).
 */
function hmacKey(secret: string): Promise<CryptoKey> {
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  key.catch(() => undefined); // a failure surfaces at first use, not as an unhandled rejection
  return key;
}

/** A secret as it signs (in process) and verifies (through jose), with the one it replaced, if any. */
function hmacSecrets(secret: string, previous: string | undefined) {
  return { secret, key: hmacKey(secret), previousKey: previous ? hmacKey(previous) : undefined };
}

export function createTokenService(settings: TokenSettings, clock: Clock) {
  const access = hmacSecrets(settings.accessSecret, settings.previousAccessSecret);
  const refresh = hmacSecrets(settings.refreshSecret, settings.previousRefreshSecret);
  /** Refresh tokens have a secret of their own; every other HS256 kind uses the access secret. */
  const secretsOf = (purpose: TokenPurpose) => (purpose === 'refresh' ? refresh : access);
  /** The key a token signed before the last rotation verifies with, while the window is open. */
  const previousOpen = () => !settings.previousUntil || clock.now() < settings.previousUntil;
  const previousKeyFor = (purpose: TokenPurpose) => (previousOpen() ? secretsOf(purpose).previousKey : undefined);
  const accessKeys = settings.accessKeyPair && createAccessKeys(settings.accessKeyPair, previousOpen);

  // Claims are written in a fixed order and iat/exp are explicit, so signing the same claims
  // again yields the same token: the refresh grace period relies on it.
  async function sign(
    purpose: TokenPurpose,
    claims: Record<string, unknown>,
    iat: number,
    exp: number,
  ): Promise<string> {
    const payload = { ...claims, purpose, iss: settings.issuer, aud: settings.audience, iat, exp };
    if (withAccessKey(purpose) && accessKeys) {
      const { key, kid } = await accessKeys.signingKey();
      return new SignJWT(payload).setProtectedHeader({ alg: accessKeys.algorithm, typ: TYP[purpose], kid }).sign(key);
    }
    return signHs256(secretsOf(purpose).secret, { typ: TYP[purpose] }, payload);
  }

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const verifiedAccess = new Lru<string, Verified>(settings.verifiedAccessTokens ?? 0);

  /**
   * The same token string verified before: its signature and every claim but the time-bound ones
   * were checked then, so only expiry and the previous secret's window are checked again.
   */
  function verifiedBefore(token: string): JWTPayload | undefined {
    const known = verifiedAccess.get(token);
    if (!known) return undefined;
    const { payload, withPrevious } = known;
    const now = nowSeconds();
    const inTime =
      typeof payload.exp === 'number' && payload.exp > now && (payload.nbf === undefined || payload.nbf <= now);
    return inTime && (!withPrevious || previousOpen()) ? payload : undefined;
  }

  async function verify(purpose: TokenPurpose, token: string, role: Role): Promise<JWTPayload> {
    const failure = () => new AuthError(FAILURE[purpose]);
    const payload = (purpose === 'access' && verifiedBefore(token)) || (await verifySignature(purpose, token, failure));
    if (payload.purpose !== purpose || payload.role !== role) throw failure();
    return payload;
  }

  async function verifySignature(purpose: TokenPurpose, token: string, failure: () => AuthError): Promise<JWTPayload> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 8192 || !isCanonicalCompactJws(token))
      throw failure();
    const options = {
      algorithms: ['HS256'],
      typ: TYP[purpose],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'iat', 'exp'],
      currentDate: clock.now(),
    };
    let payload: JWTPayload;
    let withPrevious = false;
    if (withAccessKey(purpose) && accessKeys) {
      // Only the public keys verify: a token signed with JWT_ACCESS_SECRET (HS256) is refused, so
      // that secret, should it leak, mints nothing the platform accepts.
      const algorithms = await accessKeys.algorithms();
      const keyOf = async (header: JWSHeaderParameters) => {
        const found = await accessKeys.verifyingKey(header);
        if (!found) throw failure();
        withPrevious = found.previous;
        return found.key;
      };
      try {
        ({ payload } = await jwtVerify(token, keyOf, { ...options, algorithms }));
      } catch {
        throw failure();
      }
      if (purpose === 'access') verifiedAccess.set(token, { payload: Object.freeze(payload), withPrevious });
      return payload;
    }
    try {
      ({ payload } = await jwtVerify(token, await secretsOf(purpose).key, options));
    } catch (error) {
      const previous = previousKeyFor(purpose);
      // Only a signature made with another key may be the previous secret's; anything else fails as is.
      if (!previous || !(error instanceof errors.JWSSignatureVerificationFailed)) throw failure();
      try {
        ({ payload } = await jwtVerify(token, await previous, options));
        withPrevious = true;
      } catch {
        throw failure();
      }
    }
    if (purpose === 'access') verifiedAccess.set(token, { payload: Object.freeze(payload), withPrevious });
    return payload;
  }

  return {
    accessTtl: settings.accessTtl,

    /** The public keys that verify access tokens now (RFC 7517); none under HS256, whose secret is never published. */
    async jwks() {
      return accessKeys ? accessKeys.jwks() : { keys: [] };
    },

    async signAccess(claims: AccessClaims): Promise<string> {
      const iat = nowSeconds();
      return sign('access', { ...claims }, iat, iat + settings.accessTtl);
    },

    signRefresh(claims: RefreshClaims): Promise<string> {
      const { iat, exp, ...rest } = claims;
      const guest = rest.guest ? { guest: true } : {};
      return sign('refresh', { role: rest.role, fam: rest.fam, jti: rest.jti, sub: rest.sub, ...guest }, iat, exp);
    },

    signReset(claims: ResetClaims): Promise<string> {
      const { iat, exp, ...rest } = claims;
      return sign('password_reset', { role: rest.role, jti: rest.jti, sub: rest.sub }, iat, exp);
    },

    signMfa(claims: MfaClaims): Promise<string> {
      const { iat, exp, ...rest } = claims;
      return sign('mfa', { role: rest.role, jti: rest.jti, sub: rest.sub, ver: rest.ver, enrol: rest.enrol }, iat, exp);
    },

    async verifyMfa(token: string, role: Role): Promise<MfaClaims> {
      const p = await verify('mfa', token, role);
      if (typeof p.jti !== 'string' || typeof p.ver !== 'number' || typeof p.enrol !== 'boolean')
        throw new AuthError('invalid_token');
      return p as unknown as MfaClaims;
    },

    async verifyAccess(token: string, role: Role): Promise<AccessClaims> {
      const p = await verify('access', token, role);
      if (
        typeof p.ver !== 'number' ||
        (p.sid !== undefined && typeof p.sid !== 'string') ||
        (p.guest !== undefined && p.guest !== true)
      )
        throw new AuthError('invalid_token');
      return p as unknown as AccessClaims;
    },

    async verifyRefresh(token: string, role: Role): Promise<RefreshClaims> {
      const p = await verify('refresh', token, role);
      if (typeof p.fam !== 'string' || typeof p.jti !== 'string' || (p.guest !== undefined && p.guest !== true))
        throw new AuthError('invalid_refresh_token');
      return p as unknown as RefreshClaims;
    },

    signApproval(claims: ApprovalClaims): Promise<string> {
      const { iat, exp, ...rest } = claims;
      return sign('approval', { ...rest }, iat, exp);
    },

    async verifyApproval(token: string): Promise<ApprovalClaims> {
      const p = await verify('approval', token, 'vendor');
      if (typeof p.jti !== 'string' || typeof p.action !== 'string' || typeof p.reference !== 'string')
        throw new AuthError('invalid_token');
      return p as unknown as ApprovalClaims;
    },

    async verifyReset(token: string, role: Role): Promise<ResetClaims> {
      const p = await verify('password_reset', token, role);
      if (typeof p.jti !== 'string') throw new AuthError('invalid_reset_token');
      return p as unknown as ResetClaims;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
