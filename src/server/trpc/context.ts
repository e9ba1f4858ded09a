// The tRPC context: a request-free inner part that procedures use (tests build it directly), and
// the outer part that derives it from a fetch Request.
import type { Config } from '@/core/config';
import type { AuthError } from '@/core/auth-error';
import type { ClientInfo } from '@/core/ports';
import type { Role } from '@/contract/auth-schemas';
import { LOCALE_COOKIE } from '@/contract/locales';
import type { AuthService } from '@/core/service';
import { bearerTokenOf, clientInfoOf } from '../client-info';
import { getContainer } from '../container';
import { cameOverHttps } from '../http/security-headers';
import { faultToAuthError } from '../faults';
import type { AppLogger } from '../logger';
import { parseCookieHeader } from './refresh-cookie';

export interface InnerContextOptions {
  auth: AuthService;
  config: Config;
  logger: AppLogger;
  client?: ClientInfo;
  /** The bearer token of the Authorization header, if any. */
  accessToken?: string;
  cookies?: Record<string, string>;
  resHeaders?: Headers;
  secureCookies?: boolean;
  /** The request came over https: the refresh cookie's name takes the `__Secure-` prefix. */
  overHttps?: boolean;
  /** The role of the session endpoint serving this request (refresh and logout only). */
  sessionRole?: Role;
  /** What callers see of an unexpected failure (503 while the database is down, else 500); logs it. */
  fault?: (error: unknown, where: string) => Promise<AuthError>;
}

export function createInnerContext(options: InnerContextOptions) {
  return {
    ...options,
    client: options.client ?? {},
    cookies: options.cookies ?? {},
    resHeaders: options.resHeaders ?? new Headers(),
    secureCookies: options.secureCookies ?? options.config.production,
    fault: options.fault ?? ((error: unknown, where: string) => faultToAuthError(error, undefined, where)),
  };
}

export type Context = ReturnType<typeof createInnerContext>;

export function createContext(opts: { req: Request; resHeaders: Headers; sessionRole?: Role }): Context {
  const container = getContainer();
  const { auth, config, logger } = container;
  // The same test as HSTS and the cross-site check: the socket's TLS, or a trusted proxy's word.
  const overHttps = cameOverHttps(opts.req.headers, config.trustProxyHops);
  const cookies = parseCookieHeader(opts.req.headers.get('cookie'));
  return createInnerContext({
    auth,
    config,
    logger,
    client: clientInfoOf(opts.req.headers, config.trustProxyHops, cookies[LOCALE_COOKIE]),
    accessToken: bearerTokenOf(opts.req.headers),
    cookies,
    resHeaders: opts.resHeaders,
    secureCookies: config.production || overHttps,
    overHttps,
    sessionRole: opts.sessionRole,
    fault: (error, where) => faultToAuthError(error, container, where),
  });
}
