// The ports of the revocation feed: its stored entries and positions, and the signal that wakes a
// long poll when the change counter moves on.

/**
 * `session`: a sid; `account`: every token of an account; `terminal`: every PIN session of a terminal; `grant`: the
 * tokens of an app's grant (their `sid`).
 */
export type RevocationKind = 'session' | 'account' | 'terminal' | 'grant';

/** One entry as stored: its feed position (`seq`), what ended, and when. */
export interface RevocationEntry {
  seq: number;
  kind: RevocationKind;
  subject: string;
  at: Date;
}

/**
 * Read in this order: the version, the entries up to it (every entry at or below a committed version
 * has committed), then the swept mark (raised before entries are removed, so a page that lost an
 * entry to a sweep sees the mark above its cursor).
 */
export interface RevocationFeedStore {
  /** The committed change version: the newest position. */
  version(): Promise<number>;
  /** The highest position removed as too old; 0 before the first sweep. */
  sweptThrough(): Promise<number>;
  /**
   * Entries with `after < seq <= through`, oldest first: about `limit` of them, never splitting the
   * entries of one position across pages.
   */
  entries(after: number, through: number, limit: number): Promise<RevocationEntry[]>;
}

/** Why a wait for a change ended. */
export type WaitOutcome = 'changed' | 'timeout' | 'closing';

/** Take `generation()` before reading the feed, then wait with it: a change in between is not missed. */
export interface ChangeSignal {
  /** Moves on whenever the instance saw the change counter move (or a local change begin). */
  generation(): number;
  /** Resolves when the generation is no longer `since`, after `ms`, or at once when the instance is shutting down. */
  wait(since: number, ms: number): Promise<WaitOutcome>;
}
