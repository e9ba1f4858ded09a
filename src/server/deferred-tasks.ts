// Work that runs after an answer has gone out, tracked so shutdown and tests can wait for it.
import type { Logger } from '@/core/ports';
import type { Defer } from '@/core/reset-ports';

export function createDeferredTasks(logger: Logger) {
  const pending = new Set<Promise<void>>();
  const defer: Defer = (name, task) => {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => {
        logger.error({ event: 'deferred_task_failed', task: name, err: error instanceof Error ? { message: error.message, name: error.name } : String(error) }, `${name} failed`);
      })
      .finally(() => pending.delete(run));
    pending.add(run);
  };
  return {
    defer,
    /** Resolves when every task started so far has finished. */
    async settle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
