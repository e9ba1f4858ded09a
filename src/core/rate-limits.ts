// The limits (docs/interface.md, "Limits") as fixed windows over counters every instance shares.
import { addressKey } from './address-key';
import { AuthError } from './auth-error';
import type { Clock } from './ports';
import type { Role } from '../contract/auth-schemas';
import type { CounterStore } from './counters';
import { settledFailuresKey, waitForLoginSlot, type SlotWaiting } from './login-slot-wait';

export type { CounterStore };

export interface RateLimitSettings {
  loginWindow: number;
  loginPerIdentityIp: number;
  loginPerIdentity: number;
  loginPerIp: number;
  resetWindow: number;
  resetPerIdentity: number;
  resetPerIp: number;
  /** Customers: registrations and resends per address, mails per e-mail, in one window. */
  customerWindow: number;
  registerPerIp: number;
  codesPerEmail: number;
  /** Guest sessions started per address, in one window. */
  guestWindow: number;
  guestsPerIp: number;
  /** Invitations (and their resends) per inviting account and per invited address, in one window. */
  invitationWindow: number;
  invitationsPerInviter: number;
  invitationsPerAddress: number;
  /** Apps registering themselves (RFC 7591) per address, in one window. */
  appRegistrationWindow: number;
  appRegistrationsPerIp: number;
}

/** A client known to the account (a device marker) is not held to the per-e-mail cap. */
export interface LoginExemption {
  fromIdentityCap?: boolean;
}

export interface RateLimiter {
  /**
   * Reserves one failed-login slot on every login limit, waiting briefly while the slots are held
   * by attempts still in flight; throws rate_limited once failures fill a limit. A known device is
   * exempt from the per-e-mail cap.
   */
  assertLoginAllowed(role: Role, email: string, ip: string | undefined, exemption?: LoginExemption): Promise<void>;
  /** Gives back the slot reserved by assertLoginAllowed after a successful login (with the same exemption). */
  refundLogin(role: Role, email: string, ip: string | undefined, exemption?: LoginExemption): Promise<void>;
  /** Marks the slot reserved by assertLoginAllowed as a settled failure (a wrong password). */
  recordLoginFailure(role: Role, email: string, ip: string | undefined, exemption?: LoginExemption): Promise<void>;
  /** Counts one password-reset request; false when a limit is passed (no code, no mail). */
  allowResetRequest(role: Role, email: string, ip: string | undefined): Promise<boolean>;
  /** Counts one customer registration or resend from `ip`; false past the limit. */
  allowRegistration(ip: string | undefined): Promise<boolean>;
  /** Counts one guest session started from `ip`; throws rate_limited past the limit. */
  assertGuestAllowed(ip: string | undefined): Promise<void>;
  /** Counts one app registering itself from `ip`; throws rate_limited past the limit. */
  assertAppRegistrationAllowed(ip: string | undefined): Promise<void>;
  /** Counts one code or notice mailed to `email`, of any purpose; false past the limit (no mail). */
  allowCodeMail(role: Role, email: string): Promise<boolean>;
  /** Counts one invitation mail from `inviterId` to `email` of `role`; throws rate_limited past either limit. */
  assertInvitationAllowed(role: Role, inviterId: string, email: string): Promise<void>;
}

/**
 * The fixed window of `seconds` that holds the present moment: every limit counts in one, keyed by
 * its `start`, its counter expiring at `end`; `retryAfter` is the whole seconds left in it.
 */
export function fixedWindow(clock: Clock, seconds: number): { start: number; end: Date; retryAfter: number } {
  const now = clock.now().getTime();
  const size = seconds * 1000;
  const start = Math.floor(now / size) * size;
  return { start, end: new Date(start + size), retryAfter: Math.max(1, Math.ceil((start + size - now) / 1000)) };
}

export function createRateLimiter(
  settings: RateLimitSettings,
  store: CounterStore,
  clock: Clock,
  waiting?: SlotWaiting,
): RateLimiter {
  const window = (seconds: number) => fixedWindow(clock, seconds);

  function loginKeys(role: Role, email: string, ip: string | undefined, exemption: LoginExemption = {}) {
    const w = window(settings.loginWindow);
    const addr = addressKey(ip);
    return {
      w,
      limits: [
        { key: `login:identity-ip:${role}:${email}:${addr}:${w.start}`, limit: settings.loginPerIdentityIp },
        ...(exemption.fromIdentityCap
          ? []
          : [{ key: `login:identity:${role}:${email}:${w.start}`, limit: settings.loginPerIdentity }]),
        { key: `login:ip:${addr}:${w.start}`, limit: settings.loginPerIp },
      ],
    };
  }

  return {
    assertLoginAllowed(role, email, ip, exemption) {
      return waitForLoginSlot(store, () => loginKeys(role, email, ip, exemption), waiting);
    },

    async refundLogin(role, email, ip, exemption) {
      const { w, limits } = loginKeys(role, email, ip, exemption);
      await store.addEach(
        limits.map((l) => l.key),
        -1,
        w.end,
      );
    },

    async recordLoginFailure(role, email, ip, exemption) {
      const { w, limits } = loginKeys(role, email, ip, exemption);
      await store.addEach(
        limits.map((l) => settledFailuresKey(l.key)),
        1,
        w.end,
      );
    },

    async allowResetRequest(role, email, ip) {
      const w = window(settings.resetWindow);
      const [perIdentity, perIp] = await store.addEach(
        [`reset:identity:${role}:${email}:${w.start}`, `reset:ip:${addressKey(ip)}:${w.start}`],
        1,
        w.end,
      );
      return perIdentity! <= settings.resetPerIdentity && perIp! <= settings.resetPerIp;
    },

    async allowRegistration(ip) {
      const w = window(settings.customerWindow);
      return (
        (await store.add(`register:ip:${addressKey(ip)}:${w.start}`, 1, new Date(w.end))) <= settings.registerPerIp
      );
    },

    async assertGuestAllowed(ip) {
      const w = window(settings.guestWindow);
      if ((await store.add(`guest:ip:${addressKey(ip)}:${w.start}`, 1, new Date(w.end))) > settings.guestsPerIp)
        throw new AuthError('rate_limited', 'Too many guest sessions from this address.', { retryAfter: w.retryAfter });
    },

    async assertAppRegistrationAllowed(ip) {
      const w = window(settings.appRegistrationWindow);
      const count = await store.add(`app-register:ip:${addressKey(ip)}:${w.start}`, 1, new Date(w.end));
      if (count > settings.appRegistrationsPerIp)
        throw new AuthError('rate_limited', 'Too many apps registered from this address.', {
          retryAfter: w.retryAfter,
        });
    },

    async allowCodeMail(role, email) {
      const w = window(settings.customerWindow);
      return (await store.add(`code-mail:${role}:${email}:${w.start}`, 1, new Date(w.end))) <= settings.codesPerEmail;
    },

    async assertInvitationAllowed(role, inviterId, email) {
      const w = window(settings.invitationWindow);
      const [perInviter, perAddress] = await store.addEach(
        [`invite:inviter:${inviterId}:${w.start}`, `invite:address:${role}:${email}:${w.start}`],
        1,
        w.end,
      );
      if (perInviter! > settings.invitationsPerInviter || perAddress! > settings.invitationsPerAddress)
        throw new AuthError('rate_limited', 'Too many invitations: try again later.', { retryAfter: w.retryAfter });
    },
  };
}
