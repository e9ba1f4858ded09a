// Sign-in sessions: login, refresh-token rotation with a grace period and reuse detection, logout.
import { AuthError } from '../auth-error';
import type { AccountRecord, ClientInfo, NewRefreshToken, SessionRepository } from '../ports';
import type { LoginRequest, Role, TokenPair } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import { createDeviceMarkers } from './device-markers';
import { accessClaimsOf } from './profiles';
import { anonymousCause, auditEntry, createAuditRecorder, selfCause, subjectOf } from './audit';
import { createEqualCostVerify } from './equal-cost-verify';
import { createMfaChallenge } from './mfa-challenge';
import { createNewDeviceNotice } from './new-device-notice';
import { pinSessionOf, type PinSession } from './pin-session';
import { createGuestHolders } from './guest-holders';

/** A last check of an account whose password was right, before its session starts. */
export type SignInGate = (account: AccountRecord, client: ClientInfo) => Promise<void>;

/**
 * What a new session may carry besides its account: the terminal of a PIN sign-in, details of the
 * sign-in's event, and the writes of a sign-in that commit with it (device marker, PIN lock's lift).
 */
type SessionStart = Pick<Parameters<SessionRepository['createFamily']>[0], 'terminalId' | 'device' | 'liftPinLock'> & {
  details?: Record<string, unknown>;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createSessions(deps: ServiceDeps) {
  const { config, accounts, sessions, hasher, clock, logger, tokens, limiter, newId } = deps;
  const record = createAuditRecorder(deps);
  const verifyOrDummy = createEqualCostVerify(deps);
  const deviceMarkers = createDeviceMarkers(deps);
  const challengeFor = createMfaChallenge(deps);
  const guestHolder = createGuestHolders(deps);
  const newDevice = createNewDeviceNotice(deps);

  /** A refresh token that expires with its own lifetime or at its family's end, whichever is first. */
  function newRefreshToken(now: Date, familyEnd: Date): NewRefreshToken {
    // Whole seconds, because the JWT carries seconds and a re-signed token must be identical.
    const issuedAt = new Date(seconds(now) * 1000);
    const expiresAt = Math.min(issuedAt.getTime() + config.jwt.refreshTtl * 1000, seconds(familyEnd) * 1000);
    return { jti: newId(), issuedAt, expiresAt: new Date(expiresAt) };
  }

  /** SESSION_MAX_AGE: no refresh extends a sign-in past its start plus that age, nor a guest's past GUEST_MAX_AGE. */
  const familyEndOf = (account: AccountRecord, signedInAt: Date) => {
    const end = signedInAt.getTime() + config.sessionMaxAge[account.role] * 1000;
    return new Date(account.guest ? Math.min(end, account.guest.expiresAt.getTime()) : end);
  };

  async function pairFor(
    account: AccountRecord,
    familyId: string,
    token: NewRefreshToken,
    pin?: PinSession,
  ): Promise<TokenPair> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccess({ ...accessClaimsOf(account), ...pin?.claims, sid: familyId }),
      tokens.signRefresh({
        sub: account.id,
        role: account.role,
        fam: familyId,
        jti: token.jti,
        ...(account.guest ? { guest: true as const } : {}),
        iat: seconds(token.issuedAt),
        exp: seconds(token.expiresAt),
      }),
    ]);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: tokens.accessTtl,
    };
  }

  /** `gate` may refuse an account whose password was right (a customer's unverified address). */
  async function login(role: Role, input: LoginRequest, client: ClientInfo, gate?: SignInGate) {
    try {
      return await signIn(role, input, client, gate);
    } catch (error) {
      // The reason code only: operators count refusals by kind; the e-mail stays out of the log.
      const reason = error instanceof AuthError ? error.code : 'error';
      logger.info({ event: 'login_failed', role, reason }, 'sign-in refused');
      await recordRefusal(role, input.email, client, reason);
      throw error;
    }
  }

  /** A refused sign-in, about the account of that e-mail when there is one (the same lookup either way). */
  async function recordRefusal(role: Role, email: string, client: ClientInfo, reason: string) {
    if (reason === 'error') return; // a fault, not a refusal: the database may well be down
    const account = await accounts.findByEmail(role, email).catch(() => null);
    const subject = account ? subjectOf(account) : { role, accountId: null };
    const limited = reason === 'rate_limited';
    await record(
      auditEntry(
        limited ? 'rate_limited' : 'sign_in_failed',
        subject,
        anonymousCause(client),
        limited ? { reason, limit: 'sign_in' } : { reason },
      ),
    );
  }

  async function signIn(role: Role, input: LoginRequest, client: ClientInfo, gate?: SignInGate) {
    const exemption = { fromIdentityCap: await deviceMarkers.known(role, input.email, client.deviceId) };
    await limiter.assertLoginAllowed(role, input.email, client.ip, exemption);
    const account = await accounts.findByEmail(role, input.email);
    // An unknown e-mail costs one bcrypt comparison too, so timing does not reveal it.
    // An empty hash (a customer's discarded registration password) matches nothing, at the same cost.
    const valid = await verifyOrDummy(input.password, account?.passwordHash || undefined);
    if (!account || !valid) {
      await limiter.recordLoginFailure(role, input.email, client.ip, exemption);
      throw new AuthError('invalid_credentials', 'The e-mail or password is wrong.');
    }
    await limiter.refundLogin(role, input.email, client.ip, exemption);
    if (account.disabled) throw new AuthError('account_disabled', 'This account is disabled.');
    await gate?.(account, client);
    // A hash of the earlier plain-bcrypt format is replaced while the password is at hand.
    if (hasher.needsUpgrade(account.passwordHash)) {
      await accounts.upgradePasswordHash(role, account.id, account.passwordHash, await hasher.hash(input.password));
    }
    return afterPassword(account, client);
  }

  /**
   * The account's password was proved (or just chosen, accepting an invitation): an account with a
   * second factor (or one whose type requires it) gets the next step instead of a session.
   */
  async function afterPassword(account: AccountRecord, client: ClientInfo) {
    const { challenge, factors } = await challengeFor(account);
    if (challenge) return { account, challenge };
    return Object.assign(await completeSignIn(account, client), { factors });
  }

  /**
   * A sign-in whose every step passed (the password, and a second factor where there is one): a
   * session, with the client's device marker and, for staff, the lift of a PIN lock (section "POS
   * terminals" of docs/interface.md), all in one write.
   */
  async function completeSignIn(account: AccountRecord, client: ClientInfo, details?: Record<string, unknown>) {
    const device = await deviceMarkers.markerFor(account, client.deviceId);
    const pair = await startSession(account, client, 'login', {
      details,
      device: device.record,
      liftPinLock: account.role === 'vendor',
    });
    return { account, pair, deviceId: device.deviceId };
  }

  /**
   * A new sign-in family for `account` and its first pair (login, a change of one's own password,
   * a PIN sign-in). A PIN sign-in's family is tied to its terminal and capped at PIN_SESSION_MAX_AGE
   * as well as SESSION_MAX_AGE. Every login, however proved, passes here: its device is recorded
   * with it and, when new to the account, mailed after the answer (a PIN switch at a paired till
   * and a session replaced after a change of password are no sign-in from a device).
   */
  async function startSession(
    account: AccountRecord,
    client: ClientInfo,
    event: string,
    more: SessionStart = {},
  ): Promise<TokenPair> {
    const { terminalId, details, ...signInWrites } = more;
    const familyId = newId();
    const now = clock.now();
    const pin = terminalId === undefined ? undefined : pinSessionOf({ terminalId, createdAt: now }, config);
    const first = newRefreshToken(now, familyEndOf(account, now));
    const token = pin ? pin.capped(first) : first;
    const audit =
      event === 'login'
        ? {
            entry: auditEntry('sign_in_succeeded', subjectOf(account), selfCause(account, client), {
              session_id: familyId,
              ...details,
            }),
            at: now,
          }
        : undefined;
    const seenFrom = event === 'login' ? newDevice.seenFrom(client, now) : undefined;
    await sessions.createFamily({
      id: familyId,
      role: account.role,
      accountId: account.id,
      client,
      token,
      terminalId,
      audit,
      seenFrom,
      ...signInWrites,
    });
    if (seenFrom) newDevice.afterSignIn(account, client, familyId, seenFrom);
    logger.info(
      { event, role: account.role, accountId: account.id, familyId, ...(terminalId ? { terminalId, amr: 'pin' } : {}) },
      'signed in',
    );
    return pairFor(account, familyId, token, pin);
  }

  /**
   * The family and the account usually come from the token routes' cache, and the rotation checks
   * the token's use and its family's revocation itself, so a refresh of an unused token costs one
   * round trip: the rotation. Only a token that did not rotate is read, to tell a retry within
   * the grace period from reuse.
   */
  async function refresh(role: Role, refreshToken: string, client: ClientInfo = {}): Promise<TokenPair> {
    const claims = await tokens.verifyRefresh(refreshToken, role);
    const [family, account] = await Promise.all([
      sessions.familyState(claims.fam),
      claims.guest ? guestHolder(claims.sub) : accounts.findById(role, claims.sub),
    ]);
    const invalid = () => new AuthError('invalid_refresh_token');
    if (!family || family.revoked || family.role !== role || family.accountId !== claims.sub) throw invalid();
    if (!account || account.disabled) throw invalid();

    const now = clock.now();
    const familyEnd = familyEndOf(account, family.createdAt);
    // A PIN sign-in's tokens keep its terminal and method: a refresh never turns it into a password session.
    const pin = pinSessionOf(family, config);
    if (now >= familyEnd || pin?.ended(now)) throw invalid();
    const successor = pin ? pin.capped(newRefreshToken(now, familyEnd)) : newRefreshToken(now, familyEnd);
    if (await sessions.rotate({ jti: claims.jti, familyId: claims.fam, usedAt: now, successor })) {
      return pairFor(account, claims.fam, successor, pin);
    }
    // Not rotated: unknown, of a revoked family, or used already (perhaps by a concurrent request).
    const row = await sessions.findToken(claims.jti);
    if (!row || row.familyId !== claims.fam || row.family.revokedAt || !row.usedAt) throw invalid();
    // A retry within the grace period (two tabs, a lost response) gets the same successor.
    if (row.successorJti && now.getTime() - row.usedAt.getTime() <= config.jwt.refreshReuseGrace * 1000) {
      const successor = await sessions.findToken(row.successorJti);
      if (successor && !successor.family.revokedAt) return pairFor(account, row.familyId, successor, pin);
    }
    // Whoever presents a retired token may be a thief: the event names no actor.
    const reuse = auditEntry('refresh_token_reused', subjectOf(account), anonymousCause(client), {
      session_id: row.familyId,
    });
    await sessions.revokeFamily(row.familyId, now, reuse);
    logger.warn(
      { event: 'refresh_token_reuse', role, accountId: account.id, familyId: row.familyId },
      'refresh token reused: family revoked',
    );
    throw invalid();
  }

  async function logout(role: Role, refreshToken: string, client: ClientInfo = {}): Promise<void> {
    const claims = await tokens.verifyRefresh(refreshToken, role);
    const [row, account] = await Promise.all([sessions.findToken(claims.jti), accounts.findById(role, claims.sub)]);
    if (!row || row.familyId !== claims.fam || row.family.role !== role) throw new AuthError('invalid_refresh_token');
    const subject = account ? subjectOf(account) : { role, accountId: claims.sub };
    const event = auditEntry('logout', subject, selfCause({ role, id: claims.sub }, client), {
      session_id: row.familyId,
    });
    // Signing out twice is no error, and is recorded once: the second finds the family revoked.
    if (!row.family.revokedAt) await sessions.revokeFamily(row.familyId, clock.now(), event);
    logger.info({ event: 'logout', role, accountId: claims.sub, familyId: row.familyId }, 'signed out');
  }

  return { login, refresh, logout, startSession, completeSignIn, afterPassword };
}
