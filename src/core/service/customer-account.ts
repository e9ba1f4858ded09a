// A signed-in customer's own account: the name, the e-mail address (confirmed by a code mailed to
// the new one), deletion, and a copy of its data.
import {
  changeEmailRequest,
  codeRequest,
  deleteCustomerRequest,
  updateCustomerRequest,
} from '../../contract/customer-schemas';
import type { ClientInfo } from '../ports';
import { AuthError } from '../auth-error';
import { mailTextFor } from '../mail-texts';
import { parseInput } from '../validation';
import type { ServiceDeps } from './deps';
import { auditEntry, selfCause, subjectOf } from './audit';
import type { createCustomerSignUp } from './customer-sign-up';
import { createCustomerExport, type JsonPieces } from './customer-export';
import { customerCodeMail, emailChangedMail, emailTakenMail } from './customer-mail';
import { createOneTimeCodes } from './one-time-codes';
import { createOwnSettings } from './own-settings';
import { createPasswordConfirmation } from './password-confirmation';
import type { Principal } from './principal';
import { customerProfileOf } from './profiles';

export const EMAIL_CHANGE_MESSAGE = 'If the new address can be used, a code to confirm it has been sent to it.';

type SignUp = ReturnType<typeof createCustomerSignUp>;

export function createCustomerAccount(deps: ServiceDeps, signUp: SignUp) {
  const { config, accounts, customers, limiter, mailer, clock, logger, defer, sessionListing, audit } = deps;
  const codes = createOneTimeCodes(deps);
  const exportOf = createCustomerExport({ sessionListing, audit });
  const confirmPassword = createPasswordConfirmation(deps);
  const settings = createOwnSettings(deps);
  const reread = async (id: string) => {
    const account = await accounts.findById('customer', id);
    if (!account) throw new AuthError('invalid_token');
    return account;
  };

  async function updateMe(principal: Principal, body: unknown) {
    const { account, client } = principal;
    const input = parseInput(updateCustomerRequest, body);
    if (input.name !== undefined) {
      const event = auditEntry('account_changed', subjectOf(account), selfCause(account, client), {
        changed: ['name'],
      });
      await customers.rename(account.id, input.name, clock.now(), event);
    }
    if (input.locale !== undefined) await settings.saveLocale(principal, input.locale);
    return { customer: customerProfileOf(await reread(account.id)) };
  }

  /** The customer proves it is the owner: its password, or a sign-in code mailed to its address. */
  async function confirmOwner({ account }: Principal, body: unknown, client: ClientInfo, purpose: string) {
    const input = parseInput(deleteCustomerRequest, body);
    if ('password' in input) await confirmPassword({ account, client }, input.password, purpose);
    else await signUp.accountByCode({ email: account.email, code: input.code }, 'sign_in');
  }

  async function deleteMe(principal: Principal, body: unknown, client: ClientInfo) {
    const { account } = principal;
    await confirmOwner(principal, body, client, 'deleteAccount');
    // The event keeps the account id only: the e-mail and name go with the row.
    await customers.remove(
      account.id,
      clock.now(),
      auditEntry('account_deleted', subjectOf(account), selfCause(account, client)),
    );
    logger.info({ event: 'customer_deleted', role: 'customer', accountId: account.id }, 'customer account deleted');
  }

  /** The whole export, as JSON text read and written a page at a time. */
  function exportMe({ account }: Principal): JsonPieces {
    return exportOf(account, clock.now());
  }

  /** The generic answer at once; a code to the new address, or a notice when another customer holds it. */
  async function changeEmail({ account }: Principal, body: unknown, client: ClientInfo) {
    const input = parseInput(changeEmailRequest, body);
    await confirmPassword({ account, client }, input.password, 'changeEmail');
    defer('customer-email-change', async () => {
      if (!(await limiter.allowCodeMail('customer', input.new_email))) return;
      const holder = await accounts.findByEmail('customer', input.new_email);
      if (holder?.emailVerified) {
        await mailer.send(emailTakenMail(mailTextFor(deps, holder, client), holder.email, holder.name));
        return;
      }
      const ttl = config.customers.codeTtl;
      const code = await codes.issue(account, 'email_change', input.new_email, ttl);
      if (code !== null)
        await mailer.send(
          customerCodeMail(mailTextFor(deps, account, client), 'email_change', {
            to: input.new_email,
            name: account.name,
            code,
            ttlSeconds: ttl,
          }),
        );
    });
    return { success: true as const, message: EMAIL_CHANGE_MESSAGE };
  }

  async function verifyEmailChange({ account, client }: Principal, body: unknown) {
    const input = parseInput(codeRequest, body);
    const spent = await codes.spend(account, 'email_change', input.code);
    if (!spent?.sentTo) throw new AuthError('invalid_code', 'The code is wrong, expired or already used.');
    const event = auditEntry('email_changed', subjectOf(account), selfCause(account, client));
    if (!(await customers.changeEmail(account.id, spent.sentTo, clock.now(), event))) {
      throw new AuthError('conflict', 'Another account holds that address now.');
    }
    const text = mailTextFor(deps, account, client);
    defer('customer-email-changed-notice', () => mailer.send(emailChangedMail(text, account.email, account.name)));
    return { customer: customerProfileOf(await reread(account.id)) };
  }

  return { updateMe, confirmOwner, deleteMe, exportMe, changeEmail, verifyEmailChange };
}
