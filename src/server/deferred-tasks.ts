// Work that runs after an answer has gone out, tracked so shutdown and tests can wait for it.
// Inside a request scope the adapter decides when to start it (after the response is sent, so the
// work cannot slow the answer it follows); outside one it starts on the next turn of the loop.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@/core/ports';
import type { Defer } from '@/core/reset-ports';

export type StartDeferred = () => void;
const requestScope = new AsyncLocalStorage<StartDeferred[]>();

/**
 * Deferred tasks running at once in this process, past which a request that defers one waits
 * before it answers. Without it a flood of requests that answer at once and defer their work
 * (password-reset step 1) outran the database and grew the backlog until the heap ran out; with
 * it the flood is answered at the rate the work drains. The wait depends only on the load, never
 * on what the request was about (an existing e-mail or not).
 */
export const MAX_RUNNING_DEFERRED = 200;
let running = 0;
const waitingForRoom: (() => void)[] = [];

function taskFinished() {
  running--;
  while (running < MAX_RUNNING_DEFERRED && waitingForRoom.length > 0) waitingForRoom.shift()!();
}

async function roomToDefer(): Promise<void> {
  while (running >= MAX_RUNNING_DEFERRED) await new Promise<void>((resolve) => waitingForRoom.push(resolve));
}

/**
 * Runs `work`, collecting into `into` the tasks it defers, for the caller to start them later;
 * when it deferred any, resolves (or rejects) only once there is room for them to run.
 */
export async function collectDeferred<T>(into: StartDeferred[], work: () => Promise<T>): Promise<T> {
  try {
    return await requestScope.run(into, work);
  } finally {
    if (into.length > 0) await roomToDefer();
  }
}

export function createDeferredTasks(logger: Logger) {
  const pending = new Set<Promise<void>>();
  const defer: Defer = (name, task) => {
    let start!: StartDeferred;
    const run = new Promise<void>((resolve) => {
      start = resolve;
    })
      .then(async () => {
        running++;
        try {
          await task();
        } finally {
          taskFinished();
        }
      })
      .catch((error: unknown) => {
        logger.error(
          {
            event: 'deferred_task_failed',
            task: name,
            err: error instanceof Error ? { message: error.message, name: error.name } : String(error),
          },
          `${name} failed`,
        );
      })
      .finally(() => pending.delete(run));
    pending.add(run);
    const scope = requestScope.getStore();
    if (scope) scope.push(start);
    else setImmediate(start);
  };
  return {
    defer,
    /** Resolves when every task started so far has finished. */
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
