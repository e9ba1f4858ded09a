// Refresh under load without reuse: each connection takes the newest refresh token of a chain
// (a sign-in family), presents it once, and hands the chain on with the successor from the answer.
import type { DynamicRequest } from 'autocannon';

export interface RefreshChains {
  /** The request list for autocannon: one dynamic request that rotates a chain per send. */
  requests: DynamicRequest[];
  /** Chains ready for another send (not in flight, not broken). */
  ready(): number;
  /** More chains: each stopped run strands the ones in flight, whose successors never arrive. */
  add(tokens: string[]): void;
  /** Chains whose answer was not a new pair (each one is also an error in the measurement). */
  broken(): number;
}

/**
 * `tokens` are refresh tokens of distinct sign-ins, one per chain. autocannon calls onResponse
 * before the same connection builds its next request, so with at least as many chains as
 * connections a chain is always ready, and no token is ever presented twice: every request is a
 * real rotation (verify, token and account lookup, the rotating transaction, two signatures).
 */
/** How a refresh is sent: the service's own JSON body, or OAuth's form (`oauthRefresh`). */
export interface RefreshFormat {
  headers: Record<string, string>;
  body(token: string): string;
}

const SERVICE_REFRESH: RefreshFormat = {
  headers: { 'content-type': 'application/json' },
  body: (token) => JSON.stringify({ refresh_token: token }),
};

/** An app's refresh at /oauth/token (RFC 6749 section 6), the app authenticating with `authorization`. */
export const oauthRefresh = (authorization: string): RefreshFormat => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
  body: (token) => new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
});

export function refreshChains(path: string, tokens: string[], format = SERVICE_REFRESH): RefreshChains {
  const ready = [...tokens];
  let broken = 0;
  const request: DynamicRequest = {
    method: 'POST',
    path,
    headers: format.headers,
    setupRequest(req) {
      // No chain left (only after broken ones): a token that fails, counted as an error, rather
      // than a skipped send, which autocannon would retry at once, without end.
      const token = ready.shift() ?? 'no-chain-left';
      return { ...req, body: format.body(token) };
    },
    onResponse(status, body) {
      if (status !== 200) {
        broken++;
        return;
      }
      ready.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
    },
  };
  return { requests: [request], ready: () => ready.length, add: (more) => ready.push(...more), broken: () => broken };
}
