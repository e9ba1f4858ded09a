// The limits (docs/interface.md, "Limits") as fixed windows over counters every instance shares.
import type { Clock } from './ports';
import type { Role } from '../contract/auth-schemas';
import { settledFailuresKey, waitForLoginSlot, type SlotWaiting } from './login-slot-wait';

export interface CounterStore {
  /** Adds `by` to the counter `key` (created at 0, expiring at `expiresAt`) and returns its new value. */
  add(key: string, by: number, expiresAt: Date): Promise<number>;
}

export interface RateLimitSettings {
  loginWindow: number;
  loginPerIdentityIp: number;
  loginPerIdentity: number;
  loginPerIp: number;
  resetWindow: number;
  resetPerIdentity: number;
  resetPerIp: number;
}

export interface RateLimiter {
  /**
   * Reserves one failed-login slot on every login limit, waiting briefly while the slots are held
   * by attempts still in flight; throws rate_limited once failures fill a limit.
   */
  assertLoginAllowed(role: Role, email: string, ip: string | undefined): Promise<void>;
  /** Gives back the slot reserved by assertLoginAllowed after a successful login. */
  refundLogin(role: Role, email: string, ip: string | undefined): Promise<void>;
  /** Marks the slot reserved by assertLoginAllowed as a settled failure (a wrong password). */
  recordLoginFailure(role: Role, email: string, ip: string | undefined): Promise<void>;
  /** Counts one password-reset request; false when a limit is passed (no code, no mail). */
  allowResetRequest(role: Role, email: string, ip: string | undefined): Promise<boolean>;
}

const UNKNOWN_IP = 'unknown';

export function createRateLimiter(settings: RateLimitSettings, store: CounterStore, clock: Clock, waiting?: SlotWaiting): RateLimiter {
  function window(seconds: number) {
    const now = clock.now().getTime();
    const start = Math.floor(now / (seconds * 1000)) * seconds * 1000;
    const end = start + seconds * 1000;
    return { start, end, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
  }

  function loginKeys(role: Role, email: string, ip: string | undefined) {
    const w = window(settings.loginWindow);
    const addr = ip ?? UNKNOWN_IP;
    return {
      w,
      limits: [
        { key: `login:identity-ip:${role}:${email}:${addr}:${w.start}`, limit: settings.loginPerIdentityIp },
        { key: `login:identity:${role}:${email}:${w.start}`, limit: settings.loginPerIdentity },
        { key: `login:ip:${addr}:${w.start}`, limit: settings.loginPerIp },
      ],
    };
  }

  return {
    assertLoginAllowed(role, email, ip) {
      return waitForLoginSlot(store, () => loginKeys(role, email, ip), waiting);
    },

    async refundLogin(role, email, ip) {
      const { w, limits } = loginKeys(role, email, ip);
      await Promise.all(limits.map((l) => store.add(l.key, -1, new Date(w.end))));
    },

    async recordLoginFailure(role, email, ip) {
      const { w, limits } = loginKeys(role, email, ip);
      await Promise.all(limits.map((l) => store.add(settledFailuresKey(l.key), 1, new Date(w.end))));
    },

    async allowResetRequest(role, email, ip) {
      const w = window(settings.resetWindow);
      const [perIdentity, perIp] = await Promise.all([
        store.add(`reset:identity:${role}:${email}:${w.start}`, 1, new Date(w.end)),
        store.add(`reset:ip:${ip ?? UNKNOWN_IP}:${w.start}`, 1, new Date(w.end)),
      ]);
      return perIdentity <= settings.resetPerIdentity && perIp <= settings.resetPerIp;
    },
  };
}
