// Passkeys are bound to one address (APP_URL, or http://localhost:3000 when it is unset). A page
// opened at another host cannot use them: the browser refuses with a SecurityError that names no
// address, so the page checks first and says which address passkeys are set up for, and what to set.

export class PasskeyAddressError extends Error {
  override name = 'PasskeyAddressError';
}

/** Whether a page on `hostname` may use passkeys of the relying party `rpId` (its host or a subdomain). */
export const servesRelyingParty = (hostname: string, rpId: string) => hostname === rpId || hostname.endsWith(`.${rpId}`);

/** Throws a PasskeyAddressError naming both addresses unless this page may use passkeys of `rpId`. */
export function assertPasskeyAddress(rpId: string | undefined) {
  if (!rpId || servesRelyingParty(window.location.hostname, rpId)) return;
  const here = window.location.origin;
  throw new PasskeyAddressError(
    `Passkeys are set up for the address ${rpId}, and this page is at ${here}. Open the page at the address the service's APP_URL names ` +
      `(http://localhost:3000 when it is unset), or set APP_URL=${here} and restart the service.`,
  );
}
