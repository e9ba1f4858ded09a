// Which host names passkeys can work at. Browsers take a domain name (localhost included) as a
// passkey's relying party and refuse an IP address ("SecurityError: This is an invalid domain"),
// so an APP_URL at 127.0.0.1 leaves passkeys off in the pages: the start says so once, and the
// pages' advice names localhost instead of an IP address. Shared by the start script, the core's
// messages and the pages (no Node or browser API here).

/** Whether `hostname` (as a URL gives it: `127.0.0.1`, `[::1]`) is an IP address rather than a name. */
export function isIpAddressHost(hostname: string): boolean {
  return hostname.startsWith('[') || hostname.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The origin to advise for APP_URL instead of `origin`: the same one, or at localhost when its host
 * is an IP address (a loopback address is what a developer means by it; another machine's address
 * needs a name anyway, and localhost at least works on the machine itself).
 */
export function passkeyOriginFor(origin: string): string {
  const url = new URL(origin);
  if (!isIpAddressHost(url.hostname)) return url.origin;
  url.hostname = 'localhost';
  return url.origin;
}

/** The start's line when APP_URL's host is an IP address (passkeys are then off in the pages); null otherwise. */
export function passkeysOffNotice(appUrl: string | undefined): string | null {
  if (!appUrl) return null;
  const url = new URL(appUrl);
  if (!isIpAddressHost(url.hostname)) return null;
  return (
    `Passkeys are off: APP_URL (${url.origin}) names an IP address, which browsers refuse as a passkey's relying party. ` +
    `Set APP_URL=${passkeyOriginFor(url.origin)} and open the pages there to use passkeys.`
  );
}
