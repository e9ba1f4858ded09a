// What the pages show while an authenticator app is set up, read the way its user reads them: the
// secret (to compute codes from, as the app would) and the recovery codes.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './fixtures';

/** The authenticator app for the secret the enrolment step shows. */
export async function shownAuthenticatorApp(page: Page): Promise<TOTP> {
  await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** The ten recovery codes the page shows once. */
export async function shownRecoveryCodes(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  return codes;
}
