// "This wasn't me": the new-device mail's link, used once, ends the sign-in it was about at once (its
// access tokens are refused from the next request on, by every instance) and starts a password
// reset, whose code is mailed as the reset's first step mails it. The device is forgotten, so a
// later sign-in from it is new again.
import { AuthError } from '../auth-error';
import { secretHashOf } from '../client-secrets';
import type { ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import { anonymousCause, auditEntry, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import type { createPasswordReset } from './password-reset';

export const NOT_ME_MESSAGE =
  'That sign-in has ended. A code to reset your password is on its way to your e-mail address.';

export function createNotMe(deps: ServiceDeps, requestReset: ReturnType<typeof createPasswordReset>['requestReset']) {
  const { newDevices, accounts, sessions, clock, logger } = deps;

  return async function disownSignIn(role: Role, token: string, client: ClientInfo = {}) {
    const now = clock.now();
    const notice = await newDevices.spendNotice(role, secretHashOf(token), now);
    const account = notice && (await accounts.findById(role, notice.accountId));
    if (!notice || !account) throw new AuthError('invalid_link', 'This link is wrong, expired or was used already.');
    const event = auditEntry('new_device_disowned', subjectOf(account), anonymousCause(client), {
      session_id: notice.familyId,
    });
    await sessions.revokeFamily(notice.familyId, now, event);
    await newDevices.forgetDevice(role, account.id, notice.deviceKey);
    logger.warn(
      { event: 'new_device_disowned', role, accountId: account.id, familyId: notice.familyId },
      'new-device sign-in disowned: session ended, reset started',
    );
    requestReset(role, { email: account.email, type: account.type }, client);
    return { success: true as const, message: NOT_ME_MESSAGE };
  };
}
