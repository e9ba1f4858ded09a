// The typed tRPC hooks of the bundled pages, and how their errors (and a passkey ceremony's) read to a person.
import { createTRPCReact, TRPCClientError } from '@trpc/react-query';
import type { AppRouter } from '@/server/trpc/router';
import { PasskeyAddressError } from '../auth/passkey-address';
import { activeErrorTexts } from '../i18n/error-texts';

export const trpc = createTRPCReact<AppRouter>();

export interface ShownError {
  /** The catalogue's stable code (`invalid_credentials`, `rate_limited`...), or `network`. */
  code: string;
  message: string;
  /** Seconds until a rate-limited caller may try again. */
  retryAfter?: number;
  /** Field name to message, for validation errors the server attributes to a field. */
  fieldErrors: Record<string, string>;
}

/** When a rate-limited user may retry, in words and as a clock time, in the page's language. */
export function retryMessage(retryAfter: number, now = new Date()): string {
  const at = new Date(now.getTime() + retryAfter * 1000);
  const texts = activeErrorTexts();
  if (texts) return texts.retry(retryAfter, at);
  const clock = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Too many attempts. Try again in ${retryAfter} seconds (at ${clock}).`;
}

/**
 * The message a page shows for a problem: in English the service's own words (often more specific
 * than the code's), in any other language the page's message for the code (decision 0050).
 */
function messageOf(code: string, serviceWords: string): string {
  const texts = activeErrorTexts();
  return texts && texts.locale !== 'en' ? (texts.of(code) ?? serviceWords) : serviceWords;
}

export function shownErrorOf(error: unknown): ShownError {
  if (!(error instanceof TRPCClientError) || !error.data) {
    return {
      code: 'network',
      message: activeErrorTexts()?.network ?? 'The service cannot be reached. Check your connection and try again.',
      fieldErrors: {},
    };
  }
  const data = (error as TRPCClientError<AppRouter>).data!;
  const fieldErrors = Object.fromEntries((data.errors ?? []).map((e) => [e.path, e.message]));
  if (data.code === 'rate_limited' && data.retryAfter !== undefined) {
    return { code: data.code, message: retryMessage(data.retryAfter), retryAfter: data.retryAfter, fieldErrors };
  }
  return { code: data.code, message: messageOf(data.code, error.message), fieldErrors };
}

// A passkey ceremony's failure. Browsers answer "no passkey here" and "you cancelled" with the same
// NotAllowedError on purpose (a page must not learn which), so one message covers both; refusals by
// the server read as the server words them.
const BROWSER_MESSAGES: Record<string, string> = {
  NotAllowedError:
    'No passkey was used: the request was cancelled or timed out, or this device has no passkey for this account.',
  AbortError: 'No passkey was used: the request was cancelled.',
  InvalidStateError: 'This device already holds a passkey for this account.',
  NotSupportedError: 'This device has no authenticator that can hold a passkey for this account.',
  SecurityError: 'Passkeys are not available at this address. Open the page at its usual address and try again.',
};

const UNSUPPORTED = 'This browser cannot use passkeys. Use another browser, or your password.';

export function passkeyProblemOf(error: unknown): string {
  if (error instanceof TRPCClientError || !(error instanceof Error)) return shownErrorOf(error).message;
  if (error.message === 'WebAuthn is not supported in this browser') return UNSUPPORTED;
  if (error instanceof PasskeyAddressError) return error.message;
  return BROWSER_MESSAGES[error.name] ?? `The passkey could not be used: ${error.message}`;
}
