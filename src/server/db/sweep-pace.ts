// The pace of the sweeper's batches: after each one it rests as long as the batch took, so a large
// backlog takes at most half of the database's time from the requests it serves meanwhile (at a
// million customers, sign-ins ran at 0.6 of their rate while a pass ran batch after batch).

/** Rests after a batch that started at `startedAt` (performance.now()) for as long as it took. */
export function restAfterBatch(startedAt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(1, performance.now() - startedAt)));
}
