// A customer's way in: registration with an e-mailed code, resending it, code sign-in, and the
// gate of a password sign-in on an unverified address. Every route that takes an e-mail alone
// answers the same body at once and does its work (and mail) after the answer, so neither the
// answer nor its time tells whether the address is known.
import type { z } from 'zod';
import type { emailCodeRequest, registerRequest } from '../../contract/customer-schemas';
import { AuthError } from '../auth-error';
import { mailTextFor } from '../mail-texts';
import type { AccountRecord, ClientInfo } from '../ports';
import type { ServiceDeps } from './deps';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import { accountExistsMail, customerCodeMail } from './customer-mail';
import { createOneTimeCodes } from './one-time-codes';
import { assertAcceptablePassword } from './password-policy';
import { customerProfileOf } from './profiles';
import type { createSessions } from './sessions';

export const REGISTER_MESSAGE = 'Check your inbox: if the address can be used, a code to confirm it has been sent.';
export const CODE_MESSAGE = 'If an account with that e-mail address exists, a code has been sent to it.';

type StartSession = ReturnType<typeof createSessions>['startSession'];

export function createCustomerSignUp(deps: ServiceDeps, startSession: StartSession) {
  const { config, accounts, customers, limiter, mailer, hasher, clock, logger, defer } = deps;
  const codes = createOneTimeCodes(deps);
  const record = createAuditRecorder(deps);
  const generic = (message: string, name: string, work: () => Promise<void>) => {
    defer(name, work);
    return { success: true as const, message };
  };

  /** Whether one more mail may go to `email` from this client; a refusal is recorded, never told. */
  async function mayMail(email: string, client: ClientInfo, perAddress: boolean, account: AccountRecord | null) {
    const fromAddress = perAddress ? await limiter.allowRegistration(client.ip) : true;
    if (fromAddress && (await limiter.allowCodeMail('customer', email))) return true;
    logger.warn({ event: 'customer_mail_limited', role: 'customer' }, 'customer mail over its limit: nothing sent');
    const subject = account ? subjectOf(account) : { role: 'customer' as const, accountId: null };
    await record(
      auditEntry('rate_limited', subject, anonymousCause(client), {
        reason: 'rate_limited',
        limit: perAddress ? 'registration' : 'code_mail',
      }),
    );
    return false;
  }

  /** Mails a fresh code of `purpose` to the account's address (none past the cap of wrong codes). */
  async function mailCode(account: AccountRecord, purpose: 'verification' | 'sign_in', client: ClientInfo) {
    const ttl = config.customers.codeTtl;
    const code = await codes.issue(account, purpose, account.email, ttl);
    if (code === null) return;
    const text = mailTextFor(deps, account, client);
    await mailer.send(
      customerCodeMail(text, purpose, { to: account.email, name: account.name, code, ttlSeconds: ttl }),
    );
    logger.info(
      { event: 'customer_code_mail_sent', purpose, role: 'customer', accountId: account.id },
      'customer code sent',
    );
  }

  function register(input: z.output<typeof registerRequest>, client: ClientInfo) {
    // The policy is the same for every address, so refusing a weak password reveals nothing.
    assertAcceptablePassword(input.password);
    return generic(REGISTER_MESSAGE, 'customer-register', async () => {
      const existing = await accounts.findByEmail('customer', input.email);
      if (!(await mayMail(input.email, client, true, existing))) return;
      if (existing?.emailVerified) {
        await mailer.send(accountExistsMail(mailTextFor(deps, existing, client), existing.email, existing.name));
        return;
      }
      const pending = await customers.saveUnverified({
        email: input.email,
        name: input.name,
        passwordHash: await hasher.hash(input.password),
      });
      if (pending) await mailCode(pending, 'verification', client);
    });
  }

  function resendRegistration(email: string, client: ClientInfo) {
    return generic(REGISTER_MESSAGE, 'customer-register-resend', async () => {
      const account = await accounts.findByEmail('customer', email);
      if (!(await mayMail(email, client, true, account))) return;
      if (account && !account.emailVerified) await mailCode(account, 'verification', client);
    });
  }

  function requestLoginCode(email: string, client: ClientInfo) {
    return generic(CODE_MESSAGE, 'customer-login-code', async () => {
      const account = await accounts.findByEmail('customer', email);
      if (!(await mayMail(email, client, false, account))) return;
      if (account && !account.disabled) await mailCode(account, 'sign_in', client);
    });
  }

  /** A live code of `purpose` for the account of `email`, spent; else 401 invalid_code. */
  async function accountByCode(input: z.output<typeof emailCodeRequest>, purpose: 'verification' | 'sign_in') {
    const account = await accounts.findByEmail('customer', input.email);
    if (!account || !(await codes.spend(account, purpose, input.code)))
      throw new AuthError('invalid_code', 'The code is wrong, expired or already used.');
    return account;
  }

  /** The address proved: the account becomes real, and (by a sign-in code) loses a password it may not have chosen. */
  async function verified(account: AccountRecord, client: ClientInfo, via: 'registration' | 'sign_in_code') {
    if (account.emailVerified) return account;
    const audit = auditEntry('account_created', subjectOf(account), selfCause(account, client), { via });
    await customers.markVerified(account.id, clock.now(), via === 'sign_in_code', audit);
    return (await accounts.findById('customer', account.id)) ?? account;
  }

  async function signedIn(account: AccountRecord, client: ClientInfo) {
    if (account.disabled) throw new AuthError('account_disabled', 'This account is disabled.');
    const pair = await startSession(account, client, 'login');
    return { ...pair, customer: customerProfileOf(account) };
  }

  async function verifyRegistration(input: z.output<typeof emailCodeRequest>, client: ClientInfo) {
    const account = await accountByCode(input, 'verification');
    return signedIn(await verified(account, client, 'registration'), client);
  }

  async function verifyLoginCode(input: z.output<typeof emailCodeRequest>, client: ClientInfo) {
    const account = await accountByCode(input, 'sign_in');
    return signedIn(await verified(account, client, 'sign_in_code'), client);
  }

  /** A password sign-in reaches this only with the right password: an unverified address gets a new code and 403. */
  async function loginGate(account: AccountRecord, client: ClientInfo) {
    if (account.emailVerified !== false) return;
    defer('customer-unverified-login', async () => {
      if (await mayMail(account.email, client, false, account)) await mailCode(account, 'verification', client);
    });
    throw new AuthError('email_not_verified', 'Confirm your e-mail address first: a new code has been sent to it.');
  }

  return {
    register,
    resendRegistration,
    requestLoginCode,
    verifyRegistration,
    verifyLoginCode,
    loginGate,
    accountByCode,
  };
}
