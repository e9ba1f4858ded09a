// Work that runs after an answer has gone out, tracked so shutdown and tests can wait for it.
// Inside a request scope the adapter decides when to start it (after the response is sent, so the
// work cannot slow the answer it follows); outside one it starts on the next turn of the loop.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@/core/ports';
import type { Defer } from '@/core/reset-ports';

export type StartDeferred = () => void;
const requestScope = new AsyncLocalStorage<StartDeferred[]>();

/** Runs `work`, collecting into `into` the tasks it defers, for the caller to start them later. */
export function collectDeferred<T>(into: StartDeferred[], work: () => Promise<T>): Promise<T> {
  return requestScope.run(into, work);
}

export function createDeferredTasks(logger: Logger) {
  const pending = new Set<Promise<void>>();
  const defer: Defer = (name, task) => {
    let start!: StartDeferred;
    const run = new Promise<void>((resolve) => {
      start = resolve;
    })
      .then(task)
      .catch((error: unknown) => {
        logger.error({ event: 'deferred_task_failed', task: name, err: error instanceof Error ? { message: error.message, name: error.name } : String(error) }, `${name} failed`);
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
