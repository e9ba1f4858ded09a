// The source of a small program an outside caller would write against the served API description:
// it imports the types openapi-typescript generated (`./schema`) and calls through openapi-fetch.
// test/integration/openapi-client.test.ts writes it beside the generated types, type-checks both
// with `tsc --strict` and runs it against the started app.

export const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type Problem = components['schemas']['Problem'];
const bearer = (token: string) => ({ Authorization: 'Bearer ' + token });

function fail(step: string, status: number, problem: Problem | undefined): never {
  throw new Error(step + ': ' + String(status) + ' ' + (problem ? problem.code : ''));
}

export async function adminSession(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const answer = await client.POST('/auth/admin/login', { body: { email, password } });
  if (!answer.data) return fail('login', answer.response.status, answer.error);
  // An account with a second factor answers the next step instead of a session.
  if (!('access_token' in answer.data)) return fail('login needs a second factor', answer.response.status, undefined);
  const login = { data: answer.data };
  const me = await client.GET('/auth/admin/me', { headers: bearer(login.data.access_token) });
  if (!me.data) return fail('me', me.response.status, me.error);
  const refreshed = await client.POST('/auth/admin/refresh', { body: { refresh_token: login.data.refresh_token } });
  if (!refreshed.data) return fail('refresh', refreshed.response.status, refreshed.error);
  const again = await client.GET('/auth/admin/me', { headers: bearer(refreshed.data.access_token) });
  if (!again.data) return fail('me after refresh', again.response.status, again.error);
  const adminType: 'super_admin' | 'admin' = me.data.admin.admin_type;
  const expiresIn: number = refreshed.data.expires_in;
  const rotated = refreshed.data.refresh_token !== login.data.refresh_token;
  return { email: again.data.admin.email, adminType, expiresIn, rotated };
}

export async function vendorSession(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const answer = await client.POST('/auth/vendor/login', { body: { email, password } });
  if (!answer.data) return fail('login', answer.response.status, answer.error);
  if (!('access_token' in answer.data)) return fail('login needs a second factor', answer.response.status, undefined);
  const login = { data: answer.data };
  const me = await client.GET('/auth/vendor/me', { headers: bearer(login.data.access_token) });
  if (!me.data) return fail('me', me.response.status, me.error);
  const context = await client.GET('/auth/vendor/context', { headers: bearer(login.data.access_token) });
  if (!context.data) return fail('context', context.response.status, context.error);
  const refreshed = await client.POST('/auth/vendor/refresh', { body: { refresh_token: login.data.refresh_token } });
  if (!refreshed.data) return fail('refresh', refreshed.response.status, refreshed.error);
  const posted = await client.POST('/auth/vendor/context', { headers: bearer(refreshed.data.access_token) });
  if (!posted.data) return fail('context after refresh', posted.response.status, posted.error);
  const vendorType: 'owner' | 'employee' = me.data.vendor.vendor_type;
  const storeNames: string[] = context.data.stores.map((store) => store.name);
  const rotated = refreshed.data.refresh_token !== login.data.refresh_token;
  return { email: me.data.vendor.email, vendorType, vendorId: posted.data.vendor.id, storeNames, rotated };
}

/** Step 1 of a reset; the code arrives by e-mail. */
export async function requestReset(baseUrl: string, role: 'admin' | 'vendor', email: string, type: string) {
  const client = createClient<paths>({ baseUrl });
  const answer = role === 'admin'
    ? await client.POST('/auth/admin/password-reset', { body: { email, admin_type: type === 'super_admin' ? 'super_admin' : 'admin' } })
    : await client.POST('/auth/vendor/password-reset', { body: { email, vendor_type: type === 'owner' ? 'owner' : 'employee' } });
  if (!answer.data) return fail('request reset', answer.response.status, answer.error);
  const success: true = answer.data.success;
  return success;
}

/** Steps 2 and 3: the e-mailed code for a reset token, then the new password. A wrong code is 401 invalid_code. */
export async function completeReset(baseUrl: string, role: 'admin' | 'vendor', email: string, type: string, code: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const wrong = code === '000000' ? '000001' : '000000';
  const refused = role === 'admin'
    ? await client.POST('/auth/admin/password-reset/verify', { body: { email, admin_type: type === 'super_admin' ? 'super_admin' : 'admin', code: wrong } })
    : await client.POST('/auth/vendor/password-reset/verify', { body: { email, vendor_type: type === 'owner' ? 'owner' : 'employee', code: wrong } });
  const refusedCode = refused.error ? refused.error.code : 'accepted';
  const verified = role === 'admin'
    ? await client.POST('/auth/admin/password-reset/verify', { body: { email, admin_type: type === 'super_admin' ? 'super_admin' : 'admin', code } })
    : await client.POST('/auth/vendor/password-reset/verify', { body: { email, vendor_type: type === 'owner' ? 'owner' : 'employee', code } });
  if (!verified.data) return fail('verify', verified.response.status, verified.error);
  const body = { reset_token: verified.data.reset_token, password };
  const completed = role === 'admin'
    ? await client.POST('/auth/admin/password-reset/complete', { body })
    : await client.POST('/auth/vendor/password-reset/complete', { body });
  if (!completed.data) return fail('complete', completed.response.status, completed.error);
  return { refusedCode, completed: completed.data.success };
}
`;

/** The same program with one mistake a caller could make: a misspelt body field the types must refuse. */
export const MISTAKEN_PROGRAM = CLIENT_PROGRAM.replace(
  "client.POST('/auth/admin/login', { body: { email, password } })",
  "client.POST('/auth/admin/login', { body: { email, pasword: password } })",
);
