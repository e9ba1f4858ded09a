// Where a request came from: the socket address, or X-Forwarded-For behind trusted proxies.
import type { ClientInfo } from '@/core/ports';

/** Set by the app's own HTTP server from the socket; any value a client sends is replaced. */
export const SOCKET_IP_HEADER = 'x-commerce-auth-socket-ip';

export function clientInfoOf(headers: Headers, trustProxyHops: number): ClientInfo {
  let ip = headers.get(SOCKET_IP_HEADER) ?? undefined;
  if (trustProxyHops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    // Each trusted proxy appends the address it saw; the one `hops` from the end is the client.
    ip = chain[chain.length - trustProxyHops] ?? ip;
  }
  const userAgent = headers.get('user-agent') ?? undefined;
  return { ip: ip?.slice(0, 100), userAgent: userAgent?.slice(0, 300) };
}
