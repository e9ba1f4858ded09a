// The outbound address rule at delivery: every address a name resolves to is checked (the rule
// itself is src/core/outbound-address.ts), and the connection goes to the checked address.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

export class AddressNotAllowed extends Error {
  readonly code = 'address_not_allowed';
  constructor(address: string) {
    super(`${address} is not a public address`);
  }
}

type LookupAll = (
  host: string,
  options: { all: true; family?: number },
) => Promise<{ address: string; family: number }[]>;

/**
 * A `lookup` for http.request that resolves the name, refuses it unless every address it resolves
 * to passes `allowed`, and hands the socket the address it checked (so a second lookup cannot
 * answer differently).
 */
export function checkedLookup(
  allowed: (address: string) => boolean,
  resolve: LookupAll = (h, o) => dns.promises.lookup(h, o),
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true, ...(options.family ? { family: Number(options.family) } : {}) }).then(
      (addresses) => {
        const refused = addresses.find((a) => !allowed(a.address));
        if (refused) return callback(new AddressNotAllowed(refused.address), '', 0);
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
