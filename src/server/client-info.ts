// Where a request came from (the socket address, or X-Forwarded-For behind trusted proxies) and
// the access token it carries: read the same way by the REST and tRPC adapters.
import { AuthError } from '@/core/auth-error';
import { requestedLocale } from '@/core/locale';
import type { ClientInfo } from '@/core/ports';

/** Set by the app's own HTTP server from the socket; any value a client sends is replaced. */
export const SOCKET_IP_HEADER = 'x-commerce-auth-socket-ip';

/** `chosenLocale`: the pages' language cookie, which outranks the browser's Accept-Language. */
export function clientInfoOf(headers: Headers, trustProxyHops: number, chosenLocale?: string): ClientInfo {
  let ip = headers.get(SOCKET_IP_HEADER) ?? undefined;
  if (trustProxyHops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Each trusted proxy appends the address it saw; the one `hops` from the end is the client.
    ip = chain[chain.length - trustProxyHops] ?? ip;
  }
  const userAgent = headers.get('user-agent') ?? undefined;
  const deviceId = headers.get('x-device-id') ?? undefined;
  const locale = requestedLocale(chosenLocale, headers.get('accept-language'));
  return {
    ...(locale ? { locale } : {}),
    ip: ip?.slice(0, 100),
    userAgent: userAgent?.slice(0, 300),
    ...(deviceId ? { deviceId: deviceId.slice(0, 100) } : {}),
  };
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerTokenOf(headers: Headers): string | undefined {
  return /^Bearer +(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
}

/** The refusal for a request that needs an access token and carries none. */
export function missingBearer(): AuthError {
  return new AuthError('invalid_token', 'An Authorization: Bearer <access token> header is required.');
}
