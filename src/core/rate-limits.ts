// The limits of contract section 7 as fixed windows over counters that every instance shares.
import { addressKey } from './address-key';
import { AuthError } from './errors';
import type { Clock } from './ports';
import type { Role } from './schemas';

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

/** A client known to the account (a device marker) is not held to the per-e-mail cap. */
export interface LoginExemption {
  fromIdentityCap?: boolean;
}

export interface RateLimiter {
  /** Reserves one failed-login slot on every login limit, or throws rate_limited. */
  assertLoginAllowed(role: Role, email: string, ip: string | undefined, exemption?: LoginExemption): Promise<void>;
  /** Gives back the slot reserved by assertLoginAllowed after a successful login (with the same exemption). */
  refundLogin(role: Role, email: string, ip: string | undefined, exemption?: LoginExemption): Promise<void>;
  /** Counts one password-reset request; false when a limit is passed (no code, no mail). */
  allowResetRequest(role: Role, email: string, ip: string | undefined): Promise<boolean>;
}

export function createRateLimiter(settings: RateLimitSettings, store: CounterStore, clock: Clock): RateLimiter {
  function window(seconds: number) {
    const now = clock.now().getTime();
    const start = Math.floor(now / (seconds * 1000)) * seconds * 1000;
    const end = start + seconds * 1000;
    return { start, end, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
  }

  function loginKeys(role: Role, email: string, ip: string | undefined, exemption: LoginExemption = {}) {
    const w = window(settings.loginWindow);
    const addr = addressKey(ip);
    return {
      w,
      limits: [
        { key: `login:identity-ip:${role}:${email}:${addr}:${w.start}`, limit: settings.loginPerIdentityIp },
        ...(exemption.fromIdentityCap ? [] : [{ key: `login:identity:${role}:${email}:${w.start}`, limit: settings.loginPerIdentity }]),
        { key: `login:ip:${addr}:${w.start}`, limit: settings.loginPerIp },
      ],
    };
  }

  return {
    // Counting before the password is checked keeps the limit exact under parallel attempts.
    async assertLoginAllowed(role, email, ip, exemption) {
      const { w, limits } = loginKeys(role, email, ip, exemption);
      const counts = await Promise.all(limits.map((l) => store.add(l.key, 1, new Date(w.end))));
      if (counts.some((count, i) => count > limits[i]!.limit)) {
        await Promise.all(limits.map((l) => store.add(l.key, -1, new Date(w.end))));
        throw new AuthError('rate_limited', `Too many failed sign-in attempts. Try again in ${w.retryAfter} seconds.`, {
          retryAfter: w.retryAfter,
        });
      }
    },

    async refundLogin(role, email, ip, exemption) {
      const { w, limits } = loginKeys(role, email, ip, exemption);
      await Promise.all(limits.map((l) => store.add(l.key, -1, new Date(w.end))));
    },

    async allowResetRequest(role, email, ip) {
      const w = window(settings.resetWindow);
      const [perIdentity, perIp] = await Promise.all([
        store.add(`reset:identity:${role}:${email}:${w.start}`, 1, new Date(w.end)),
        store.add(`reset:ip:${addressKey(ip)}:${w.start}`, 1, new Date(w.end)),
      ]);
      return perIdentity <= settings.resetPerIdentity && perIp <= settings.resetPerIp;
    },
  };
}
