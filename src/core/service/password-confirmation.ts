// A signed-in account confirming a sensitive change with its password: checked like a sign-in, so
// a wrong password counts against the same limits and a caller holding a stolen access token
// cannot guess the password through these routes any faster than through login.
import { AuthError } from '../auth-error';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';

type Deps = Pick<ServiceDeps, 'hasher' | 'limiter' | 'logger'>;

export function createPasswordConfirmation({ hasher, limiter, logger }: Deps) {
  /** Passes when `password` is the account's; 401 invalid_credentials (or 429 past the limits) otherwise. */
  return async function confirmPassword(
    { account, client }: Pick<Principal, 'account' | 'client'>,
    password: string,
    purpose: string,
  ): Promise<void> {
    const { role, email, id } = account;
    await limiter.assertLoginAllowed(role, email, client.ip);
    // An empty hash (a customer's discarded registration password) matches nothing.
    if (!account.passwordHash || !(await hasher.verify(password, account.passwordHash))) {
      await limiter.recordLoginFailure(role, email, client.ip);
      logger.warn({ event: 'password_confirmation_refused', role, accountId: id, purpose }, 'wrong current password');
      throw new AuthError('invalid_credentials', 'The current password is wrong.');
    }
    await limiter.refundLogin(role, email, client.ip);
  };
}
