// The outbound address rule of webhook endpoints under production rules: only public unicast
// addresses. A URL's literal host is judged when the endpoint is registered or changed; every
// address a name resolves to is judged again at each delivery (src/server/webhooks).
import ipaddr from 'ipaddr.js';

/**
 * True for an address on the public internet; false for loopback, private, link-local, CGNAT, multicast, unspecified
 * and every other special range.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address it carries.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Names that always mean this machine (RFC 6761), judged like its address without a lookup. */
const LOOPBACK_NAME = /^(?:.+\.)?localhost\.?$/i;

/**
 * True when the URL's host is, by itself, not public: `localhost` (and names under it) or a literal
 * address that isPublicAddress refuses. The URL parser has already turned other spellings of an
 * IPv4 address (0x7f000001, 2130706433, 127.1) into dotted decimal. Other names are judged only
 * when they are resolved, at delivery.
 */
export function hasNonPublicLiteralHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAME.test(host)) return true;
  return ipaddr.isValid(host) && !isPublicAddress(host);
}
