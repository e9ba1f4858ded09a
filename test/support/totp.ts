// Authenticator-app codes computed in the test from the secret the service showed, the way an app does.
import { Secret, TOTP } from 'otpauth';
import { post, request } from './http';

const PERIOD_MS = 30_000;

/** The code for the time step `offset` steps from now. */
export const totpCode = (secret: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * PERIOD_MS });

/**
 * Waits while the clock is within the last few seconds of a step, so that "now" and "one step
 * ahead" mean the same steps to the test and to the server while a check runs.
 */
export async function awayFromStepEdge(marginMs = 4000): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 250));
}

/** Enrols an authenticator app for a signed-in account: its secret and recovery codes. */
export async function enrolTotp(
  url: string,
  role: string,
  accessToken: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await request(url, 'POST', `/api/v1/auth/${role}/mfa/totp/setup`, { token: accessToken, json: {} });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`);
  await awayFromStepEdge();
  const confirm = await request(url, 'POST', `/api/v1/auth/${role}/mfa/totp/confirm`, {
    token: accessToken,
    json: { code: totpCode(setup.body.secret) },
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.text}`);
  return { secret: setup.body.secret, recoveryCodes: confirm.body.recovery_codes };
}

/** The second step of a sign-in, as it came. */
export const verifyMfa = (url: string, role: string, body: Record<string, string>) =>
  post(url, `/api/v1/auth/${role}/mfa/verify`, body);
