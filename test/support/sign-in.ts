// Signing in over REST at the login path the route table names, with the body typed by it.
import type { z } from 'zod';
import { API_PREFIX } from '@/client/base-url';
import type { Role } from '@/contract/auth-schemas';
import { ROUTES } from '@/contract/routes';
import { post } from './http';

/** The answer of a sign-in that started a session (not the second-factor step's). */
export type LoginResult<R extends Role> = Extract<
  z.infer<(typeof ROUTES)[R]['login']['result']>,
  { access_token: string }
>;

export const loginPath = (role: Role) => `${API_PREFIX}${ROUTES[role].login.path}`;

/** The login answer as it came, whatever its status: for tests of refusals and limits. */
export const login = (url: string, role: Role, email: string, password: string, headers?: Record<string, string>) =>
  post(url, loginPath(role), { email, password }, headers);

/** The login body of a sign-in that must succeed; anything but 200 throws with the answer. */
export async function signIn<R extends Role>(
  url: string,
  role: R,
  email: string,
  password: string,
  headers?: Record<string, string>,
): Promise<LoginResult<R>> {
  const res = await login(url, role, email, password, headers);
  if (res.status !== 200 || !res.body.access_token)
    throw new Error(`login of ${email} as ${role} failed: ${res.status} ${res.text}`);
  return res.body as LoginResult<R>;
}

/** A login answer that started a session; a second-factor step instead fails the test. */
export function started<T extends object>(answer: T): Extract<T, { access_token: string }> {
  if (!('access_token' in answer)) throw new Error(`expected a session, got ${JSON.stringify(answer)}`);
  return answer as Extract<T, { access_token: string }>;
}
