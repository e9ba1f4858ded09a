// The signed-in account's password asked again (a change of password, removing a factor): checked
// like a sign-in, so a wrong one counts toward the same login limits and is 401 invalid_credentials.
import { AuthError } from '../errors';
import type { AccountRecord, ClientInfo } from '../ports';
import type { ServiceDeps } from './deps';

export function createPasswordConfirmation({ hasher, limiter, logger }: Pick<ServiceDeps, 'hasher' | 'limiter' | 'logger'>) {
  return async function confirmPassword(account: AccountRecord, password: string, client: ClientInfo, operation: string): Promise<void> {
    const { role } = account;
    await limiter.assertLoginAllowed(role, account.email, client.ip);
    if (!(await hasher.verify(password, account.passwordHash))) {
      await limiter.recordLoginFailure(role, account.email, client.ip);
      logger.warn({ event: `${operation}_refused`, role, accountId: account.id }, 'wrong current password');
      throw new AuthError('invalid_credentials', 'The current password is wrong.');
    }
    await limiter.refundLogin(role, account.email, client.ip);
  };
}
