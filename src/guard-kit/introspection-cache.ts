// Introspection verdicts kept briefly: one call per token however many requests carry it at once,
// and its answer reused for at most `ttlMs` (never past the token's expiry).
import type { ServiceCalls } from './service-calls';

interface Verdict {
  active: boolean;
  /** When the question was sent (ms): a verdict only vouches for what was true then. */
  askedAt: number;
  until: number;
}

const MAX_ENTRIES = 50_000;

export function createIntrospectionCache(client: Pick<ServiceCalls, 'introspect'>, ttlMs: number) {
  const verdicts = new Map<string, Verdict>();
  const pending = new Map<string, Promise<Verdict>>();

  function forget(now: number) {
    for (const [token, verdict] of verdicts) if (verdict.until <= now) verdicts.delete(token);
    // Still too many live ones: the oldest go first (a Map iterates in insertion order).
    for (const token of verdicts.keys()) {
      if (verdicts.size < MAX_ENTRIES) break;
      verdicts.delete(token);
    }
  }

  async function ask(token: string, expiresAt: number): Promise<Verdict> {
    const askedAt = Date.now();
    const active = await client.introspect(token);
    const verdict = { active, askedAt, until: Math.min(askedAt + ttlMs, expiresAt * 1000) };
    if (verdicts.size >= MAX_ENTRIES) forget(Date.now());
    verdicts.set(token, verdict);
    return verdict;
  }

  return {
    /**
     * Whether the auth service calls `token` live, asked no earlier than `notBefore` (ms) and at most
     * `ttlMs` ago; one call in flight per token.
     */
    async active(token: string, expiresAt: number, notBefore = 0): Promise<boolean> {
      const known = verdicts.get(token);
      if (known && known.until > Date.now() && known.askedAt >= notBefore) return known.active;
      let asking = pending.get(token);
      if (!asking) {
        asking = ask(token, expiresAt).finally(() => pending.delete(token));
        pending.set(token, asking);
      }
      return (await asking).active;
    },
    clear: () => verdicts.clear(),
  };
}

export type IntrospectionCache = ReturnType<typeof createIntrospectionCache>;
