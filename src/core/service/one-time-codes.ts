// E-mailed 6-digit codes of every purpose (password reset, a customer's verification, sign-in and
// e-mail change): stored keyed-hashed, one live code per account and purpose, a few tries each,
// under the per-account cap of wrong codes, and logged only by the PASSWORD_RESET_LOG_OTP rule.
import { randomInt } from 'node:crypto';
import { createCodeHasher } from '../code-hash';
import type { Role } from '../../contract/auth-schemas';
import type { CodePurpose } from '../reset-ports';
import type { ServiceDeps } from './deps';

type Deps = Pick<ServiceDeps, 'config' | 'resets' | 'codeFailures' | 'clock' | 'logger'>;

export interface CodeOwner {
  role: Role;
  id: string;
}

export function createOneTimeCodes({ config, resets, codeFailures, clock, logger }: Deps) {
  // Keyed, so a copy of the database alone does not let anyone try all million codes offline. The
  // reset's input stays as it was, so codes issued before the other purposes existed still verify.
  const hasher = createCodeHasher(config.jwt.accessSecret, 'password-reset-code');
  const bound = (purpose: CodePurpose, code: string) => (purpose === 'password_reset' ? code : `${purpose}:${code}`);

  /**
   * A new code for `purpose`, replacing the earlier one, with the log line of the OTP rule naming
   * `sentTo` (the address the mail goes to). Null when the account is past its cap of wrong codes.
   */
  async function issue(
    owner: CodeOwner,
    purpose: CodePurpose,
    sentTo: string,
    ttlSeconds: number,
  ): Promise<string | null> {
    if (!(await codeFailures.allowsNewCode(owner.role, owner.id))) {
      logger.warn(
        { event: 'code_failures_capped', role: owner.role, accountId: owner.id },
        'too many wrong codes for this account: no code issued',
      );
      return null;
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await resets.saveCode({
      role: owner.role,
      accountId: owner.id,
      purpose,
      ...(purpose === 'email_change' ? { sentTo } : {}),
      codeHash: hasher.hash(owner.role, owner.id, bound(purpose, code)),
      expiresAt: new Date(clock.now().getTime() + ttlSeconds * 1000),
    });
    if (config.passwordReset.logOtp) {
      logger.info(
        { event: 'password_reset_otp', email: sentTo, role: owner.role, purpose, otp: code },
        `${purpose} code issued`,
      );
    }
    return code;
  }

  /**
   * Spends the live code of `purpose` when `code` is it; false otherwise. A try counts as a wrong
   * code until it proves right; past the cap even the right code is refused. The row's `sentTo` comes back.
   */
  async function spend(
    owner: CodeOwner,
    purpose: CodePurpose,
    code: string,
  ): Promise<{ sentTo: string | null } | null> {
    const now = clock.now();
    const row = await resets.findCode(owner.role, owner.id, purpose);
    if (!row || row.spentAt || row.expiresAt <= now) return null;
    if (!(await codeFailures.reserve(owner.role, owner.id))) return null;
    if (!(await resets.countAttempt(row.id, config.passwordReset.maxAttempts, now))) return null;
    if (!hasher.matches(owner.role, owner.id, bound(purpose, code), row.codeHash)) return null;
    if (!(await resets.spendCode(row.id, now))) return null;
    await codeFailures.release(owner.role, owner.id);
    return { sentTo: row.sentTo };
  }

  return { issue, spend };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
