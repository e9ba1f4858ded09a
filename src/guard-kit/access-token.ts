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
  /**
   * A guest session's token (role `customer`): `accountId` is then a guest id, with no account or
   * e-mail behind it; `customer.guest_converted` later names the customer it became.
   */
  guest: boolean;
  /** Issued at and expiry, seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /**
   * An app's token: the app (`client_id`) acting for the person, with the scopes granted; `modules` and
   * `modulePermissions` are then the business scopes, and `authorize` applies exactly them.
   */
  clientId?: string;
  scopes?: readonly string[];
}

export interface VerifierOptions {
  apiUrl: string;
  /** HS256 only: the auth service's JWT_ACCESS_SECRET. Without it the keys come from the JWKS. */
  accessSecret?: string;
  issuer: string;
  audience: string;
  /** The service's own resource indicator: app tokens for it are accepted, from `appIssuer`; without it, none is. */
  resource?: string;
  appIssuer: string;
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

/** An app token's principal: the person, their business, and the business scopes as modules and actions. */
function appPrincipalOf(payload: JWTPayload, role: 'vendor' | 'customer', clientId: string): GuardPrincipal {
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
  const modulePermissions: Record<string, string[]> = {};
  for (const scope of scopes) {
    const [module, action] = scope.split(':');
    if (action !== undefined && module) (modulePermissions[module] ??= []).push(action);
  }
  return {
    role,
    accountId: payload.sub!,
    type: optionalString(payload.acct),
    vendorId: optionalString(payload.vendor_id),
    modules: Object.keys(modulePermissions),
    modulePermissions,
    amr: [],
    sessionId: optionalString(payload.sid),
    issuedAt: payload.iat ?? 0,
    expiresAt: payload.exp ?? 0,
    clientId,
    scopes,
    // A guest holds no account, so it grants no app.
    guest: false,
  };
}

const audienceHas = (payload: JWTPayload, audience: string | undefined) =>
  audience !== undefined &&
  (payload.aud === audience || (Array.isArray(payload.aud) && payload.aud.includes(audience)));

/**
 * The principal an access token's claims name; anything that is not a well-formed access token is invalid_token. An
 * app's token (it names its `client_id`) must come from the authorization server and be for the service's resource;
 * the service's own, from its issuer for the platform's audience.
 */
export function principalOf(
  payload: JWTPayload,
  expect?: Pick<VerifierOptions, 'issuer' | 'audience' | 'resource' | 'appIssuer'>,
): GuardPrincipal {
  const role = payload.role;
  if (typeof payload.client_id === 'string') {
    if (
      (role !== 'vendor' && role !== 'customer') ||
      typeof payload.sub !== 'string' ||
      (expect && (payload.iss !== expect.appIssuer || !audienceHas(payload, expect.resource)))
    )
      throw new GuardError('invalid_token');
    return appPrincipalOf(payload, role, payload.client_id);
  }
  if (expect && (payload.iss !== expect.issuer || !audienceHas(payload, expect.audience)))
    throw new GuardError('invalid_token');
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
    guest: payload.guest === true,
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
  // The service's own tokens and, when it names its resource, apps' tokens for it (principalOf tells
  // them apart); a manager's approval comes from the service alone.
  const apps = options.resource !== undefined;
  const optionsOf = (typ: string, withApps: boolean) => {
    const claims = {
      issuer: withApps ? [options.issuer, options.appIssuer] : options.issuer,
      audience: withApps ? [options.audience, options.resource!] : options.audience,
      typ,
      requiredClaims: ['sub', 'iat', 'exp'],
    };
    return {
      sharedSecret: { ...claims, algorithms: ['HS256'] },
      publishedKeys: { ...claims, algorithms: ['EdDSA', 'ES256'] },
    };
  };
  const accessOptions = optionsOf('at+jwt', apps);
  const approvalOptions = optionsOf('approval+jwt', false);

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
    access: async (token: string): Promise<GuardPrincipal> =>
      principalOf(await payloadOf(token, accessOptions), apps ? options : undefined),
    /** The claims of a manager's approval (`typ: approval+jwt`), signed with the same keys. */
    approval: (token: string): Promise<JWTPayload> => payloadOf(token, approvalOptions),
  };
}
