// The passkey routes the second-factor probes leave: renaming (every role) and the customers' own,
// probed for every status they document, with a customer the provider `acme` made (no password)
// for the refusal to remove the last way to sign in.
import { withContainer } from '../accounts';
import { EXTRA_PASSWORD, type AdministrationSuite } from '../admin-world';
import { nextLoggedCode } from '../logged-codes';
import type { TestProvider } from '../oidc-provider';
import type { Probe } from '../openapi-probe';
import { signIn } from '../sign-in';
import { softwareAuthenticator } from '../software-authenticator';

/** Malformed bodies of a signed-in route: not JSON, too large, and `invalid` (the schema refuses it). */
async function malformed(
  probe: Probe,
  method: string,
  template: string,
  options: { token: string; params?: Record<string, string> },
  invalid: unknown,
) {
  await probe(method, template, { ...options, body: 'text', headers: { 'content-type': 'text/plain' } });
  await probe(method, template, { ...options, json: { name: 'x'.repeat(17 * 1024) } });
  await probe(method, template, { ...options, json: invalid });
}

/** Registers a passkey of a new software authenticator for the caller of `token`; the authenticator and its id. */
async function registered(app: AdministrationSuite, probe: Probe, base: string, token: string, name: string) {
  const key = softwareAuthenticator(app.url);
  const options = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as {
    challenge: string;
    user: { id: string };
  };
  const answer = await probe('POST', `${base}/passkeys/register/verify`, {
    token,
    json: { response: key.register(options), name },
  });
  return { key, id: answer.body.passkey.id as string, options };
}

async function probeRenaming(app: AdministrationSuite, probe: Probe, base: string, token: string) {
  const { id } = await registered(app, probe, base, token, 'To rename');
  const template = `${base}/passkeys/{passkeyId}`;
  await probe('PATCH', template, { token, params: { passkeyId: id }, json: { name: 'Renamed' } });
  await probe('PATCH', template, { token, params: { passkeyId: 'no-such-passkey' }, json: { name: 'Renamed' } });
  await malformed(probe, 'PATCH', template, { token, params: { passkeyId: id } }, { name: '  ' });
}

export async function probePasskeyRoutes(app: AdministrationSuite, probe: Probe, acme: TestProvider): Promise<void> {
  // Accounts of their own: the other probes fill the sign-in limits of the world's accounts.
  const emails = { admin: 'probe-rename-admin@example.com', vendor: 'probe-rename-employee@example.com' };
  await withContainer(app.db, async ({ auth }) => {
    await auth.operator.createAdmin({
      email: emails.admin,
      password: EXTRA_PASSWORD,
      name: 'Rename',
      admin_type: 'admin',
    });
    await auth.operator.createEmployee({
      vendor_id: app.w.vendor.id,
      email: emails.vendor,
      password: EXTRA_PASSWORD,
      name: 'Rename',
    });
  });
  for (const role of ['admin', 'vendor'] as const) {
    await probeRenaming(
      app,
      probe,
      `/auth/${role}`,
      (await signIn(app.url, role, emails[role], EXTRA_PASSWORD)).access_token,
    );
  }

  // A customer without a password: the provider made it, and its identity is its only other way in.
  const base = '/auth/customer';
  const nonce = 'probe-passkey-nonce-0123456789';
  const idToken = await acme.signIdToken({
    sub: 'probe-passkeys',
    email: 'probe-passkeys@example.com',
    email_verified: true,
    nonce,
  });
  let { access_token: token } = (
    await probe('POST', `${base}/oidc/{provider}/id-token`, {
      params: { provider: 'acme' },
      json: { id_token: idToken, nonce },
    })
  ).body;
  await malformed(probe, 'POST', `${base}/passkeys/register/options`, { token }, []);
  await malformed(probe, 'POST', `${base}/passkeys/register/verify`, { token }, {});
  const { key, id, options } = await registered(app, probe, base, token, 'Customer key');
  await probe('POST', `${base}/passkeys/register/verify`, {
    token,
    json: { response: key.register(options), name: 'Spent challenge' },
  });
  const again = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as typeof options;
  await probe('POST', `${base}/passkeys/register/verify`, {
    token,
    json: { response: key.register(again), name: 'Twice' },
  });
  await probe('GET', `${base}/passkeys`, { token });
  await probeRenaming(app, probe, base, token);

  await probe('POST', `${base}/passkeys/login/options`, { json: [] });
  const signInOptions = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as {
    challenge: string;
  };
  const assertion = key.assert(signInOptions);
  await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
  await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
  const disabledOptions = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as {
    challenge: string;
  };
  const setDisabled = (disabled: boolean) =>
    withContainer(app.db, ({ auth }) => auth.operator.setDisabled('customer', 'probe-passkeys@example.com', disabled));
  await setDisabled(true);
  await probe('POST', `${base}/passkeys/login/verify`, { json: { response: key.assert(disabledOptions) } });
  await setDisabled(false);
  // Disabling ended the customer's sessions: the passkey signs it in again.
  const fresh = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as { challenge: string };
  token = (await probe('POST', `${base}/passkeys/login/verify`, { json: { response: key.assert(fresh) } })).body
    .access_token;

  // Removing: unknown and over-long ids, the other passkeys, the identity; then the last passkey is the last way in.
  const remove = (passkeyId: string) =>
    probe('DELETE', `${base}/passkeys/{passkeyId}`, { token, params: { passkeyId } });
  await remove('no-such-passkey');
  await remove('x'.repeat(101));
  const listed = (await probe('GET', `${base}/passkeys`, { token })).body.items as { id: string }[];
  for (const passkey of listed.filter((p) => p.id !== id)) await remove(passkey.id);
  const before = app.output.length;
  await probe('POST', `${base}/login/code`, { json: { email: 'probe-passkeys@example.com' } });
  const code = await nextLoggedCode(app, 'probe-passkeys@example.com', before);
  const [identity] = (await probe('GET', `${base}/identities`, { token })).body.items as { id: string }[];
  await probe('DELETE', `${base}/identities/{identityId}`, {
    token,
    params: { identityId: identity!.id },
    json: { code },
  });
  await remove(id);
}
