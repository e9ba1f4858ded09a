// Passkeys (WebAuthn, discoverable credentials with user verification) of every role: registering one
// (signed in, or, for staff, while enrolling at sign-in), listing, renaming and removing them, and
// signing in with one instead of a password. The relying party is APP_URL's origin; challenges live in the database,
// single use.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AuthError } from '../auth-error';
import { passkeyOriginFor } from '../passkey-host';
import type { PasskeyRecord } from '../factor-ports';
import type { AccountRecord, ClientInfo } from '../ports';
import type { Role } from '../../contract/auth-schemas';
import type { PasskeyView } from '../../contract/passkey-schemas';
import { auditEntry, selfCause, subjectOf } from './audit';
import type { ServiceDeps } from './deps';
import { assertNotPinSession } from './operation-access';
import { factorRequired } from './mfa-challenge';
import type { Principal } from './principal';
import type { SecondStep } from './second-step';
import { keepsSignInMethod } from './sign-in-methods';
import { TOTP_ISSUER, type Enrollee } from './totp-enrolment';

/** The relying party when APP_URL is unset: the development server's origin. */
export const DEFAULT_RELYING_PARTY_ORIGIN = 'http://localhost:3000';
const CHALLENGE_TTL_SECONDS = 5 * 60;

/** APP_URL to advise for a page seen at `shown` (the browser's word): localhost for an IP address. */
function advisedOrigin(shown: string): string {
  try {
    return passkeyOriginFor(shown);
  } catch {
    return shown;
  }
}

const passkeyViewOf = (p: Pick<PasskeyRecord, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): PasskeyView => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

/** What the browser signed, read from its client data; null when unreadable. */
function clientDataOf(clientDataJSON: string): { challenge?: unknown; origin?: unknown } | null {
  try {
    return JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
      origin?: unknown;
    };
  } catch {
    return null;
  }
}

function challengeOf(clientDataJSON: string): string | null {
  const challenge = clientDataOf(clientDataJSON)?.challenge;
  return typeof challenge === 'string' ? challenge : null;
}

type Credential = { id: string; rawId: string; type: 'public-key'; response: { clientDataJSON: string } };

