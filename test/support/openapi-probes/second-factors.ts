// The second-factor and passkey routes, probed for every status they document (both staff roles).
import { withContainer } from '../accounts';
import { EXTRA_PASSWORD, type AdministrationSuite } from '../admin-world';
import { signIn } from '../sign-in';
import { softwareAuthenticator } from '../software-authenticator';
import { awayFromStepEdge, totpCode } from '../totp';
import type { Probe } from '../openapi-probe';

export async function probeSecondFactorRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  // An instance that requires factors of every type, for the refusals to remove the last one.
  const required = await app.start({ ...app.env, MFA_REQUIRED: 'super_admin,admin,owner,employee' });
  const emails = { admin: 'probe-mfa-admin@example.com', vendor: 'probe-mfa-owner@example.com' };
  await withContainer(app.db, async ({ auth }) => {
    await auth.operator.createAdmin({
      email: emails.admin,
      password: EXTRA_PASSWORD,
      name: 'MFA',
      admin_type: 'admin',
    });
    await auth.operator.createVendor({
      name: 'MFA Shop',
      owner_email: emails.vendor,
      owner_password: EXTRA_PASSWORD,
      owner_name: 'MFA',
    });
  });
  const setDisabled = (role: 'admin' | 'vendor', disabled: boolean) =>
    withContainer(app.db, ({ auth }) => auth.operator.setDisabled(role, emails[role], disabled));
  for (const role of ['admin', 'vendor'] as const) {
    const base = `/auth/${role}`;
    const email = emails[role];
    const { access_token: token, [role]: profile } = (await signIn(
      app.url,
      role,
      email,
      EXTRA_PASSWORD,
    )) as unknown as { access_token: string } & Record<string, { id: string }>;
    for (const path of [
      'mfa/verify',
      'mfa/totp/setup',
      'mfa/totp/confirm',
      'passkeys/register/options',
      'passkeys/register/verify',
      'passkeys/login/options',
      'passkeys/login/verify',
    ]) {
      await probe('POST', `${base}/${path}`, { body: 'text', headers: { 'content-type': 'text/plain' } });
      await probe('POST', `${base}/${path}`, { json: { padding: 'x'.repeat(17 * 1024) } });
      await probe('POST', `${base}/${path}`, { json: { mfa_token: 'x'.repeat(5000), response: 'x' } });
    }
    for (const [method, path] of [
      ['DELETE', 'mfa/totp'],
      ['POST', 'mfa/recovery-codes'],
    ] as const) {
      await probe(method, `${base}/${path}`, { token: 'not-a-token', json: {} });
      await probe(method, `${base}/${path}`, { token, body: 'text', headers: { 'content-type': 'text/plain' } });
      await probe(method, `${base}/${path}`, { token, json: { password: 'x'.repeat(17 * 1024) } });
      await probe(method, `${base}/${path}`, { token, json: {} });
      await probe(method, `${base}/${path}`, { token, json: { password: EXTRA_PASSWORD } });
    }
    await probe('POST', `${base}/mfa/totp/setup`, { json: {} });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: '123456' } });
    const { secret } = (await probe('POST', `${base}/mfa/totp/setup`, { token, json: {} })).body as { secret: string };
    await awayFromStepEdge();
    const wrong = [-1, 0, 1, 2].map((o) => totpCode(secret, o)).includes('000000') ? '000001' : '000000';
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: wrong } });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: totpCode(secret) } });
    await probe('POST', `${base}/mfa/totp/setup`, { token, json: {} });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: totpCode(secret) } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token, json: { password: 'wrong-password-1' } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token, json: { password: EXTRA_PASSWORD } });
    const step = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body as {
      mfa_token: string;
    };
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: step.mfa_token, code: wrong } });
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: step.mfa_token, code: totpCode(secret, 1) } });
    await probe('DELETE', `${base}/mfa/totp`, { token, json: { password: EXTRA_PASSWORD }, url: required.url });

    const key = softwareAuthenticator(app.url);
    await probe('POST', `${base}/passkeys/login/options`, { json: [] });
    await probe('POST', `${base}/passkeys/register/options`, { json: {} });
    const options = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as {
      challenge: string;
      user: { id: string };
    };
    await probe('POST', `${base}/passkeys/register/verify`, {
      token,
      json: { response: key.register({ ...options, challenge: 'AAAA' }), name: 'Key' },
    });
    await probe('POST', `${base}/passkeys/register/verify`, {
      token,
      json: { response: key.register(options), name: 'Key' },
    });
    const again = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} }))
      .body as typeof options;
    await probe('POST', `${base}/passkeys/register/verify`, {
      token,
      json: { response: key.register(again), name: 'Again' },
    });
    await probe('GET', `${base}/passkeys`, { token: 'not-a-token' });
    const [passkey] = (await probe('GET', `${base}/passkeys`, { token })).body.items as { id: string }[];
    const signIn1 = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as { challenge: string };
    const assertion = key.assert(signIn1);
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
    for (const passkeyId of ['no-such-id', 'x'.repeat(101)])
      await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token, params: { passkeyId } });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token: 'not-a-token', params: { passkeyId: passkey!.id } });

    // A disabled account: its pending second step is void (401), its passkey sign-in 403.
    const pending = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body as {
      mfa_token: string;
    };
    const signIn2 = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as { challenge: string };
    await setDisabled(role, true);
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: pending.mfa_token, code: totpCode(secret, 1) } });
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: key.assert(signIn2) } });
    await setDisabled(role, false);

    // Removal: the app goes (a passkey stays), then the last factor may not go where one is required.
    const fresh = (await signIn(app.url, role, email, EXTRA_PASSWORD).catch(() => null))?.access_token;
    const current =
      fresh ??
      (
        await probe('POST', `${base}/passkeys/login/verify`, {
          json: { response: key.assert((await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body) },
        })
      ).body.access_token;
    await probe('DELETE', `${base}/mfa/totp`, { token: current, json: { password: 'wrong-password-1' } });
    await probe('DELETE', `${base}/mfa/totp`, { token: current, json: { password: EXTRA_PASSWORD } });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, {
      token: current,
      params: { passkeyId: passkey!.id },
      url: required.url,
    });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token: current, params: { passkeyId: passkey!.id } });

    // Resets by others.
    if (role === 'admin')
      await probe('POST', '/admin/admins/{adminId}/mfa/reset', {
        token: app.tokens.superAdmin,
        params: { adminId: profile!.id },
      });
    else
      await probe('POST', '/vendor/accounts/{accountId}/mfa/reset', {
        token: (await signIn(app.url, 'vendor', email, EXTRA_PASSWORD)).access_token,
        params: { accountId: profile!.id },
      });

    // Wrong passwords fill the login limits: then the second step and the routes that ask for the password are 429.
    const limited = (await signIn(app.url, role, email, EXTRA_PASSWORD)).access_token;
    const { secret: first } = (await probe('POST', `${base}/mfa/totp/setup`, { token: limited, json: {} })).body as {
      secret: string;
    };
    await probe('POST', `${base}/mfa/totp/confirm`, { token: limited, json: { code: totpCode(first) } });
    const before = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body
      .mfa_token as string;
    await probe('DELETE', `${base}/mfa/totp`, { token: limited, json: { password: EXTRA_PASSWORD } });
    const { secret: pendingSecret } = (await probe('POST', `${base}/mfa/totp/setup`, { token: limited, json: {} }))
      .body as { secret: string };
    for (let i = 0; i < 11; i += 1)
      await probe('POST', `${base}/login`, { json: { email, password: 'wrong-password-1' } });
    await probe('POST', `${base}/mfa/totp/confirm`, { token: limited, json: { code: totpCode(pendingSecret) } });
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: before, code: totpCode(first, 1) } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token: limited, json: { password: EXTRA_PASSWORD } });
    await probe('DELETE', `${base}/mfa/totp`, { token: limited, json: { password: EXTRA_PASSWORD } });
  }
  await probe('POST', '/admin/vendors/{vendorId}/accounts/{accountId}/mfa/reset', {
    token: app.tokens.superAdmin,
    params: { vendorId: app.w.vendor.id, accountId: app.w.employee.id },
  });
  await probe('POST', '/vendor/accounts/{accountId}/mfa/reset', {
    token: app.tokens.owner,
    params: { accountId: app.w.employee.id },
  });
  await probe('POST', '/auth/admin/mfa/totp/confirm', { json: { mfa_token: 'not-a-token', code: '123456' } });
}
