// Reserving a failed-login slot: counted before the password check so parallel attempts cannot
// overshoot a limit, and waiting (bounded) while the slots are held by attempts still in flight,
// so a right password is not refused merely because others are being checked at the same moment.
import { AuthError } from './auth-error';
import type { CounterStore } from './counters';

export interface LoginLimit {
  key: string;
  limit: number;
}

export interface LoginWindow {
  end: Date;
  retryAfter: number;
}

export interface SlotWaiting {
  /** Longest time an attempt waits for a slot held by attempts in flight (ms). */
  maxWaitMs: number;
  sleep(ms: number): Promise<void>;
}

// Long enough for a burst of bcrypt checks at the default cost to settle on a busy 2-core host;
// short enough that a client's request timeout (30 s and more) is never reached.
const DEFAULT_WAITING: SlotWaiting = {
  maxWaitMs: 10_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The counter of attempts on `key` that ended as a wrong password (the rest are in flight or refunded). */
export const settledFailuresKey = (key: string) => `settled:${key}`;

function refused(retryAfter: number, detail = `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`) {
  return new AuthError('rate_limited', detail, { retryAfter });
}

async function tryReserve(store: CounterStore, limits: LoginLimit[], w: LoginWindow): Promise<boolean> {
  const keys = limits.map((l) => l.key);
  const counts = await store.addEach(keys, 1, w.end);
  if (counts.every((count, i) => count <= limits[i]!.limit)) return true;
  await store.addEach(keys, -1, w.end);
  return false;
}

/** Whether settled failures alone fill a limit: no attempt in flight can free a slot then. */
async function failuresFillALimit(store: CounterStore, limits: LoginLimit[], w: LoginWindow): Promise<boolean> {
  const settled = await store.addEach(
    limits.map((l) => settledFailuresKey(l.key)),
    0,
    w.end,
  );
  return settled.some((count, i) => count >= limits[i]!.limit);
}

/**
 * Reserves a slot on every limit or throws rate_limited. `current` is re-read on each try, so a
 * wait that crosses into the next window counts there.
 */
export async function waitForLoginSlot(
  store: CounterStore,
  current: () => { w: LoginWindow; limits: LoginLimit[] },
  waiting: SlotWaiting = DEFAULT_WAITING,
): Promise<void> {
  let waited = 0;
  let delay = 20;
  for (;;) {
    const { w, limits } = current();
    if (await tryReserve(store, limits, w)) return;
    if (await failuresFillALimit(store, limits, w)) throw refused(w.retryAfter);
    if (waited >= waiting.maxWaitMs) throw refused(1, 'Too many sign-in attempts at once. Try again in a second.');
    // Jitter spreads the waiters' retries; the cap keeps a freed slot from idling long.
    const pause = Math.min(delay * (0.75 + Math.random() / 2), waiting.maxWaitMs - waited);
    await waiting.sleep(pause);
    waited += pause;
    delay = Math.min(delay * 2, 200);
  }
}
