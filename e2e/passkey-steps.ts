// Steps of the passkey browser tests: Chromium's virtual authenticator (CDP WebAuthn domain) in
// place of the device's, and adding a passkey through the passkeys panel (staff security page or a
// customer's /account), which lists it as not used yet.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A platform authenticator with user verification, holding discoverable credentials, in `page`. */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
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
