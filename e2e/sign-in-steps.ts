// Steps of the browser tests for the ways in besides a password: passkeys, with Chromium's virtual
// authenticator (CDP WebAuthn domain) in place of the device's, added through the passkeys panel
// (staff security page or a customer's /account); and an OpenID provider on loopback, continued with
// from a customer's sign-in or sign-up page, its identity unlinked on /account with a mailed code.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { SmtpSink } from '../test/support/smtp-sink';

/** A platform authenticator with user verification, holding discoverable credentials, in `page`. */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

export const passkeyItems = (page: Page) => page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');

export async function addPasskey(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Passkey name').fill(name);
  await form.getByRole('button', { name: 'Add passkey' }).click();
  await expect(form.getByRole('status')).toContainText(`Passkey “${name}” added.`);
  await expect(passkeyItems(page).filter({ hasText: name })).toContainText('not used yet');
}

export const linkedItems = (page: Page) =>
  page.getByRole('list', { name: 'Your linked providers' }).getByRole('listitem');

/** "Continue with <display name>" on the page shown, on to /account signed in. */
export async function continueWithProvider(page: Page, displayName = 'Acme ID') {
  await page.getByRole('button', { name: `Continue with ${displayName}` }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'Your account', exact: true })).toBeVisible();
}

/**
 * Unlinks the identity listed with `label`, confirming with a code mailed to `email` (for an account without a
 * password).
 */
export async function unlinkWithCode(page: Page, smtp: SmtpSink, email: string, label: string) {
  await linkedItems(page)
    .filter({ hasText: label })
    .getByRole('button', { name: /Unlink/ })
    .click();
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'No password? E-mail me a code' }).click();
  const { code } = await smtp.waitFor(email, { since, withCode: true });
  const form = page.getByRole('form', { name: 'Confirm unlinking' });
  await form.getByLabel('6-digit code').fill(code!);
  await form.getByRole('button', { name: 'Unlink', exact: true }).click();
}
