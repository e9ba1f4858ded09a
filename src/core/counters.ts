// The counters every instance shares, behind the limits: a port the database implements.
export interface CounterStore {
  /** Adds `by` to the counter `key` (created at 0, expiring at `expiresAt`) and returns its new value. */
  add(key: string, by: number, expiresAt: Date): Promise<number>;
  /** The same for several distinct counters at once (one round trip); their new values in the order of `keys`. */
  addEach(keys: string[], by: number, expiresAt: Date): Promise<number[]>;
}
