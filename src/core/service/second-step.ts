// The second step of a sign-in (`mfa/verify`): the mfa_token and an authenticator-app code or a
// recovery code for a session. Wrong codes count as failed sign-ins, and five spend the mfa_token.
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo } from '../ports';
import type { MfaClaims } from '../tokens';
import { createSecretBox } from '../secret-box';
import { totpStepOf } from '../totp';
import type { Role } from '../../contract/auth-schemas';
import { auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import { MFA_ATTEMPTS_PER_TOKEN, mfaAttemptsKey } from './mfa-challenge';
import { createRecoveryCodes } from './recovery-codes';

/** The context a sealed secret is bound to: a secret copied to another account's row does not open. */
export const secretContext = (role: Role, accountId: string) => `totp:${role}:${accountId}`;

export function createSecondStep(deps: ServiceDeps) {
  const { config, accounts, factors, tokens, counters, limiter, clock } = deps;
  const box = createSecretBox(config.mfa.encryptionKey);
  const recoveryCodes = createRecoveryCodes(deps);
  const record = createAuditRecorder(deps);

  /** The account an mfa_token names, while the token is live and not spent by wrong codes. */
  async function accountOf(
    role: Role,
    mfaToken: string,
    purpose: 'verify' | 'enrol',
  ): Promise<{ account: AccountRecord; claims: MfaClaims }> {
    const claims = await tokens.verifyMfa(mfaToken, role);
    if (claims.enrol !== (purpose === 'enrol')) throw new AuthError('invalid_token');
    const account = await accounts.findById(role, claims.sub);
    // Disabling or a reset moves the token version on, so such a step is void like any spent one.
    if (!account || account.disabled || account.tokenVersion !== claims.ver) throw new AuthError('invalid_token');
    if ((await counters.add(mfaAttemptsKey(claims.jti), 0, new Date(claims.exp * 1000))) >= MFA_ATTEMPTS_PER_TOKEN) {
      throw new AuthError('invalid_token', 'This sign-in step is spent: sign in with your password again.');
    }
    return { account, claims };
  }

  /** One wrong code: a failed sign-in for the limits, one of the token's five, and an audit event. */
  async function wrongCode(
    account: AccountRecord,
    claims: MfaClaims,
    client: ClientInfo,
    method: string,
  ): Promise<never> {
    await limiter.recordLoginFailure(account.role, account.email, client.ip);
    const wrong = await counters.add(mfaAttemptsKey(claims.jti), 1, new Date(claims.exp * 1000));
    await record(
      auditEntry('mfa_failed', subjectOf(account), selfCause(account, client), {
        method,
        spent: wrong >= MFA_ATTEMPTS_PER_TOKEN,
      }),
    );
    throw new AuthError('invalid_code', 'The code is wrong or already used.');
  }

  /** Spends the token after its step succeeded: it works once. */
  const spend = (claims: MfaClaims) =>
    counters.add(mfaAttemptsKey(claims.jti), MFA_ATTEMPTS_PER_TOKEN, new Date(claims.exp * 1000));

  /** Whether `code` is the account's authenticator-app code for a step later than any accepted before. */
  async function acceptTotp(account: AccountRecord, code: string): Promise<boolean> {
    const factor = await factors.findTotp(account.role, account.id);
    const secret = factor?.confirmed ? box.open(factor.secretCipher, secretContext(account.role, account.id)) : null;
    const step = secret === null ? null : totpStepOf(secret, code, clock.now());
    return step !== null && factors.acceptStep(account.role, account.id, step);
  }

  /** `mfa/verify`: the account whose code (or recovery code) proved right, for its session. */
  async function verify(
    role: Role,
    input: { mfa_token: string; code?: string; recovery_code?: string },
    client: ClientInfo,
  ) {
    const { account, claims } = await accountOf(role, input.mfa_token, 'verify');
    await limiter.assertLoginAllowed(role, account.email, client.ip);
    const method = input.code !== undefined ? 'totp' : 'recovery_code';
    const accepted =
      input.code !== undefined
        ? await acceptTotp(account, input.code)
        : await factors.spendRecoveryCode(
            role,
            account.id,
            recoveryCodes.hash(role, account.id, input.recovery_code ?? ''),
            clock.now(),
          );
    if (!accepted) return wrongCode(account, claims, client, method);
    await limiter.refundLogin(role, account.email, client.ip);
    await spend(claims);
    if (method === 'recovery_code')
      await record(auditEntry('recovery_code_used', subjectOf(account), selfCause(account, client)));
    return { account, method };
  }

  return { verify, accountOf, wrongCode, spend, box, recoveryCodes };
}

export type SecondStep = ReturnType<typeof createSecondStep>;
