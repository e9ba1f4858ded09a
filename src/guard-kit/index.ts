// The guard kit: what another service of the platform needs to accept this service's access tokens
// and apply its module rules. Framework-free: Web `Request`, Node's `IncomingMessage`, or the token.
import { moduleRefusal } from '../core/module-access';
import { createVerifier, type GuardPrincipal } from './access-token';
import { createApprovalCheck, type Approval, type ApprovalExpectation } from './approval';
import { createServiceCalls } from './service-calls';
import { GuardError } from './guard-error';
import { protectedResourceOf } from './resource-metadata';
import { createIntrospectionCache } from './introspection-cache';
import { createRevocationFeed, type GuardLogger } from './revocation-feed';

export { GuardError, isGuardError, type GuardErrorCode } from './guard-error';
export { basicCredentials } from './service-calls';
export type { GuardPrincipal } from './access-token';
export type { Approval, ApprovalExpectation } from './approval';
export type { GuardLogger } from './revocation-feed';
export type { ProtectedResource, ProtectedResourceMetadata } from './resource-metadata';

export interface GuardOptions {
  /** The auth service's origin, e.g. https://auth.example.com (the API is under /api/v1). */
  apiUrl: string;
  /** A service client's credentials (admin route /admin/service-clients or `npm run cli -- service:create`). */
  clientId?: string;
  clientSecret?: string;
  /**
   * `feed` (default): tokens are checked in memory against the revocation feed, which one background
   * loop follows; a revoked token is refused within a second, with no call per request.
   * `introspect`: one introspection per token, its answer kept at most 5 s. `none`: signature and expiry only.
   */
  revocation?: 'feed' | 'introspect' | 'none';
  /** Under JWT_ACCESS_ALGORITHM=HS256 only: the shared JWT_ACCESS_SECRET. Otherwise the JWKS gives the keys. */
  accessSecret?: string;
  /** JWT_ISSUER and JWT_AUDIENCE of the auth service, when not the defaults. */
  issuer?: string;
  audience?: string;
  /**
   * This service's own resource indicator (RFC 8707), e.g. https://orders.example.com: the platform's apps ask
   * for tokens for it, and the kit accepts an app's token only when its `aud` is this. Without it, apps' tokens
   * are refused.
   */
  resource?: string;
  /** The authorization server's issuer (the auth service's APP_URL), when it is not `apiUrl`. */
  oauthIssuer?: string;
  /**
   * With `resource`: the scopes this service's routes take (`orders:read`), as its protected resource metadata
   * (RFC 9728) names them for apps to ask; every business scope by default.
   */
  scopes?: string[];
  /** Where the feed's outages and re-syncs are reported (default: console). */
  logger?: GuardLogger;
}

/** The request forms the guard reads a bearer token from. */
type Credentialed = string | { headers: Headers } | { headers: Record<string, string | string[] | undefined> };

function bearerOf(input: Credentialed): string {
  if (typeof input === 'string') return input;
  const header = input.headers instanceof Headers ? input.headers.get('authorization') : input.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer +([^\s]+) *$/i.exec(value ?? '');
  if (!match)
    throw new GuardError('invalid_token', 'Send the access token as Authorization: Bearer <token>.', {
      noToken: !value,
    });
  return match[1]!;
}

/** `orders:write` or `write`, for module `orders`: the action part. */
function actionOf(module: string, permission: string | undefined): string | undefined {
  if (permission === undefined) return undefined;
  const [scope, action] = permission.includes(':') ? permission.split(':', 2) : [module, permission];
  if (scope !== module) throw new Error(`permission ${permission} does not belong to module ${module}`);
  return action;
}

const REFUSAL_DETAIL = {
  module_denied: (module: string) => `This needs the ${module} module.`,
  permission_denied: (module: string, action?: string) =>
    `This needs ${action ?? 'this'} permission in the ${module} module.`,
  step_up_required: () => 'Sign in with your password to do this; a PIN session does point-of-sale work only.',
};

