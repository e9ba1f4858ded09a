// What the platform's other services ask with their client credentials: whether an access token is
// live (RFC 7662 introspection, by the same check as this service's own routes) and what was revoked
// since their cursor (the revocation feed, long-polled). Both are limited per client.
import { decodeJwt } from 'jose';
import type { AppTokenClaims } from '../app-ports';
import { AuthError } from '../auth-error';
import { fixedWindow } from '../rate-limits';
import type { RevocationEntry } from '../revocation-ports';
import { parseInput } from '../validation';
import { ROLES, type Role } from '../../contract/auth-schemas';
import type { VendorType } from '../../contract/module-keys';
import {
  introspectionRequest,
  revocationQuery,
  type IntrospectionAnswer,
  type RevocationPage,
} from '../../contract/revocation-schemas';
import type { ServiceDeps } from './deps';
import type { createAuthenticate } from './principal';
import type { ServiceCaller } from './service-clients';

/** Entries per page at most (a page never splits the entries of one change). */
const PAGE = 500;
const INACTIVE: IntrospectionAnswer = { active: false };

/**
 * Which check an access token calls for, unverified: an app's (it names its `client_id`), or the role's; undefined
 * when none.
 */
function claimedKind(token: string): Role | 'app' | undefined {
  try {
    const claims = decodeJwt(token);
    if (claims.client_id !== undefined) return 'app';
    return (ROLES as readonly unknown[]).includes(claims.role) ? (claims.role as Role) : undefined;
  } catch {
    return undefined;
  }
}

/** An app token's answer: its person and business, and the app and scopes it acts with. */
const appAnswer = (claims: AppTokenClaims): IntrospectionAnswer => ({
  active: true,
  token_type: 'Bearer',
  sub: claims.sub,
  role: claims.role,
  exp: claims.exp,
  iat: claims.iat,
  sid: claims.sid,
  ...(claims.vendorType === undefined ? {} : { vendor_type: claims.vendorType as VendorType }),
  ...(claims.vendorId === undefined ? {} : { vendor_id: claims.vendorId }),
  modules: [],
  client_id: claims.clientId,
  scope: claims.scope,
  aud: claims.aud,
});

/**
 * The feed's time of an entry: the last whole second before the revocation. A token carries whole
 * seconds, so one issued in that same second may be older or newer than the revocation; it is not
 * covered by `at`, and needs not be: a revocation also names every session it ended (`session`
 * entries), and a token issued after it belongs to a new session.
 */
const feedSecond = (at: Date) => Math.floor(at.getTime() / 1000) - 1;

const itemOf = (entry: RevocationEntry) => ({ kind: entry.kind, id: entry.subject, at: feedSecond(entry.at) });

type Deps = Pick<ServiceDeps, 'counters' | 'clock' | 'config' | 'revocationFeed' | 'changes' | 'appTokens'>;

export function createPlatformCalls(deps: Deps, authenticate: ReturnType<typeof createAuthenticate>) {
  const { counters, clock, config, revocationFeed: feed, changes, appTokens } = deps;

  /** One call of the client counted against INTROSPECT_PER_MINUTE; 429 with Retry-After past it. */
  async function countCall(caller: ServiceCaller) {
    const window = fixedWindow(clock, 60);
    const made = await counters.add(`service-client:${caller.id}:${window.start}`, 1, window.end);
    if (made > config.serviceClients.introspectPerMinute) {
      throw new AuthError('rate_limited', 'Too many calls of this service client this minute.', {
        retryAfter: window.retryAfter,
      });
    }
  }

  async function introspect(caller: ServiceCaller, body: unknown): Promise<IntrospectionAnswer> {
    await countCall(caller);
    const { token } = parseInput(introspectionRequest, body);
    const role = claimedKind(token);
    if (!role) return INACTIVE;
    if (role === 'app') {
      const claims = await appTokens.check(token);
      return claims ? appAnswer(claims) : INACTIVE;
    }
    let checked: Awaited<ReturnType<typeof authenticate.check>>;
    try {
      // A guest's token is live too: the platform's services tell guests from customers by `guest`.
      checked = await authenticate.check(role, token, {}, { guests: true });
    } catch (error) {
      if (error instanceof AuthError) return INACTIVE;
      throw error;
    }
    const { claims } = checked;
    const type = role === 'admin' ? { admin_type: claims.acct } : role === 'vendor' ? { vendor_type: claims.acct } : {};
    return {
      active: true,
      token_type: 'Bearer',
      sub: claims.sub,
      role,
      exp: claims.exp ?? 0,
      iat: claims.iat ?? 0,
      ...(claims.sid === undefined ? {} : { sid: claims.sid }),
      ...type,
      ...(claims.vendor_id === undefined ? {} : { vendor_id: claims.vendor_id }),
      modules: claims.modules,
      ...(claims.module_permissions === undefined ? {} : { module_permissions: claims.module_permissions }),
      ...(claims.terminal_id === undefined ? {} : { terminal_id: claims.terminal_id }),
      ...(claims.amr === undefined ? {} : { amr: claims.amr }),
      ...(claims.guest ? { guest: true } : {}),
    } as IntrospectionAnswer;
  }

  /**
   * The page after `after`: its entries, or, with none, a wait of up to `wait` seconds for one. A
   * cursor below the swept mark (entries removed) or above the newest version (never given) is 410.
   */
  async function revocations(caller: ServiceCaller, query: unknown): Promise<RevocationPage> {
    await countCall(caller);
    const input = parseInput(revocationQuery, query);
    if (input.after === undefined) return { items: [], cursor: String(await feed.version()) };
    const after = Number(input.after);
    const deadline = clock.now().getTime() + Number(input.wait ?? 0) * 1000;
    for (;;) {
      const since = changes.generation();
      const version = await feed.version();
      if (after > version)
        throw new AuthError('cursor_expired', 'This cursor is ahead of the feed; start again without one.');
      const entries = await feed.entries(after, version, PAGE);
      if (after < (await feed.sweptThrough())) throw new AuthError('cursor_expired');
      if (entries.length > 0)
        return {
          items: entries.map(itemOf),
          cursor: String(entries.length >= PAGE ? entries[entries.length - 1]!.seq : version),
        };
      const left = deadline - clock.now().getTime();
      if (left <= 0 || (await changes.wait(since, left)) === 'closing') return { items: [], cursor: String(version) };
    }
  }

  return { introspect, revocations, countCall };
}
