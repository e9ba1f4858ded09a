// Enrolling, removing and backing up an authenticator app: setup (a new secret), confirm (the first
// code, for 10 recovery codes and, while enrolling at sign-in, a session), removal and new codes.
import QRCode from 'qrcode';
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo } from '../ports';
import type { MfaClaims } from '../tokens';
import { newTotpSecret, totpStepOf, totpUri } from '../totp';
import type { Role } from '../../contract/auth-schemas';
import { auditEntry, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import { assertNotPinSession } from './operation-access';
import { factorRequired } from './mfa-challenge';
import { createPasswordConfirmation } from './password-confirmation';
import type { Principal } from './principal';
import { secretContext, type SecondStep } from './second-step';

/** The name authenticator apps show beside the account's e-mail. */
export const TOTP_ISSUER = 'Commerce Auth';

/** Who is enrolling: a signed-in account (Bearer), or one at the enrolment step of its sign-in (mfa_token). */
export interface Enrollee {
  account: AccountRecord;
  client: ClientInfo;
  /** Present while enrolling at sign-in: confirming then starts the session. */
  enrolment?: MfaClaims;
}

export function createTotpEnrolment(deps: ServiceDeps, step: SecondStep) {
  const { factors, limiter, clock } = deps;
  const confirmPassword = createPasswordConfirmation(deps);
  const { box, recoveryCodes } = step;

  /** The caller of setup and confirm: the Bearer token's account, else the enrolment mfa_token's. */
  async function enrolleeOf(
    role: Role,
    principal: Principal | undefined,
    mfaToken: string | undefined,
    client: ClientInfo,
  ): Promise<Enrollee> {
    if (principal) {
      assertNotPinSession(principal, 'totpSetup');
      return { account: principal.account, client };
    }
    if (mfaToken === undefined)
      throw new AuthError(
        'invalid_token',
        'Send an Authorization: Bearer <access token> header, or the mfa_token of the sign-in.',
      );
    const { account, claims } = await step.accountOf(role, mfaToken, 'enrol');
    return { account, client, enrolment: claims };
  }

  async function setup({ account }: Enrollee) {
    const { role, id } = account;
    const secret = newTotpSecret();
    if (!(await factors.savePendingTotp(role, id, box.seal(secret, secretContext(role, id))))) {
      throw new AuthError('conflict', 'An authenticator app is already enrolled: remove it first.');
    }
    const otpauthUri = totpUri(secret, TOTP_ISSUER, account.email);
    return {
      secret,
      otpauth_uri: otpauthUri,
      qr_svg: await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
    };
  }

  /** The first code confirms the pending secret: 10 recovery codes (and, while enrolling, the token is spent). */
  async function confirm({ account, client, enrolment }: Enrollee, code: string) {
    const { role, id } = account;
    const factor = await factors.findTotp(role, id);
    if (!factor) throw new AuthError('conflict', 'Start with mfa/totp/setup.');
    if (factor.confirmed) throw new AuthError('conflict', 'An authenticator app is already enrolled.');
    await limiter.assertLoginAllowed(role, account.email, client.ip);
    const secret = box.open(factor.secretCipher, secretContext(role, id));
    const accepted = secret === null ? null : totpStepOf(secret, code, clock.now());
    if (accepted === null) {
      if (enrolment) return step.wrongCode(account, enrolment, client, 'totp');
      await limiter.recordLoginFailure(role, account.email, client.ip);
      throw new AuthError('invalid_code', "The code is wrong: check the app's clock and try the next code.");
    }
    await limiter.refundLogin(role, account.email, client.ip);
    const issued = recoveryCodes.issue(role, id);
    const audit = auditEntry('factor_added', subjectOf(account), selfCause(account, client), { factor: 'totp' });
    if (!(await factors.confirmTotp(role, id, accepted, issued.hashes, clock.now(), audit)))
      throw new AuthError('conflict', 'An authenticator app is already enrolled.');
    if (enrolment) await step.spend(enrolment);
    return { recovery_codes: issued.shown };
  }

  /** `DELETE mfa/totp`: the password again; refused while the type requires a factor and none would remain. */
  async function remove(principal: Principal, password: string) {
    assertNotPinSession(principal, 'totpRemove');
    const { account, client } = principal;
    await confirmPassword({ account, client }, password, 'removeTotp');
    const summary = await factors.summary(account.role, account.id);
    if (!summary.totp) throw new AuthError('not_found', 'No authenticator app is enrolled.');
    if (factorRequired(deps.config, account) && summary.passkeys === 0) {
      throw new AuthError(
        'forbidden',
        'Accounts of this type must keep a second factor: add a passkey or another app first.',
      );
    }
    const audit = auditEntry('factor_removed', subjectOf(account), selfCause(account, client), { factor: 'totp' });
    if (!(await factors.removeTotp(account.role, account.id, audit, clock.now())))
      throw new AuthError('not_found', 'No authenticator app is enrolled.');
  }

  /** `POST mfa/recovery-codes`: the password again; 10 new codes, the old ones void. */
  async function regenerateRecoveryCodes(principal: Principal, password: string) {
    assertNotPinSession(principal, 'regenerateRecoveryCodes');
    const { account, client } = principal;
    await confirmPassword({ account, client }, password, 'regenerateRecoveryCodes');
    if (!(await factors.summary(account.role, account.id)).totp)
      throw new AuthError('not_found', 'No authenticator app is enrolled.');
    const issued = recoveryCodes.issue(account.role, account.id);
    await factors.replaceRecoveryCodes(
      account.role,
      account.id,
      issued.hashes,
      clock.now(),
      auditEntry('recovery_codes_regenerated', subjectOf(account), selfCause(account, client)),
    );
    return { recovery_codes: issued.shown };
  }

  return { enrolleeOf, setup, confirm, remove, regenerateRecoveryCodes };
}
