// Sign-in sessions: login, refresh-token rotation with a grace period and reuse detection, logout.
import { AuthError } from '../errors';
import type { AccountRecord, ClientInfo, NewRefreshToken } from '../ports';
import type { LoginRequest, Role, TokenPair } from '../../contract/auth-schemas';
import type { ServiceDeps } from './deps';
import { accessClaimsOf } from './profiles';
import { pinSessionOf, type PinSession } from './pin-session';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createSessions(deps: ServiceDeps) {
  const { config, accounts, sessions, hasher, clock, logger, tokens, limiter, newId } = deps;
  let dummyHash: Promise<string> | undefined;

  function newRefreshToken(now: Date): NewRefreshToken {
    // Whole seconds, because the JWT carries seconds and a re-signed token must be identical.
    const issuedAt = new Date(seconds(now) * 1000);
    return { jti: newId(), issuedAt, expiresAt: new Date(issuedAt.getTime() + config.jwt.refreshTtl * 1000) };
  }

  async function pairFor(account: AccountRecord, familyId: string, token: NewRefreshToken, pin?: PinSession): Promise<TokenPair> {
    const [accessToken, refreshToken] = await Promise.all([
      tokens.signAccess({ ...accessClaimsOf(account), ...pin?.claims }),
      tokens.signRefresh({
        sub: account.id,
        role: account.role,
        fam: familyId,
        jti: token.jti,
        iat: seconds(token.issuedAt),
        exp: seconds(token.expiresAt),
      }),
    ]);
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'Bearer', expires_in: tokens.accessTtl };
  }

  async function login(role: Role, input: LoginRequest, client: ClientInfo) {
    try {
      return await signIn(role, input, client);
    } catch (error) {
      // The reason code only: operators count refusals by kind; the e-mail stays out of the log.
      logger.info({ event: 'login_failed', role, reason: error instanceof AuthError ? error.code : 'error' }, 'sign-in refused');
      throw error;
    }
  }

  async function signIn(role: Role, input: LoginRequest, client: ClientInfo) {
    await limiter.assertLoginAllowed(role, input.email, client.ip);
    const account = await accounts.findByEmail(role, input.email);
    // An unknown e-mail costs one bcrypt comparison too, so timing does not reveal it.
    dummyHash ??= hasher.hash(newId());
    const valid = await hasher.verify(input.password, account?.passwordHash ?? (await dummyHash));
    if (!account || !valid) {
      await limiter.recordLoginFailure(role, input.email, client.ip);
      throw new AuthError('invalid_credentials', 'The e-mail or password is wrong.');
    }
    await limiter.refundLogin(role, input.email, client.ip);
    if (account.disabled) throw new AuthError('account_disabled', 'This account is disabled.');
    // A password sign-in lifts a PIN lock (section "POS terminals" of docs/interface.md).
    if (role === 'vendor') await deps.terminals.resetPinFailures(account.id);
    return { account, pair: await startSession(account, client) };
  }

  /** A new family for `account`; a PIN sign-in's family is tied to its terminal and capped in age. */
  async function startSession(account: AccountRecord, client: ClientInfo, terminalId?: string): Promise<TokenPair> {
    const familyId = newId();
    const now = clock.now();
    const pin = terminalId === undefined ? undefined : pinSessionOf({ terminalId, createdAt: now }, config);
    const token = pin ? pin.capped(newRefreshToken(now)) : newRefreshToken(now);
    await sessions.createFamily({ id: familyId, role: account.role, accountId: account.id, client, token, terminalId });
    logger.info({ event: 'login', role: account.role, accountId: account.id, familyId, ...(terminalId ? { terminalId, amr: 'pin' } : {}) }, 'signed in');
    return pairFor(account, familyId, token, pin);
  }

  async function refresh(role: Role, refreshToken: string): Promise<TokenPair> {
    const claims = await tokens.verifyRefresh(refreshToken, role);
    // Neither read needs the other's answer: side by side they cost one round trip, not two.
    const [found, account] = await Promise.all([sessions.findToken(claims.jti), accounts.findById(role, claims.sub)]);
    let row = found;
    const invalid = () => new AuthError('invalid_refresh_token');
    if (!row || row.familyId !== claims.fam || row.family.role !== role || row.family.accountId !== claims.sub) throw invalid();
    if (row.family.revokedAt) throw invalid();
    if (!account || account.disabled) throw invalid();

    const now = clock.now();
    // A PIN sign-in's tokens keep its terminal and method: a refresh never turns it into a password session.
    const pin = pinSessionOf(row.family, config);
    if (pin?.ended(now)) throw invalid();
    if (!row.usedAt) {
      const successor = pin ? pin.capped(newRefreshToken(now)) : newRefreshToken(now);
      if (await sessions.rotate({ jti: row.jti, familyId: row.familyId, usedAt: now, successor })) {
        return pairFor(account, row.familyId, successor, pin);
      }
      row = await sessions.findToken(claims.jti); // another request rotated it first
      if (!row) throw invalid();
    }
    // A retry within the grace period (two tabs, a lost response) gets the same successor.
    if (row.usedAt && row.successorJti && now.getTime() - row.usedAt.getTime() <= config.jwt.refreshReuseGrace * 1000) {
      const successor = await sessions.findToken(row.successorJti);
      if (successor && !successor.family.revokedAt) return pairFor(account, row.familyId, successor, pin);
    }
    await sessions.revokeFamily(row.familyId, now);
    logger.warn({ event: 'refresh_token_reuse', role, accountId: account.id, familyId: row.familyId }, 'refresh token reused: family revoked');
    throw invalid();
  }

  async function logout(role: Role, refreshToken: string): Promise<void> {
    const claims = await tokens.verifyRefresh(refreshToken, role);
    const row = await sessions.findToken(claims.jti);
    if (!row || row.familyId !== claims.fam || row.family.role !== role) throw new AuthError('invalid_refresh_token');
    if (!row.family.revokedAt) await sessions.revokeFamily(row.familyId, clock.now());
    logger.info({ event: 'logout', role, accountId: claims.sub, familyId: row.familyId }, 'signed out');
  }

  return { login, refresh, logout, startSession };
}
