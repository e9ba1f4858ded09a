// Wrong e-mailed codes per account across every code and purpose, in a fixed window: each new code
// restarts the per-code attempts, so without this cap 5 codes an hour would allow 25 guesses an
// hour without end. Past the cap even the right code is refused and no new code is mailed.
import type { Clock } from './ports';
import { fixedWindow, type CounterStore } from './rate-limits';

export interface CodeFailureCap {
  /** Reserves one failure before a code is compared; false (nothing reserved) when past the cap. */
  reserve(role: string, accountId: string): Promise<boolean>;
  /** Gives the reserved failure back: the code was right. */
  release(role: string, accountId: string): Promise<void>;
  /** Whether the account may be sent a new code. */
  allowsNewCode(role: string, accountId: string): Promise<boolean>;
}

export function createCodeFailureCap(
  settings: { window: number; perAccount: number },
  store: CounterStore,
  clock: Clock,
): CodeFailureCap {
  function counter(role: string, accountId: string) {
    const { start, end } = fixedWindow(clock, settings.window);
    return { key: `code-failures:${role}:${accountId}:${start}`, end };
  }
  const add = (role: string, accountId: string, by: number) => {
    const { key, end } = counter(role, accountId);
    return store.add(key, by, end);
  };

  return {
    // Counting before comparing keeps the cap exact under parallel guesses.
    async reserve(role, accountId) {
      if ((await add(role, accountId, 1)) <= settings.perAccount) return true;
      await add(role, accountId, -1);
      return false;
    },
    async release(role, accountId) {
      await add(role, accountId, -1);
    },
    async allowsNewCode(role, accountId) {
      return (await add(role, accountId, 0)) < settings.perAccount;
    },
  };
}
