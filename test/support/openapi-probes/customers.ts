// The customers' routes and the administrators' customer routes, probed for every status they document.
import assert from 'node:assert/strict';
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import { PASSWORDS, withContainer } from '../accounts';
import type { AdministrationSuite } from '../admin-world';
import { nextLoggedCode } from '../logged-codes';
import { signIn } from '../sign-in';
import type { Probe } from '../openapi-probe';

const NEW_PASSWORD = 'long-enough-password-7';

export async function probeCustomerRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const c = (path: string) => `/auth/customer${path}`;
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
  /** Registers `email` and verifies it through the logged code: the signed-in body. */
  async function registered(email: string) {
    const before = app.output.length;
    await probe('POST', c('/register'), { json: { email, password: NEW_PASSWORD, name: 'Probe' } });
    const code = await nextLoggedCode(app, email, before);
    await probe('POST', c('/register/verify'), { json: { email, code: wrong(code) } });
    return (await probe('POST', c('/register/verify'), { json: { email, code } })).body;
  }
  const codeFor = async (email: string) => {
    const before = app.output.length;
    await probe('POST', c('/login/code'), { json: { email } });
    return nextLoggedCode(app, email, before);
  };

  // Registration, resend, the unverified and disabled refusals, code sign-in.
  const pendingBefore = app.output.length;
  await probe('POST', c('/register'), {
    json: { email: 'probe-pending@example.com', password: NEW_PASSWORD, name: 'P' },
  });
  await nextLoggedCode(app, 'probe-pending@example.com', pendingBefore);
  await probe('POST', c('/register/resend'), { json: { email: 'probe-pending@example.com' } });
  await probe('POST', c('/login'), { json: { email: 'probe-pending@example.com', password: NEW_PASSWORD } });
  const me = await registered('probe-customer@example.com');
  const token = { token: me.access_token };
  const signInCode = await codeFor('probe-customer@example.com');
  await probe('POST', c('/login/code/verify'), {
    json: { email: 'probe-customer@example.com', code: wrong(signInCode) },
  });
  await probe('POST', c('/login/code/verify'), { json: { email: 'probe-customer@example.com', code: signInCode } });
  const disabled = await registered('probe-disabled@example.com');
  const disabledCode = await codeFor('probe-disabled@example.com');
  await withContainer(app.db, ({ auth }) => auth.operator.setDisabled('customer', 'probe-disabled@example.com', true));
  await probe('POST', c('/login/code/verify'), { json: { email: 'probe-disabled@example.com', code: disabledCode } });
  assert.ok(disabled.access_token);
  await probe('POST', c('/login'), { json: { email: 'probe-disabled@example.com', password: NEW_PASSWORD } });
  await probe('POST', c('/login'), { json: { email: 'probe-customer@example.com', password: 'wrong-password-1' } });
  const pair = (
    await probe('POST', c('/login'), { json: { email: 'probe-customer@example.com', password: NEW_PASSWORD } })
  ).body;
  await probe('GET', c('/me'), { token: pair.access_token });
  // A guest session: its pair and its `me`; then starts from this address up to the limit (429).
  const guest = (await probe('POST', c('/guest'))).body;
  await probe('GET', c('/me'), { token: guest.access_token });
  for (let i = 0; (await probe('POST', c('/guest'))).status !== 429; i += 1)
    assert.ok(i < 100, 'the guest sessions limit is reached');
  const next = (await probe('POST', c('/refresh'), { json: { refresh_token: pair.refresh_token } })).body;
  await probe('POST', c('/logout'), { json: { refresh_token: next.refresh_token } });

  // The signed-in customer's own routes.
  await probe('PATCH', c('/me'), { ...token, json: { name: 'Probe 2' } });
  await probe('PATCH', c('/me'), { ...token, json: { locale: 'fr' } });
  await probe('GET', c('/me/export'), token);
  await probe('POST', c('/email'), {
    ...token,
    json: { new_email: 'probe-moved@example.com', password: 'wrong-password-1' },
  });
  let before = app.output.length;
  await probe('POST', c('/email'), {
    ...token,
    json: { new_email: 'probe-moved@example.com', password: NEW_PASSWORD },
  });
  const moveCode = await nextLoggedCode(app, 'probe-moved@example.com', before);
  await probe('POST', c('/email/verify'), { ...token, json: { code: wrong(moveCode) } });
  await probe('POST', c('/email/verify'), { ...token, json: { code: moveCode } });
  // Another customer verifies the address between the code and its use: 409.
  before = app.output.length;
  await probe('POST', c('/email'), {
    ...token,
    json: { new_email: 'probe-raced@example.com', password: NEW_PASSWORD },
  });
  const raceCode = await nextLoggedCode(app, 'probe-raced@example.com', before);
  await registered('probe-raced@example.com');
  await probe('POST', c('/email/verify'), { ...token, json: { code: raceCode } });
  await probe('GET', c('/sessions'), token);
  await probe('GET', c('/events'), token);

  // Reset, on the moved address.
  before = app.output.length;
  await probe('POST', c('/password-reset'), { json: { email: 'probe-moved@example.com' } });
  const resetCode = await nextLoggedCode(app, 'probe-moved@example.com', before);
  await probe('POST', c('/password-reset/verify'), {
    json: { email: 'probe-moved@example.com', code: wrong(resetCode) },
  });
  const { reset_token } = (
    await probe('POST', c('/password-reset/verify'), { json: { email: 'probe-moved@example.com', code: resetCode } })
  ).body;
  await probe('POST', c('/password-reset/complete'), { json: { reset_token, password: NEW_PASSWORD } });
  await probe('POST', c('/password-reset/complete'), { json: { reset_token, password: NEW_PASSWORD } });

  // Deletion by password and by code; the wrong ones first, then past the failure limit.
  const leaver = (
    await probe('POST', c('/login'), { json: { email: 'probe-moved@example.com', password: NEW_PASSWORD } })
  ).body;
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { password: 'wrong-password-1' } });
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { code: '000000' } });
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { password: NEW_PASSWORD } });
  const byCode = await registered('probe-coded@example.com');
  await probe('POST', c('/me/delete'), {
    token: byCode.access_token,
    json: { code: await codeFor('probe-coded@example.com') },
  });
  const limited = await registered('probe-limited@example.com');
  const changer = await registered('probe-changer@example.com');
  const changed = (
    await probe('POST', c('/password'), {
      token: changer.access_token,
      json: { current_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}-2` },
    })
  ).body;
  assert.ok(changed.access_token);
  // Ten wrong current passwords fill the (e-mail, address) limit: every password route and the login then answer 429.
  for (let i = 0; i < 10; i += 1)
    await probe('POST', c('/password'), {
      token: limited.access_token,
      json: { current_password: 'wrong-password-1', new_password: NEW_PASSWORD },
    });
  await probe('POST', c('/password'), {
    token: limited.access_token,
    json: { current_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}-2` },
  });
  await probe('POST', c('/me/delete'), { token: limited.access_token, json: { password: NEW_PASSWORD } });
  await probe('POST', c('/email'), {
    token: limited.access_token,
    json: { new_email: 'probe-x@example.com', password: NEW_PASSWORD },
  });
  await probe('POST', c('/login'), { json: { email: 'probe-limited@example.com', password: NEW_PASSWORD } });

  // What every bearer route answers alike: bad bodies, bad queries, ids past their bound.
  const fresh = changed;
  await probe('POST', c('/refresh'), { json: { refresh_token: 'not-a-token' } });
  await probe('POST', c('/logout'), { json: { refresh_token: 'not-a-token' } });
  for (const [method, path] of [
    ['PATCH', '/me'],
    ['POST', '/me/delete'],
    ['POST', '/password'],
    ['POST', '/email'],
    ['POST', '/email/verify'],
  ] as const) {
    await probe(method, c(path), {
      token: fresh.access_token,
      body: 'text',
      headers: { 'content-type': 'text/plain' },
    });
    await probe(method, c(path), { token: fresh.access_token, json: { name: 'x'.repeat(17 * 1024) } });
    await probe(method, c(path), { token: fresh.access_token, json: {} });
  }
  for (const path of ['/sessions', '/events'])
    await probe('GET', c(path), { token: fresh.access_token, query: '?limit=0' });
  const own = (await probe('GET', c('/sessions'), { token: fresh.access_token })).body;
  await probe('DELETE', c('/sessions/{sessionId}'), { token: fresh.access_token });
  await probe('DELETE', c('/sessions/{sessionId}'), {
    token: fresh.access_token,
    params: { sessionId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) },
  });
  // Last: ending a session of the caller's own refuses its token from then on.
  await probe('DELETE', c('/sessions/{sessionId}'), {
    token: fresh.access_token,
    params: { sessionId: own.items.at(-1).id },
  });

  // The administrators' customer routes.
  const admin = { token: app.tokens.superAdmin };
  const overLong = { customerId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
  for (const [method, path] of [
    ['GET', ''],
    ['POST', '/disable'],
    ['POST', '/enable'],
    ['GET', '/sessions'],
  ] as const) {
    await probe(method, `/admin/customers/{customerId}${path}`, { ...admin, params: overLong });
  }
  const target = { customerId: app.w.customer.id };
  await probe('GET', '/admin/customers', { ...admin, query: '?query=probe' });
  await probe('GET', '/admin/customers/{customerId}', { ...admin, params: target });
  await probe('POST', '/admin/customers/{customerId}/disable', { ...admin, params: target });
  await probe('POST', '/admin/customers/{customerId}/enable', { ...admin, params: target });
  await signIn(app.url, 'customer', app.w.customer.email, PASSWORDS.customer);
  const sessions = (await probe('GET', '/admin/customers/{customerId}/sessions', { ...admin, params: target })).body;
  await probe('DELETE', '/admin/customers/{customerId}/sessions/{sessionId}', {
    ...admin,
    params: { ...target, sessionId: sessions.items[0].id },
  });
}
