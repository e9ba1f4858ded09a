// The kit's calls to the auth service as a service client: token introspection (RFC 7662), the
// revocation feed and spending approvals, all with HTTP Basic client authentication, each call counted.

export interface RevocationItem {
  kind: 'session' | 'account' | 'terminal' | 'grant';
  id: string;
  /** When it was revoked, in seconds since the epoch. */
  at: number;
}

export type FeedPage = { expired: true } | { expired: false; items: RevocationItem[]; cursor: string };

/** Requests the kit made to the auth service, by kind. */
export interface RequestCounts {
  jwks: number;
  introspect: number;
  feed: number;
  approvals: number;
}

/**
 * RFC 6749 section 2.3.1: the client id and secret are each form-url-encoded before they are joined
 * and base64-encoded, so a `:` or a non-ASCII character in either survives the trip.
 */
export function basicCredentials(clientId: string, clientSecret: string): string {
  const form = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
  return `Basic ${Buffer.from(`${form(clientId)}:${form(clientSecret)}`).toString('base64')}`;
}

/** A revocation time as the feed sends it (an ISO instant or seconds), in whole seconds; NaN when neither. */
function secondsOf(at: unknown): number {
  if (typeof at === 'number') return at > 1e12 ? Math.floor(at / 1000) : at;
  if (typeof at === 'string') return Math.floor(Date.parse(at) / 1000);
  return Number.NaN;
}

function itemsOf(raw: unknown): RevocationItem[] {
  if (!Array.isArray(raw)) throw new Error('the revocation feed answered without items');
  return raw.flatMap((item: { kind?: unknown; id?: unknown; at?: unknown }) => {
    const at = secondsOf(item.at);
    const known = ['session', 'account', 'terminal', 'grant'].includes(item.kind as string);
    return known && typeof item.id === 'string' && Number.isFinite(at)
      ? [{ kind: item.kind as RevocationItem['kind'], id: item.id, at }]
      : [];
  });
}

export function createServiceCalls(options: { apiUrl: string; clientId: string; clientSecret: string }) {
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  const authorization = basicCredentials(options.clientId, options.clientSecret);
  const counts: RequestCounts = { jwks: 0, introspect: 0, feed: 0, approvals: 0 };

  async function call(kind: 'introspect' | 'feed' | 'approvals', path: string, init: RequestInit): Promise<Response> {
    counts[kind] += 1;
    const response = await fetch(new URL(path, base), {
      ...init,
      headers: { ...init.headers, authorization, accept: 'application/json' },
    });
    if (response.status === 401)
      throw new Error(`the auth service refused the client credentials of ${options.clientId} (401)`);
    return response;
  }

  return {
    counts,
    /** Whether the auth service calls `token` a live access token now. */
    async introspect(token: string, signal?: AbortSignal): Promise<boolean> {
      const response = await call('introspect', 'api/v1/auth/introspect', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal,
      });
      if (!response.ok) throw new Error(`introspection answered ${response.status}`);
      const body = (await response.json()) as { active?: unknown };
      return body.active === true;
    },
    /** Spends an approval token once: `refused` when it was spent already (anywhere) or is void. */
    async spendApproval(token: string): Promise<'spent' | 'refused'> {
      const response = await call('approvals', 'api/v1/auth/approvals/spend', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ approval_token: token }),
      });
      await response.body?.cancel();
      if (response.status === 409) return 'refused';
      if (!response.ok) throw new Error(`spending the approval answered ${response.status}`);
      return 'spent';
    },
    /** One page of the feed after `cursor` (none: the current cursor), waiting up to `wait` seconds for an item. */
    async revocations(cursor: string | undefined, wait: number, signal?: AbortSignal): Promise<FeedPage> {
      const query = new URLSearchParams(cursor === undefined ? {} : { after: cursor, wait: String(wait) });
      const response = await call('feed', `api/v1/auth/revocations?${query.toString()}`, { method: 'GET', signal });
      if (response.status === 410) {
        await response.body?.cancel();
        return { expired: true };
      }
      if (!response.ok) throw new Error(`the revocation feed answered ${response.status}`);
      const body = (await response.json()) as { items?: unknown; cursor?: unknown };
      if (typeof body.cursor !== 'string') throw new Error('the revocation feed answered without a cursor');
      return { expired: false, items: itemsOf(body.items), cursor: body.cursor };
    },
  };
}

export type ServiceCalls = ReturnType<typeof createServiceCalls>;
