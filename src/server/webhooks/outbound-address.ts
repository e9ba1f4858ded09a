// The outbound address rule of webhook deliveries: in production only public unicast addresses,
// checked against what a name resolves to at delivery, and the connection goes to the checked address.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** True for an address on the public internet; false for loopback, private, link-local, CGNAT, multicast, unspecified and every other special range. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address it carries.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export class AddressNotAllowed extends Error {
  readonly code = 'address_not_allowed';
  constructor(address: string) {
    super(`${address} is not a public address`);
  }
}

type LookupAll = (host: string, options: { all: true; family?: number }) => Promise<{ address: string; family: number }[]>;

/**
 * A `lookup` for http.request that resolves the name, refuses it unless every address it resolves
 * to passes `allowed`, and hands the socket the address it checked (so a second lookup cannot
 * answer differently).
 */
export function checkedLookup(allowed: (address: string) => boolean, resolve: LookupAll = (h, o) => dns.promises.lookup(h, o)): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, ...(options.family ? { family: Number(options.family) } : {}) }).then(
      (addresses) => {
        const refused = addresses.find((a) => !allowed(a.address));
        if (refused) return callback(new AddressNotAllowed(refused.address), '', 0);
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
