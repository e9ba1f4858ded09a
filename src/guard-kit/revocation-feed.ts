// What the revocation feed has said: one background long-poll loop keeps a set of ended sessions,
// accounts, terminals and app grants, against which every token is checked in memory. Tokens issued
// before the loop (re)synced are introspected once, since revocations before that point were never heard.
import type { ServiceCalls, RevocationItem } from './service-calls';
import type { GuardPrincipal } from './access-token';
import { GuardError } from './guard-error';
import type { IntrospectionCache } from './introspection-cache';

export interface GuardLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface FeedOptions {
  client: ServiceCalls;
  introspection: IntrospectionCache;
  logger: GuardLogger;
  /** Seconds each long poll waits for an item (0-30). */
  wait: number;
  /** Seconds a revocation is remembered: longer than any access token lives. */
  retention: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export function createRevocationFeed(options: FeedOptions) {
  const { client, introspection, logger } = options;
  const ended = {
    session: new Map<string, number>(),
    account: new Map<string, number>(),
    terminal: new Map<string, number>(),
    grant: new Map<string, number>(),
  };
  const stop = new AbortController();
  let cursor: string | undefined;
  /**
   * The second the current cursor was asked for, and the moment (ms): tokens issued up to then may have been revoked
   * unheard.
   */
  let syncedAt: { second: number; ms: number } | undefined;
  let reachable = true;
  let lastHeard: Date | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function remember(items: RevocationItem[]) {
    for (const item of items) ended[item.kind].set(item.id, Math.max(item.at, ended[item.kind].get(item.id) ?? 0));
    const oldest = nowSeconds() - options.retention;
    for (const map of Object.values(ended)) for (const [id, at] of map) if (at < oldest) map.delete(id);
  }

  /** Asks for the current cursor: from here on every revocation is heard. */
  async function sync() {
    const asked = { second: nowSeconds(), ms: Date.now() };
    const page = await client.revocations(undefined, 0, stop.signal);
    if (page.expired) throw new Error('the revocation feed refused a request without a cursor');
    cursor = page.cursor;
    syncedAt = asked;
    remember(page.items);
    markReady();
  }

  async function poll() {
    const page = await client.revocations(cursor, options.wait, stop.signal);
    if (page.expired) {
      logger.warn(
        'revocation feed: the cursor is older than the feed keeps (410); re-syncing, and introspecting tokens issued before the re-sync until they expire',
      );
      cursor = undefined;
      return;
    }
    remember(page.items);
    cursor = page.cursor;
  }

  async function run() {
    let backoff = 250;
    while (!stop.signal.aborted) {
      try {
        await (cursor === undefined ? sync() : poll());
        lastHeard = new Date();
        if (!reachable) logger.info('revocation feed: reachable again');
        reachable = true;
        backoff = 250;
      } catch (error) {
        if (stop.signal.aborted) break;
        if (reachable) {
          const since = lastHeard ? `as of ${lastHeard.toISOString()}` : 'none yet';
          logger.warn(
            `revocation feed unreachable (${(error as Error).message}); refusing what was known revoked (${since}) and tokens issued before the feed was synced, accepting the rest, until it answers again`,
          );
        }
        reachable = false;
        await sleep(backoff, stop.signal);
        backoff = Math.min(backoff * 2, 5000);
      }
    }
  }
  const loop = run();

  function revoked(p: GuardPrincipal): boolean {
    if (p.sessionId !== undefined && ended[p.clientId === undefined ? 'session' : 'grant'].has(p.sessionId))
      return true;
    const account = ended.account.get(p.accountId);
    if (account !== undefined && p.issuedAt <= account) return true;
    const terminal = p.terminalId === undefined ? undefined : ended.terminal.get(p.terminalId);
    return terminal !== undefined && p.issuedAt <= terminal;
  }

  return {
    ready,
    async check(principal: GuardPrincipal, token: string): Promise<void> {
      if (revoked(principal)) throw new GuardError('session_revoked');
      const since = syncedAt;
      if (since !== undefined && principal.issuedAt > since.second) return;
      // Issued before the feed's knowledge starts: its revocation may have gone unheard. Asked once
      // after the sync, the auth service's answer covers the past; the feed covers what follows.
      let active: boolean;
      try {
        active = await introspection.active(token, principal.expiresAt, since?.ms ?? Number.POSITIVE_INFINITY);
      } catch {
        throw new GuardError('unavailable', 'The auth service cannot be reached to check this token.');
      }
      if (!active) throw new GuardError('session_revoked');
    },
    status: () => ({
      synced: syncedAt !== undefined && cursor !== undefined,
      reachable,
      lastHeard,
      revocations: ended.session.size + ended.account.size + ended.terminal.size + ended.grant.size,
    }),
    async close() {
      stop.abort();
      await loop;
    },
  };
}

export type RevocationFeed = ReturnType<typeof createRevocationFeed>;
