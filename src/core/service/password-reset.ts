// The three-step password reset (docs/interface.md, "Password reset"): request a code, verify
// it, set a password.
import { randomInt } from 'node:crypto';
import { createCodeHasher } from '../code-hash';
import { AuthError } from '../errors';
import type { ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import { createPasswordChangedNotice } from './password-changed-notice';
import { assertAcceptablePassword } from './password-policy';
import { resetCodeMail } from './reset-mail';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';

export const RESET_REQUEST_MESSAGE = 'If an account with that e-mail address exists, a code has been sent to it.';

export interface ResetIdentity {
  email: string;
  /** admin_type or vendor_type, as the caller claims it. */
  type: string;
}

export function createPasswordReset(deps: ServiceDeps) {
  const { config, accounts, resets, limiter, codeFailures, mailer, hasher, clock, logger, tokens, defer, newId } = deps;
  const noticeOfChange = createPasswordChangedNotice(deps);
  const record = createAuditRecorder(deps);
  // Keyed, so a copy of the database alone does not let anyone try all million codes offline.
  const codes = createCodeHasher(config.jwt.accessSecret, 'password-reset-code');

  async function issueCode(role: Role, identity: ResetIdentity, client: ClientInfo) {
    const allowed = await limiter.allowResetRequest(role, identity.email, client.ip);
    const account = await accounts.findByEmail(role, identity.email);
    if (!allowed) {
      logger.warn({ event: 'password_reset_limited', role }, 'password reset request over its limit: no code issued');
      const subject = account ? subjectOf(account) : { role, accountId: null };
      await record(auditEntry('rate_limited', subject, anonymousCause(client), { reason: 'rate_limited', limit: 'password_reset' }));
      return;
    }
    if (!account || account.disabled || account.type !== identity.type) return;
    if (!(await codeFailures.allowsNewCode(role, account.id))) {
      logger.warn({ event: 'code_failures_capped', role, accountId: account.id }, 'too many wrong codes for this account: no code issued');
      return;
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const ttl = config.passwordReset.otpTtl;
    await resets.saveCode({
      role,
      accountId: account.id,
      codeHash: codes.hash(role, account.id, code),
      expiresAt: new Date(clock.now().getTime() + ttl * 1000),
    });
    if (config.passwordReset.logOtp) {
      logger.info({ event: 'password_reset_otp', email: account.email, role, otp: code }, 'password reset code issued');
    }
    await mailer.send(resetCodeMail({ to: account.email, name: account.name, code, ttlSeconds: ttl }));
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
    if (!account || account.disabled || account.type !== identity.type) throw invalid();
    const row = await resets.findCode(role, account.id);
    if (!row || row.spentAt || row.expiresAt <= now) throw invalid();
    // Counted as a failure until the code proves right; past the cap even the right code is refused.
    if (!(await codeFailures.reserve(role, account.id))) throw invalid();
    if (!(await resets.countAttempt(row.id, config.passwordReset.maxAttempts, now))) throw invalid();
    if (!codes.matches(role, account.id, identity.code, row.codeHash)) throw invalid();
    if (!(await resets.spendCode(row.id, now))) throw invalid();
    await codeFailures.release(role, account.id);

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
    const done = await resets.completeReset({ jti: claims.jti, role, accountId: claims.sub, passwordHash, now: clock.now(), audit });
    if (!done) throw new AuthError('invalid_reset_token');
    logger.info({ event: 'password_reset_completed', role, accountId: claims.sub }, 'password replaced');
    if (account) noticeOfChange(account);
    return { success: true as const };
  }

  return { requestReset, verifyReset, completeReset };
}
