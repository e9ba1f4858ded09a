// The three-step password reset (docs/interface.md, "Password reset"): request a code, verify
// it, set a password.
import { AuthError } from '../auth-error';
import { mailTextFor } from '../mail-texts';
import type { ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import { createPasswordChangedNotice } from './password-changed-notice';
import { assertAcceptablePassword } from './password-policy';
import { resetCodeMail } from './reset-mail';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import { createOneTimeCodes } from './one-time-codes';

export const RESET_REQUEST_MESSAGE = 'If an account with that e-mail address exists, a code has been sent to it.';

export interface ResetIdentity {
  email: string;
  /** admin_type or vendor_type, as the caller claims it. */
  type: string;
}

export function createPasswordReset(deps: ServiceDeps) {
  const { config, accounts, resets, limiter, mailer, hasher, clock, logger, tokens, defer, newId } = deps;
  const noticeOfChange = createPasswordChangedNotice(deps);
  const record = createAuditRecorder(deps);
  const codes = createOneTimeCodes(deps);

  async function issueCode(role: Role, identity: ResetIdentity, client: ClientInfo) {
    // A customer's address counts every code mailed to it, of any purpose, under one limit.
    const allowed =
      (await limiter.allowResetRequest(role, identity.email, client.ip)) &&
      (role !== 'customer' || (await limiter.allowCodeMail(role, identity.email)));
    const account = await accounts.findByEmail(role, identity.email);
    if (!allowed) {
      logger.warn({ event: 'password_reset_limited', role }, 'password reset request over its limit: no code issued');
      const subject = account ? subjectOf(account) : { role, accountId: null };
      await record(
        auditEntry('rate_limited', subject, anonymousCause(client), {
          reason: 'rate_limited',
          limit: 'password_reset',
        }),
      );
      return;
    }
    if (!account || account.disabled || account.type !== identity.type || account.emailVerified === false) return;
    const ttl = config.passwordReset.otpTtl;
    const code = await codes.issue(account, 'password_reset', account.email, ttl);
    if (code === null) return;
    await mailer.send(
      resetCodeMail(mailTextFor(deps, account, client), {
        to: account.email,
        name: account.name,
        code,
        ttlSeconds: ttl,
      }),
    );
    logger.info({ event: 'password_reset_mail_sent', role, accountId: account.id }, 'password reset code sent');
    await record(auditEntry('password_reset_requested', subjectOf(account), anonymousCause(client)));
  }

  /** Step 1: the same answer for every well-formed request; the work happens after it. */
  function requestReset(role: Role, identity: ResetIdentity, client: ClientInfo) {
    defer('password-reset-request', () => issueCode(role, identity, client));
    return { success: true as const, message: RESET_REQUEST_MESSAGE };
  }

  /** Step 2: a live code for this e-mail and type gives a single-use reset token. */
  async function verifyReset(role: Role, identity: ResetIdentity & { code: string }, client: ClientInfo = {}) {
    const invalid = () => new AuthError('invalid_code', 'The code is wrong, expired or already used.');
    const now = clock.now();
    const account = await accounts.findByEmail(role, identity.email);
    if (!account || account.disabled || account.type !== identity.type || account.emailVerified === false)
      throw invalid();
    if (!(await codes.spend(account, 'password_reset', identity.code))) throw invalid();

    const jti = newId();
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + config.passwordReset.tokenTtl;
    await resets.createGrant({ jti, role, accountId: account.id, expiresAt: new Date(exp * 1000) });
    await record(auditEntry('password_reset_verified', subjectOf(account), selfCause(account, client)));
    return { success: true as const, reset_token: await tokens.signReset({ sub: account.id, role, jti, iat, exp }) };
  }

  /** Step 3: a live reset token and an acceptable password replace the hash and end every session. */
  async function completeReset(role: Role, input: { reset_token: string; password: string }, client: ClientInfo = {}) {
    const claims = await tokens.verifyReset(input.reset_token, role);
    assertAcceptablePassword(input.password);
    const passwordHash = await hasher.hash(input.password);
    const account = await accounts.findById(role, claims.sub);
    const subject = account ? subjectOf(account) : { role, accountId: claims.sub };
    // The reset token is the account's own credential: it acts on itself.
    const audit = auditEntry('password_reset_completed', subject, selfCause({ role, id: claims.sub }, client));
    const done = await resets.completeReset({
      jti: claims.jti,
      role,
      accountId: claims.sub,
      passwordHash,
      now: clock.now(),
      audit,
    });
    if (!done) throw new AuthError('invalid_reset_token');
    logger.info({ event: 'password_reset_completed', role, accountId: claims.sub }, 'password replaced');
    if (account) noticeOfChange(account, client);
    return { success: true as const };
  }

  return { requestReset, verifyReset, completeReset };
}
