// When the proof-of-work challenge is asked for: always, never, or while the guarded requests
// (sign-ups, code requests, sign-ins) from many addresses pass a threshold a minute, counted over
// the counters every instance shares.
import { addressKey } from './address-key';
import type { ChallengeMode } from './config-challenge';
import type { CounterStore } from './counters';
import type { Clock } from './ports';
import { fixedWindow } from './rate-limits';

/** The window the rate is counted in, in seconds. */
export const ATTACK_WINDOW = 60;

/**
 * Requests one address adds to the rate per window. One busy address (an office behind one NAT, or
 * one bot) is the per-address limits' concern: it cannot switch the challenge on for everyone, and
 * the threshold is reached only from at least threshold / ADDRESS_SHARE addresses.
 */
export const ADDRESS_SHARE = 3;

export interface AttackRateSettings {
  mode: ChallengeMode;
  threshold: number;
}

export interface AttackRate {
  /** Counts one guarded request from `ip`; true when this request must carry a solved challenge. */
  observe(ip: string | undefined): Promise<boolean>;
}

/** Whether `auto` asks for a challenge: the current minute's rate, or the last one's, past the threshold. */
export function underAttack(threshold: number, current: number, previous: number): boolean {
  return current > threshold || previous > threshold;
}

export function createAttackRate(settings: AttackRateSettings, store: CounterStore, clock: Clock): AttackRate {
  return {
    async observe(ip) {
      if (settings.mode !== 'auto') return settings.mode === 'always';
      const w = fixedWindow(clock, ATTACK_WINDOW);
      const fromAddress = await store.add(`challenge:address:${addressKey(ip)}:${w.start}`, 1, w.end);
      const current = await store.add(`challenge:rate:${w.start}`, fromAddress <= ADDRESS_SHARE ? 1 : 0, w.end);
      if (current > settings.threshold) return true;
      // The last minute's rate keeps it on for a minute after an attack stops, so it does not flap at each window.
      const previous = await store.add(`challenge:rate:${w.start - ATTACK_WINDOW * 1000}`, 0, w.end);
      return underAttack(settings.threshold, current, previous);
    },
  };
}
