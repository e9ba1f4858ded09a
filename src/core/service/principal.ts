// Who is calling: an access token checked against the account's current state.
import { AuthError } from '../errors';
import type { AccountRecord, ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';

export interface Principal {
  account: AccountRecord;
  /** Where the request came from: what the audit trail records for the changes it makes. */
  client: ClientInfo;
  /** A PIN sign-in's terminal: the session sees only that terminal and does POS work only. */
  terminalId?: string;
  /** How the session signed in (`pin`); absent for a password sign-in. */
  amr?: string[];
}

export function createAuthenticate({ tokens, accounts, terminals }: Pick<ServiceDeps, 'tokens' | 'accounts' | 'terminals'>) {
  /** The account behind a valid access token of `role`; disabled or reset accounts are refused. */
  return async function authenticate(role: Role, accessToken: string, client: ClientInfo = {}): Promise<Principal> {
    const claims = await tokens.verifyAccess(accessToken, role);
    const account = await accounts.findById(role, claims.sub);
    if (!account || account.disabled || account.tokenVersion !== claims.ver) throw new AuthError('invalid_token');
    if (claims.terminal_id === undefined) return { account, client };
    // A PIN session lives no longer than its terminal's pairing: unpairing or pairing again ends it at once.
    const pairedAt = await terminals.pairedAt(claims.terminal_id);
    if (!pairedAt || Math.floor(pairedAt.getTime() / 1000) > (claims.iat ?? 0)) throw new AuthError('invalid_token');
    return { account, client, terminalId: claims.terminal_id, amr: claims.amr ?? [] };
  };
}