export function createGuard(options: GuardOptions) {
  const mode = options.revocation ?? 'feed';
  if (mode !== 'none' && (!options.clientId || !options.clientSecret))
    throw new Error(`revocation "${mode}" needs clientId and clientSecret`);
  const client = createServiceCalls({
    apiUrl: options.apiUrl,
    clientId: options.clientId ?? '',
    clientSecret: options.clientSecret ?? '',
  });
  const appIssuer = options.oauthIssuer ?? options.apiUrl.replace(/\/+$/, '');
  const protectedResource = options.resource
    ? protectedResourceOf(options.resource, appIssuer, options.scopes)
    : undefined;
  const verifier = createVerifier({
    apiUrl: options.apiUrl,
    accessSecret: options.accessSecret,
    issuer: options.issuer ?? 'commerce-auth',
    audience: options.audience ?? 'commerce-platform',
    resource: options.resource,
    appIssuer,
    onKeyFetch: () => (client.counts.jwks += 1),
  });
  const logger = options.logger ?? {
    info: (m: string) => console.info(`[guard] ${m}`),
    warn: (m: string) => console.warn(`[guard] ${m}`),
  };
  // Introspect mode asks again after 5 s; feed mode asks once per token issued before the feed synced.
  const introspection = createIntrospectionCache(client, mode === 'introspect' ? 5000 : Number.POSITIVE_INFINITY);
  const feed =
    mode === 'feed'
      ? createRevocationFeed({ client, introspection, logger, wait: 25, retention: 24 * 60 * 60 })
      : undefined;
  let authenticated = 0;
  const checkApproval = createApprovalCheck(verifier.approval, (token) => client.spendApproval(token));

  async function stillLive(principal: GuardPrincipal, token: string): Promise<void> {
    if (feed) return feed.check(principal, token);
    if (mode !== 'introspect') return;
    let active: boolean;
    try {
      active = await introspection.active(token, principal.expiresAt);
    } catch {
      throw new GuardError('unavailable', 'The auth service cannot be reached to check this token.');
    }
    if (!active) throw new GuardError('session_revoked');
  }

  return {
    /** The principal of the request's bearer token (or of the token itself); a GuardError (401) otherwise. */
    async authenticate(input: Credentialed): Promise<GuardPrincipal> {
      authenticated += 1;
      try {
        const token = bearerOf(input);
        const principal = await verifier.access(token);
        await stillLive(principal, token);
        return principal;
      } catch (error) {
        // A 401 tells an app where to learn how to get a token for this service.
        if (error instanceof GuardError && error.status === 401) error.resourceMetadata = protectedResource?.url;
        throw error;
      }
    },
    /**
     * With `resource`: this service's protected resource metadata (RFC 9728), to answer as JSON at `path`
     * (GET `/.well-known/oauth-protected-resource/mcp` for https://store.example.com/mcp); undefined without it.
     */
    protectedResource,
    /**
     * The auth service's own module rules: owner and super_admin pass; admins need the module;
     * employees the module and, when `permission` (`write` or `orders:write`) is given, that action;
     * a PIN session does POS work only; an app's token needs the scope (`orders:read` for the module,
     * `orders:write` for that permission), whoever the person is. Throws a GuardError (403) otherwise.
     */
    authorize(principal: GuardPrincipal, module: string, permission?: string): GuardPrincipal {
      // An app's token asked only for the module needs its read scope.
      const action = actionOf(module, permission) ?? (principal.clientId === undefined ? undefined : 'read');
      const subject =
        principal.role === 'admin'
          ? { role: 'admin' as const, type: principal.type ?? '', modules: principal.modules, amr: principal.amr }
          : {
              role: 'vendor' as const,
              // An app's token holds exactly its scopes: no owner passes beyond them.
              type:
                principal.clientId !== undefined
                  ? 'employee'
                  : principal.role === 'vendor'
                    ? (principal.type ?? '')
                    : 'customer',
              modules: principal.modules,
              modulePermissions: principal.modulePermissions,
              amr: principal.amr,
            };
      const refusal = moduleRefusal(subject, module, action);
      if (refusal) throw new GuardError(refusal, REFUSAL_DETAIL[refusal](module, action));
      return principal;
    },
    /**
     * A manager's approval at the till for `action` on `reference`, verified here and spent at the
     * auth service (once, whichever instance of this service presents it first); a GuardError 403
     * `invalid_approval` otherwise. Needs the service client's credentials.
     */
    verifyApproval(token: string, expected: ApprovalExpectation): Promise<Approval> {
      if (!options.clientId || !options.clientSecret) throw new Error('verifyApproval needs clientId and clientSecret');
      return checkApproval(token, expected);
    },
    /** Resolves once the feed has its first cursor (at once in the other modes). */
    ready: (): Promise<void> => feed?.ready ?? Promise.resolve(),
    /** Requests made to the auth service, by kind, and the requests authenticated: what the feed saves. */
    stats: () => ({ mode, authenticated, requests: { ...client.counts }, feed: feed?.status() }),
    /** Stops the feed's loop (its open long poll is aborted). */
    close: async (): Promise<void> => feed?.close(),
  };
}

export type Guard = ReturnType<typeof createGuard>;
