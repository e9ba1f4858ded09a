// A session's or event's user agent as people name it ("Chrome on Linux", "Safari on iPhone"),
// read by bowser, a maintained parser, rather than patterns of our own. Every list that shows where
// an account signed in names the browser through this one function.
import Bowser from 'bowser';

/** Apple's phones and tablets are known by the device, everything else by its operating system. */
function systemOf(result: Bowser.Parser.ParsedResult): string | undefined {
  const model = result.platform.model;
  if (result.os.name === 'iOS' && model && /^(iPhone|iPad|iPod)$/.test(model)) return model;
  return result.os.name || undefined;
}

/**
 * `userAgent` as "<browser> on <system>", or as much of it as is known; a user agent no parser
 * recognises (a till's own app, a script) is shown as sent, shortened, so it still tells something.
 */
export function deviceName(userAgent: string | null | undefined): string {
  const sent = userAgent?.trim();
  if (!sent) return 'Unknown browser or device';
  const result = Bowser.parse(sent);
  const browser = result.browser.name || undefined;
  const system = systemOf(result);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (sent.length > 60 ? `${sent.slice(0, 59)}…` : sent);
}
