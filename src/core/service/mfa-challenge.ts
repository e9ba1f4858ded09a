// The step after a right password: an account with a second factor gets an mfa_token and the
// methods it can use; one whose type requires a factor and has none gets an mfa_token to enrol.
import type { MfaChallenge, MfaEnrollmentChallenge } from '../../contract/factor-schemas';
import { AuthError } from '../auth-error';
import type { FactorSummary } from '../factor-ports';
import type { AccountRecord } from '../ports';
import type { ServiceDeps } from './deps';

/** How long the second step may take: the mfa_token's lifetime. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** Wrong codes one mfa_token survives; the fifth spends it. */
export const MFA_ATTEMPTS_PER_TOKEN = 5;

/** The counter of wrong codes of one mfa_token (by its jti), in the shared counter store. */
export const mfaAttemptsKey = (jti: string) => `mfa-attempts:${jti}`;

/** Whether accounts of this type must sign in with a second factor (MFA_REQUIRED). */
export const factorRequired = (config: ServiceDeps['config'], account: Pick<AccountRecord, 'type'>) =>
  config.mfa.required.includes(account.type);

export function createMfaChallenge({
  config,
  factors,
  tokens,
  clock,
  newId,
}: Pick<ServiceDeps, 'config' | 'factors' | 'tokens' | 'clock' | 'newId'>) {
  function mfaTokenFor(account: AccountRecord, enrol: boolean) {
    const iat = Math.floor(clock.now().getTime() / 1000);
    return tokens.signMfa({
      sub: account.id,
      role: account.role,
      jti: newId(),
      ver: account.tokenVersion,
      enrol,
      iat,
      exp: iat + MFA_TOKEN_TTL_SECONDS,
    });
  }

  /** The next step for `account` after its right password (null when the password is enough). */
  async function nextStep(
    account: AccountRecord,
    summary: FactorSummary,
  ): Promise<MfaChallenge | MfaEnrollmentChallenge | null> {
    if (summary.totp)
      return { mfa_required: true, mfa_token: await mfaTokenFor(account, false), methods: ['totp', 'recovery_code'] };
    if (!factorRequired(config, account)) return null;
    // A passkey is the account's factor: a password alone may neither sign in nor enrol another.
    if (summary.passkeys > 0) throw new AuthError('forbidden', 'Sign in with your passkey.');
    return { mfa_enrollment_required: true, mfa_token: await mfaTokenFor(account, true) };
  }

  /**
   * The next step, with the factors it was decided on: a sign-in that needs none answers with
   * them in its profile instead of reading them again.
   */
  return async function challengeFor(account: AccountRecord) {
    const summary = await factors.summary(account.role, account.id);
    return { challenge: await nextStep(account, summary), factors: summary };
  };
}
