// Verifying an access token without calling the auth service: the signature (a public key from the
// JWKS, or the shared secret under HS256), the header and the claims, and the principal they name.
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { GuardError } from './guard-error';

/** Who a verified access token speaks for, in the words of the auth service's profiles. */
export interface GuardPrincipal {
  role: 'admin' | 'vendor' | 'customer';
  accountId: string;
  /** admin_type or vendor_type (`super_admin`, `admin`, `owner`, `employee`); undefined for customers. */
  type?: string;
  vendorId?: string;
  modules: readonly string[];
  /** Employees only: module key to the actions they may do in it. */
  modulePermissions: Readonly<Record<string, readonly string[]>>;
  /**
   * The stores the account works in, when the token names them; undefined: not restricted by the token (owners,
   * admins).
   */
  stores?: readonly string[];
  /** The POS terminal of a PIN sign-in. */
  terminalId?: string;
  /** How the session signed in (RFC 8176): `["pin"]` for a PIN at a till; empty for a password. */
  amr: readonly string[];
  /** The session (sign-in) the token belongs to: what ending a session revokes. */
  sessionId?: string;
  /** Issued at and expiry, seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface VerifierOptions {
  apiUrl: string;
  /** HS256 only: the auth service's JWT_ACCESS_SECRET. Without it the keys come from the JWKS. */
  accessSecret?: string;
  issuer: string;
  audience: string;
  /** Counts each fetch of the key set. */
  onKeyFetch: () => void;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

function permissionsOf(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([module, actions]) => [module, strings(actions)]),
  );
}

/** The principal an access token's claims name; anything that is not a well-formed access token is invalid_token. */
export function principalOf(payload: JWTPayload): GuardPrincipal {
  const role = payload.role;
  if (
    payload.purpose !== 'access' ||
    (role !== 'admin' && role !== 'vendor' && role !== 'customer') ||
    typeof payload.sub !== 'string'
  ) {
    throw new GuardError('invalid_token');
  }
  const stores = Array.isArray(payload.store_ids) ? strings(payload.store_ids) : undefined;
  return {
    role,
    accountId: payload.sub,
    type: optionalString(payload.acct),
    vendorId: optionalString(payload.vendor_id),
    modules: strings(payload.modules),
    modulePermissions: permissionsOf(payload.module_permissions),
    stores,
    terminalId: optionalString(payload.terminal_id),
    amr: strings(payload.amr),
    sessionId: optionalString(payload.sid),
    issuedAt: payload.iat ?? 0,
    expiresAt: payload.exp ?? 0,
  };
}

/** A verifier of access tokens; the JWKS is fetched once and again only for a `kid` it does not know (jose's cache). */
export function createVerifier(options: VerifierOptions) {
  const jwksUrl = new URL(
    'api/v1/.well-known/jwks.json',
    options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
  );
  const remote = createRemoteJWKSet(jwksUrl, {
    [customFetch]: (url, init) => {
      options.onKeyFetch();
      return fetch(url, init);
    },
  });
  // Imported once: jose would import a raw secret again on every verification (half the kit's time).
  const secret =
    options.accessSecret === undefined
      ? undefined
      : crypto.subtle.importKey(
          'raw',
          new TextEncoder().encode(options.accessSecret),
          { name: 'HMAC', hash: 'SHA-256' },
          false,
          ['verify'],
        );
  // The options built once as well: a new object per call cost the kit 4-9 % of its rate against a
  // bare verification of the same token (decision 0021).
  const optionsOf = (typ: string) => {
    const claims = { issuer: options.issuer, audience: options.audience, typ, requiredClaims: ['sub', 'iat', 'exp'] };
    return {
      sharedSecret: { ...claims, algorithms: ['HS256'] },
      publishedKeys: { ...claims, algorithms: ['EdDSA', 'ES256'] },
    };
  };
  const accessOptions = optionsOf('at+jwt');
  const approvalOptions = optionsOf('approval+jwt');

  /** The verified payload of a token of one `typ`; GuardError invalid_token or token_expired otherwise. */
  async function payloadOf(token: string, { sharedSecret, publishedKeys }: typeof accessOptions): Promise<JWTPayload> {
    if (token.length === 0 || token.length > 8192) throw new GuardError('invalid_token');
    try {
      const { payload } = secret
        ? await jwtVerify(token, await secret, sharedSecret)
        : await jwtVerify(token, remote, publishedKeys);
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new GuardError('token_expired');
      throw new GuardError('invalid_token');
    }
  }

  return {
    /** The principal of an access token (`typ: at+jwt`). */
    access: async (token: string): Promise<GuardPrincipal> => principalOf(await payloadOf(token, accessOptions)),
    /** The claims of a manager's approval (`typ: approval+jwt`), signed with the same keys. */
    approval: (token: string): Promise<JWTPayload> => payloadOf(token, approvalOptions),
  };
}
