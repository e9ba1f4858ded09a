// Who is calling: an access token checked against the account's and its session's current state.
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { AccessClaims } from '../tokens';
import type { ServiceDeps } from './deps';
import { createGuestHolders } from './guest-holders';

export interface Principal {
  account: AccountRecord;
  /** Where the request came from: what the audit trail records for the changes it makes. */
  client: ClientInfo;
  /** A PIN sign-in's terminal: the session sees only that terminal and does POS work only. */
  terminalId?: string;
  /** How the session signed in (`pin`); absent for a password sign-in. */
  amr?: string[];
}

type StateDeps = Pick<ServiceDeps, 'accounts' | 'sessions' | 'terminals' | 'guests' | 'clock' | 'config'>;

/** Which holders a check lets through: `guests` also a guest session's (the routes that need no account). */
export interface CheckOptions {
  guests?: boolean;
}

/**
 * The one rule for access tokens: a token is good while its account is enabled at the token's
 * version, its session (`sid`) has not ended, and a PIN session's terminal is still paired as
 * when it was issued. A token without `sid` (issued before the claim existed) answers to the
 * account rules only, until it expires. The reads go through ports whose adapters may answer from
 * a cache that every change to these states invalidates.
 */
async function accountIfCurrent(deps: StateDeps, role: Role, claims: AccessClaims): Promise<AccountRecord> {
  const { accounts, sessions, terminals } = deps;
  const [account, family, pairedAt] = await Promise.all([
    claims.guest ? createGuestHolders(deps)(claims.sub) : accounts.findById(role, claims.sub),
    claims.sid === undefined ? undefined : sessions.familyState(claims.sid),
    claims.terminal_id === undefined ? undefined : terminals.pairedAt(claims.terminal_id),
  ]);
  if (!account || account.disabled || account.tokenVersion !== claims.ver) throw new AuthError('invalid_token');
  if (family !== undefined && (!family || family.revoked || family.role !== role || family.accountId !== claims.sub))
    throw new AuthError('invalid_token');
  // A PIN session lives no longer than its terminal's pairing: unpairing or pairing again ends it at once.
  if (pairedAt !== undefined && (!pairedAt || Math.floor(pairedAt.getTime() / 1000) > (claims.iat ?? 0)))
    throw new AuthError('invalid_token');
  return account;
}

export function createAuthenticate(deps: StateDeps & Pick<ServiceDeps, 'tokens'>) {
  /**
   * A live access token's claims and principal: the one check of this service's routes and of
   * introspection. A guest's token has no account behind it: it passes only with `guests`, else it
   * is 401 invalid_token, as a token of no account (docs/decisions/0047-guest-sessions.md).
   */
  async function check(
    role: Role,
    accessToken: string,
    client: ClientInfo = {},
    options: CheckOptions = {},
  ): Promise<{ claims: AccessClaims; principal: Principal }> {
    const claims = await deps.tokens.verifyAccess(accessToken, role);
    if (claims.guest && !options.guests)
      throw new AuthError('invalid_token', 'A guest session has no account: sign up or sign in first.');
    const account = await accountIfCurrent(deps, role, claims);
    if (claims.terminal_id === undefined) return { claims, principal: { account, client } };
    return { claims, principal: { account, client, terminalId: claims.terminal_id, amr: claims.amr ?? [] } };
  }
  /** The account behind a valid access token of `role`; disabled, reset or signed-out sessions are refused. */
  async function authenticate(
    role: Role,
    accessToken: string,
    client: ClientInfo = {},
    options: CheckOptions = {},
  ): Promise<Principal> {
    return (await check(role, accessToken, client, options)).principal;
  }
  return Object.assign(authenticate, { check });
}
