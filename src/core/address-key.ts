// The address a per-address limit counts under: an IPv4 address as is, an IPv6 client by its /64,
// the smallest network a provider hands one subscriber, inside which it can rotate at will.
import ipaddr from 'ipaddr.js';

export const UNKNOWN_ADDRESS = 'unknown';

export function addressKey(ip: string | undefined): string {
  if (!ip) return UNKNOWN_ADDRESS;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip.replace(/%.*$/, '')); // a zone index names an interface, not a client
  } catch {
    return ip; // not an address (the transport's own label): counted as given
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${v6.toString()}/64`).toString()}/64`;
}
