// Steps of the browser tests with an OpenID provider on loopback: continuing with it from a
// customer's sign-in or sign-up page, and unlinking an identity on /account with a mailed code.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { SmtpSink } from '../test/support/smtp-sink';

export const linkedItems = (page: Page) => page.getByRole('list', { name: 'Your linked providers' }).getByRole('listitem');

/** "Continue with <display name>" on the page shown, on to /account signed in. */
export async function continueWithProvider(page: Page, displayName = 'Acme ID') {
  await page.getByRole('button', { name: `Continue with ${displayName}` }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'Your account', exact: true })).toBeVisible();
}

/** Unlinks the identity listed with `label`, confirming with a code mailed to `email` (for an account without a password). */
export async function unlinkWithCode(page: Page, smtp: SmtpSink, email: string, label: string) {
  await linkedItems(page).filter({ hasText: label }).getByRole('button', { name: /Unlink/ }).click();
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'No password? E-mail me a code' }).click();
  const { code } = await smtp.waitFor(email, { since, withCode: true });
  const form = page.getByRole('form', { name: 'Confirm unlinking' });
  await form.getByLabel('6-digit code').fill(code!);
  await form.getByRole('button', { name: 'Unlink', exact: true }).click();
}
