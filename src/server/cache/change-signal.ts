// Wakes the revocation feed's long polls: while any poll waits, the instance looks at its change feed
// (a read of the counter on SQLite, the notifications on PostgreSQL) every tick, and wakes every
// waiter when the generation moved on, or when the instance starts shutting down.
import type { ChangeSignal, WaitOutcome } from '@/core/revocation-ports';
import type { AuthChangeFeed } from './auth-change-feed';

/** How often a waiting poll's instance looks for a change: well inside the feed's one second. */
const TICK_MS = 100;
const DRAINING_PAUSE_MS = 1000;

export function createChangeSignal(
  feed: Pick<AuthChangeFeed, 'generation'>,
  closing: () => boolean,
): ChangeSignal & { close(): void } {
  const waiters = new Map<(outcome: WaitOutcome) => void, number>();
  let timer: NodeJS.Timeout | undefined;

  function tick() {
    const outcome = closing() ? 'closing' : undefined;
    const generation = outcome ? 0 : feed.generation();
    for (const [settle, since] of waiters) if (outcome || generation !== since) settle(outcome ?? 'changed');
    if (waiters.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    generation: () => feed.generation(),
    wait(since, ms) {
      // A poll that arrives while the instance drains gets its empty page after a pause, so a
      // service that polls again at once does not spin until the balancer stops sending it here.
      if (closing())
        return new Promise((resolve) => setTimeout(() => resolve('closing'), Math.min(ms, DRAINING_PAUSE_MS)).unref());
      if (feed.generation() !== since) return Promise.resolve('changed');
      return new Promise<WaitOutcome>((resolve) => {
        const deadline = setTimeout(() => settle('timeout'), ms);
        function settle(outcome: WaitOutcome) {
          clearTimeout(deadline);
          waiters.delete(settle);
          resolve(outcome);
        }
        waiters.set(settle, since);
        if (!timer) {
          timer = setInterval(tick, TICK_MS);
          timer.unref();
        }
      });
    },
    close() {
      for (const settle of [...waiters.keys()]) settle('closing');
      clearInterval(timer);
      timer = undefined;
    },
  };
}
