// Signing in over REST at the login path the route table names, with the body typed by it.
import type { z } from 'zod';
import { API_PREFIX } from '@/client/base-url';
import type { Role } from '@/contract/auth-schemas';
import { ROUTES } from '@/contract/routes';
import { post } from './http';

export type LoginResult<R extends Role> = z.infer<(typeof ROUTES)[R]['login']['result']>;

export const loginPath = (role: Role) => `${API_PREFIX}${ROUTES[role].login.path}`;

/** The login answer as it came, whatever its status: for tests of refusals and limits. */
export const login = (url: string, role: Role, email: string, password: string, headers?: Record<string, string>) =>
  post(url, loginPath(role), { email, password }, headers);

/** The login body of a sign-in that must succeed; anything but 200 throws with the answer. */
export async function signIn<R extends Role>(url: string, role: R, email: string, password: string, headers?: Record<string, string>): Promise<LoginResult<R>> {
  const res = await login(url, role, email, password, headers);
  if (res.status !== 200) throw new Error(`login of ${email} as ${role} failed: ${res.status} ${res.text}`);
  return res.body as LoginResult<R>;
}