export function createPasskeys(deps: ServiceDeps, step: SecondStep) {
  const { config, accounts, passkeys, factors, clock } = deps;
  const origin = config.browser.appUrl ?? DEFAULT_RELYING_PARTY_ORIGIN;
  const rpID = new URL(origin).hostname;
  const refused = () =>
    new AuthError(
      'invalid_passkey',
      'The passkey could not be verified: it is unknown here, or its answer was not for this sign-in.',
    );
  /** A passkey used on a page at another address than the relying party's: the refusal says both, and what to set. */
  function assertSameOrigin(credential: Credential) {
    const seen = clientDataOf(credential.response.clientDataJSON)?.origin;
    if (typeof seen !== 'string' || seen === origin) return;
    const shown = seen.slice(0, 200);
    throw new AuthError(
      'invalid_passkey',
      `Passkeys are set up for ${origin}, and this page is at ${shown}. Open the page at ${origin}, or set APP_URL=${advisedOrigin(shown)} and restart the service.`,
    );
  }
  const expiry = () => new Date(clock.now().getTime() + CHALLENGE_TTL_SECONDS * 1000);

  /** Spends the challenge the credential answers; false when it was not issued for this, or is spent or expired. */
  async function spentChallenge(
    credential: Credential,
    role: Role,
    purpose: 'register' | 'login',
    accountId: string | null,
  ) {
    const challenge = challengeOf(credential.response.clientDataJSON);
    return challenge !== null &&
      (await passkeys.spendChallenge({ challenge, role, purpose, accountId, now: clock.now() }))
      ? challenge
      : null;
  }

  async function registrationOptions({ account }: Enrollee) {
    const existing = await passkeys.listOf(account.role, account.id);
    const options = await generateRegistrationOptions({
      rpName: TOTP_ISSUER,
      rpID,
      userName: account.email,
      userDisplayName: account.name,
      userID: new TextEncoder().encode(`${account.role}:${account.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_TTL_SECONDS * 1000,
    });
    await passkeys.saveChallenge({
      challenge: options.challenge,
      role: account.role,
      purpose: 'register',
      accountId: account.id,
      expiresAt: expiry(),
    });
    return options;
  }

  async function register({ account, client, enrolment }: Enrollee, input: { response: Credential; name: string }) {
    const challenge = await spentChallenge(input.response, account.role, 'register', account.id);
    if (!challenge) throw refused();
    assertSameOrigin(input.response);
    const verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw refused();
    const { credential } = verification.registrationInfo;
    const now = clock.now();
    const record = {
      id: credential.id,
      role: account.role,
      accountId: account.id,
      name: input.name,
      counter: credential.counter,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      transports: credential.transports ?? [],
      createdAt: now,
    };
    const audit = auditEntry('factor_added', subjectOf(account), selfCause(account, client), {
      factor: 'passkey',
      passkey_id: record.id,
      name: record.name,
    });
    if (!(await passkeys.add(record, audit))) throw new AuthError('conflict', 'This passkey is already registered.');
    if (enrolment) await step.spend(enrolment);
    return { passkey: passkeyViewOf({ ...record, lastUsedAt: null }) };
  }

  async function loginOptions(role: Role) {
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_SECONDS * 1000,
    });
    await passkeys.saveChallenge({
      challenge: options.challenge,
      role,
      purpose: 'login',
      accountId: null,
      expiresAt: expiry(),
    });
    return options;
  }

  /** The account whose passkey signed the challenge with user verification; every refusal is the same 401. */
  async function signedInAccount(role: Role, input: { response: Credential }): Promise<AccountRecord> {
    const challenge = await spentChallenge(input.response, role, 'login', null);
    const passkey = challenge ? await passkeys.find(role, input.response.id) : null;
    const account = passkey ? await accounts.findById(role, passkey.accountId) : null;
    if (!challenge) throw refused();
    assertSameOrigin(input.response);
    if (!passkey || !account) throw refused();
    const verification = await verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) throw refused();
    if (
      !(await passkeys.recordUse(passkey.id, passkey.counter, verification.authenticationInfo.newCounter, clock.now()))
    )
      throw refused();
    if (account.disabled) throw new AuthError('account_disabled', 'This account is disabled.');
    return account;
  }

  async function list(principal: Principal) {
    assertNotPinSession(principal, 'listPasskeys');
    return { items: (await passkeys.listOf(principal.account.role, principal.account.id)).map(passkeyViewOf) };
  }

  async function remove(principal: Principal, passkeyId: string, client: ClientInfo) {
    assertNotPinSession(principal, 'deletePasskey');
    const { account } = principal;
    const passkey = await passkeys.find(account.role, passkeyId);
    if (!passkey || passkey.accountId !== account.id) throw new AuthError('not_found', 'No such passkey.');
    if (account.role !== 'customer') {
      const summary = await factors.summary(account.role, account.id);
      if (factorRequired(config, account) && !summary.totp && summary.passkeys <= 1) {
        throw new AuthError('forbidden', 'Accounts of this type must keep a second factor: add another first.');
      }
    }
    // A customer's passkey may be the last way in: the rule is judged inside the removal.
    const keeps = account.role === 'customer' ? keepsSignInMethod : undefined;
    const audit = auditEntry('factor_removed', subjectOf(account), selfCause(account, client), {
      factor: 'passkey',
      passkey_id: passkey.id,
      name: passkey.name,
    });
    if (!(await passkeys.remove(account.role, account.id, passkey.id, audit, clock.now(), keeps)))
      throw new AuthError('not_found', 'No such passkey.');
  }

  async function rename(principal: Principal, passkeyId: string, name: string) {
    assertNotPinSession(principal, 'renamePasskey');
    const renamed = await passkeys.rename(principal.account.role, principal.account.id, passkeyId, name);
    if (!renamed) throw new AuthError('not_found', 'No such passkey.');
    return passkeyViewOf(renamed);
  }

  return { registrationOptions, register, loginOptions, signedInAccount, list, rename, remove };
}
