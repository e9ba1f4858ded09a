// Passkeys are bound to one address (APP_URL, or http://localhost:3000 when it is unset). A page
// opened at another host cannot use them, and no browser takes an IP address as a passkey's relying
// party: the browser refuses with a SecurityError that names no address, so the page checks first
// and says which address passkeys are set up for, and what to set (localhost, never an IP address).
import { isIpAddressHost, passkeyOriginFor } from '@/core/passkey-host';

export class PasskeyAddressError extends Error {
  override name = 'PasskeyAddressError';
}

/** Whether a page on `hostname` may use passkeys of the relying party `rpId` (its host or a subdomain). */
export const servesRelyingParty = (hostname: string, rpId: string) =>
  hostname === rpId || hostname.endsWith(`.${rpId}`);

/** What passkeys at `rpId` need of a page at `here` (an origin), in words; null when they work there. */
export function passkeyAddressProblem(rpId: string | undefined, here: string): string | null {
  if (!rpId) return null;
  const { hostname } = new URL(here);
  const advised = passkeyOriginFor(here);
  if (isIpAddressHost(rpId)) {
    return (
      `Passkeys are off: the service's APP_URL names an IP address (${rpId}), and browsers refuse an IP address for passkeys. ` +
      `Set APP_URL=${advised}, restart the service and open the page at ${advised}.`
    );
  }
  if (servesRelyingParty(hostname, rpId)) return null;
  const why = isIpAddressHost(hostname) ? ', an IP address, which browsers refuse for passkeys' : '';
  return (
    `Passkeys are set up for the address ${rpId}, and this page is at ${here}${why}. Open the page at the address the service's APP_URL names ` +
    `(http://localhost:3000 when it is unset), or set APP_URL=${advised} and restart the service.`
  );
}

/** Throws a PasskeyAddressError naming both addresses unless this page may use passkeys of `rpId`. */
export function assertPasskeyAddress(rpId: string | undefined) {
  const problem = passkeyAddressProblem(rpId, window.location.origin);
  if (problem) throw new PasskeyAddressError(problem);
}
