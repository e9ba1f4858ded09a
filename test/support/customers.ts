// Customers over HTTP for the tests: the routes under /auth/customer, registration read through
// to the mailed code, and sign-in by code.
import { API_PREFIX } from '@/client/base-url';
import { ROUTES } from '@/contract/routes';
import { request, type Answer } from './http';
import type { SmtpSink } from './smtp-sink';

/** The path of a customer route, from the route table. */
export const customerPath = (key: keyof typeof ROUTES.customer) => `${API_PREFIX}${ROUTES.customer[key].path}`;

/** A request to a customer route: `ip` arrives as the proxy's X-Forwarded-For (TRUST_PROXY=1). */
export function customerCall(
  url: string,
  key: keyof typeof ROUTES.customer,
  options: { json?: unknown; token?: string; ip?: string } = {},
): Promise<Answer> {
  const route = ROUTES.customer[key];
  const headers = options.ip ? { 'x-forwarded-for': options.ip } : undefined;
  return request(url, route.methods[0], customerPath(key), { json: options.json, token: options.token, headers });
}

/** The code of the next mail to `to` that carries one, after `since` messages. */
export async function mailedCode(mail: SmtpSink, to: string, since: number): Promise<string> {
  const message = await mail.waitFor(to, { since, withCode: true });
  return message.code!;
}

/** Registers `email`, reads the code from the mail and verifies it: the signed-in answer. */
export async function registeredCustomer(
  url: string,
  mail: SmtpSink,
  email: string,
  password: string,
  name = 'Casey Customer',
  ip?: string,
) {
  const since = mail.messages.length;
  const registered = await customerCall(url, 'register', { json: { email, password, name }, ip });
  if (registered.status !== 200) throw new Error(`register ${email}: ${registered.status} ${registered.text}`);
  const code = await mailedCode(mail, email, since);
  const verified = await customerCall(url, 'verifyRegistration', { json: { email, code } });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.text}`);
  return verified.body as {
    access_token: string;
    refresh_token: string;
    customer: { id: string; email: string; name: string; email_verified: boolean };
  };
}

/** Asks for a sign-in code for `email` and waits for it. */
export async function signInCode(url: string, mail: SmtpSink, email: string): Promise<string> {
  const since = mail.messages.length;
  const asked = await customerCall(url, 'requestLoginCode', { json: { email } });
  if (asked.status !== 200) throw new Error(`login code ${email}: ${asked.status} ${asked.text}`);
  return mailedCode(mail, email, since);
}
