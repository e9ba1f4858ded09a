// Passkeys over HTTP for the tests, for any role: registering one of a software authenticator
// (signed in, or with a staff enrolment's mfa_token) and signing in with one, checking the options'
// user verification and discoverable credentials on the way.
import assert from 'node:assert/strict';
import { post, request } from './http';
import type { SoftwareAuthenticator } from './software-authenticator';

/** Registers a passkey of `authenticator`, with a Bearer token or the enrolment's mfa_token. */
export async function registerPasskey(
  url: string,
  role: string,
  authenticator: SoftwareAuthenticator,
  name: string,
  credential: { token?: string; mfaToken?: string },
) {
  const extra = credential.mfaToken ? { mfa_token: credential.mfaToken } : {};
  const options = await request(url, 'POST', `/api/v1/auth/${role}/passkeys/register/options`, {
    token: credential.token,
    json: extra,
  });
  assert.equal(options.status, 200, options.text);
  assert.equal(options.body.authenticatorSelection.residentKey, 'required');
  assert.equal(options.body.authenticatorSelection.userVerification, 'required');
  return request(url, 'POST', `/api/v1/auth/${role}/passkeys/register/verify`, {
    token: credential.token,
    json: { response: authenticator.register(options.body), name, ...extra },
  });
}

/** A passwordless sign-in: the options' challenge signed by `authenticator`. */
export async function passkeySignIn(
  url: string,
  role: string,
  authenticator: SoftwareAuthenticator,
  overrides?: { userVerified?: boolean; origin?: string },
) {
  const options = await post(url, `/api/v1/auth/${role}/passkeys/login/options`, {});
  assert.equal(options.status, 200, options.text);
  assert.equal(options.body.userVerification, 'required');
  assert.equal(options.body.allowCredentials?.length ?? 0, 0, 'no account is named: the credential is discoverable');
  const response = authenticator.assert(options.body, overrides);
  return { answer: await post(url, `/api/v1/auth/${role}/passkeys/login/verify`, { response }), response };
}
