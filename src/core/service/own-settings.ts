// The caller's own settings: the language of its pages and mails (PATCH /auth/<role>/me).
import { updateMeRequest } from '../../contract/auth-schemas';
import type { Locale } from '../../contract/locales';
import { AuthError } from '../auth-error';
import type { AccountRecord } from '../ports';
import { parseInput } from '../validation';
import { auditEntry, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';

export function createOwnSettings(deps: Pick<ServiceDeps, 'accounts' | 'clock'>) {
  /** Saves the account's language and answers the account read afresh. */
  async function saveLocale({ account, client }: Principal, locale: Locale): Promise<AccountRecord> {
    const event = auditEntry('account_changed', subjectOf(account), selfCause(account, client), {
      changed: ['locale'],
    });
    await deps.accounts.setLocale(account.role, account.id, locale, deps.clock.now(), event);
    const saved = await deps.accounts.findById(account.role, account.id);
    if (!saved) throw new AuthError('invalid_token');
    return saved;
  }

  /** Staff's `PATCH /auth/<role>/me`: the body's settings saved, the account as it is now. */
  const updateStaffMe = (principal: Principal, body: unknown) =>
    saveLocale(principal, parseInput(updateMeRequest, body).locale);

  return { saveLocale, updateStaffMe };
}
