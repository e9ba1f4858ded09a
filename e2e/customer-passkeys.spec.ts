// A customer's passkeys through the browser, with Chromium's virtual authenticator standing in for
// the device's: added on /account after a password sign-in, used alone from /account/login, renamed
// and removed there; an account whose only other way in was a provider keeps its last passkey (the
// page shows the refusal). The app's APP_URL is the browser's origin on `localhost` (the relying
// party is its host); the provider runs on 127.0.0.1, another site.
import type { Page } from '@playwright/test';
import { alertOf, expect, PASSWORDS, signIn, signOut, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';
import {
  addPasskey,
  addVirtualAuthenticator,
  continueWithProvider,
  linkedItems,
  passkeyItems,
  unlinkWithCode,
} from './sign-in-steps';

test.use({ appHost: 'localhost', withProvider: true });
test.describe.configure({ timeout: 180_000 });

const passkeysPanel = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function passkeySignIn(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('main')).toContainText(email);
}

test('a customer adds a passkey on /account, signs in with it alone, renames it and removes it', async ({
  page,
  accounts,
}, testInfo) => {
  const { email } = accounts.customer;
  await addVirtualAuthenticator(page);
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(alertOf(page).filter({ hasText: 'No passkey was used' })).toBeVisible();

  await signIn(page, 'customer', email, PASSWORDS.customer);
  await expect(passkeysPanel(page).getByText('No passkeys yet.')).toBeVisible();
  await addPasskey(page, 'Phone');
  await checkPage(page, testInfo, 'customer-account-passkeys');

  await signOut(page, 'customer');
  await passkeySignIn(page, email);
  await expect(passkeyItems(page).filter({ hasText: 'Phone' })).toContainText('last used');

  await page.getByRole('button', { name: 'Rename passkey Phone' }).click();
  const rename = page.getByRole('form', { name: 'Rename passkey Phone' });
  await rename.getByLabel('New name').fill(' ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Name the passkey.')).toBeVisible();
  await rename.getByLabel('New name').fill('Pocket phone');
  await checkPage(page, testInfo, 'customer-account-passkey-rename', ['phone']);
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(statusOf(page).filter({ hasText: 'Passkey renamed to “Pocket phone”.' })).toBeVisible();
  await expect(passkeyItems(page)).toHaveCount(1);
  await expect(passkeyItems(page).first()).toContainText('Pocket phone');

  // The password remains: the passkey may go.
  await page.getByRole('button', { name: 'Remove passkey Pocket phone' }).click();
  await expect(passkeysPanel(page).getByText('No passkeys yet.')).toBeVisible();
  await expect(statusOf(page).filter({ hasText: 'The passkey is removed.' })).toBeVisible();
});

test('an account without a password keeps its last passkey: the page shows why', async ({
  page,
  provider,
  smtp,
}, testInfo) => {
  const id = `kim-${Date.now().toString(36)}`;
  const email = `${id}@example.com`;
  provider.setAccount(id, { email, email_verified: true, name: 'Kim Keys' });
  provider.signInAs(id);
  await addVirtualAuthenticator(page);

  await page.goto('/account/sign-up');
  await continueWithProvider(page);
  await addPasskey(page, 'Laptop');
  // The passkey remains, so the provider may be unlinked; then the passkey is the last way in.
  await unlinkWithCode(page, smtp, email, email);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'The provider is unlinked.' }),
  ).toBeVisible();
  await expect(linkedItems(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove passkey Laptop' }).click();
  await expect(
    passkeysPanel(page).getByRole('alert').filter({ hasText: 'This is your last way to sign in' }),
  ).toBeVisible();
  await expect(passkeyItems(page)).toHaveCount(1);
  await checkPage(page, testInfo, 'customer-account-last-passkey');

  await signOut(page, 'customer');
  await passkeySignIn(page, email);
});
