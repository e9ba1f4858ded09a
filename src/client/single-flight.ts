// One refresh in flight at a time: concurrent callers share the pending promise (seed section 5).

/** Wraps `task` so that calls made while one run is pending share that run's result. */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= task().finally(() => {
      pending = null;
    });
    return pending;
  };
}
