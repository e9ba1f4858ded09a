// A signed-in account changing its own password: the current password is checked like a sign-in
// (a wrong one is a failed login for the limits), then every earlier session ends, the caller gets
// a new pair in a new session, and the account is mailed a notice.
import type { ClientInfo } from '../ports';
import { changePasswordRequest, type TokenPair } from '../../contract/auth-schemas';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { auditEntry, selfCause, subjectOf } from './audit';
import { assertNotPinSession } from './operation-access';
import { createPasswordChangedNotice } from './password-changed-notice';
import { createPasswordConfirmation } from './password-confirmation';
import { assertAcceptablePassword } from './password-policy';
import type { Principal } from './principal';
import type { createSessions } from './sessions';

type Deps = Pick<
  ServiceDeps,
  'accounts' | 'hasher' | 'limiter' | 'clock' | 'logger' | 'mailer' | 'defer' | 'mailTexts' | 'config'
>;

export function createOwnPasswordChange(deps: Deps, startSession: ReturnType<typeof createSessions>['startSession']) {
  const { accounts, hasher, clock, logger } = deps;
  const noticeOfChange = createPasswordChangedNotice(deps);
  const confirmPassword = createPasswordConfirmation(deps);

  return async function changeOwnPassword(principal: Principal, body: unknown, client: ClientInfo): Promise<TokenPair> {
    // A PIN session at a till may not change the account's password (403 step_up_required).
    assertNotPinSession(principal, 'changePassword');
    const { account } = principal;
    const { role } = account;
    const input = parseInput(changePasswordRequest, body);
    await confirmPassword(principal, input.current_password, 'changePassword');
    assertAcceptablePassword(input.new_password, 'new_password');
    // Ends every earlier session and refuses earlier access tokens, in one step.
    const audit = auditEntry('password_changed', subjectOf(account), selfCause(account, client));
    await accounts.replacePassword(role, account.id, await hasher.hash(input.new_password), clock.now(), audit);
    const changed = (await accounts.findById(role, account.id)) ?? account;
    noticeOfChange(changed, client);
    logger.info({ event: 'password_changed', role, accountId: account.id }, 'own password changed');
    return startSession(changed, client, 'password_changed_session');
  };
}
