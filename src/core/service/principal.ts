// Who is calling: an access token checked against the account's current state.
import { AuthError } from '../errors';
import type { AccountRecord, ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';

export interface Principal {
  account: AccountRecord;
  /** Where the request came from: what the audit trail records for the changes it makes. */
  client: ClientInfo;
}

export function createAuthenticate({ tokens, accounts }: Pick<ServiceDeps, 'tokens' | 'accounts'>) {
  /** The account behind a valid access token of `role`; disabled or reset accounts are refused. */
  return async function authenticate(role: Role, accessToken: string, client: ClientInfo = {}): Promise<Principal> {
    const claims = await tokens.verifyAccess(accessToken, role);
    const account = await accounts.findById(role, claims.sub);
    if (!account || account.disabled || account.tokenVersion !== claims.ver) throw new AuthError('invalid_token');
    return { account, client };
  };
}
