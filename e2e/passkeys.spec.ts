// Passkeys and the security page through the browser, with Chromium's virtual authenticator (CDP
// WebAuthn domain) standing in for the device's: a passkey registered on the security page signs in
// from the login page without the password, for an admin and a vendor; the authenticator app is
// set up there, its recovery codes replaced, a passkey removed; a passkey satisfies MFA_REQUIRED.
// The app's APP_URL is the browser's origin on `localhost` (the relying party is its host).
import type { Page } from '@playwright/test';
import { shownAuthenticatorApp, shownRecoveryCodes } from './authenticator-app';
import { alertOf, expect, HOME, PASSWORDS, signIn, signOut, submitPassword, test, type Role } from './fixtures';
import { checkPage } from './page-checks';
import { addPasskey, addVirtualAuthenticator, passkeyItems } from './sign-in-steps';

// Vendor owners must have a second factor; admins need none here.
test.use({ appHost: 'localhost', mfaRequired: 'owner' });
test.describe.configure({ timeout: 180_000 });

async function openSecurity(page: Page, role: Role) {
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Security' }).click();
  await page.waitForURL(`**/${role}/security`);
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
}

async function passkeySignIn(page: Page, role: Role) {
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(HOME[role]);
}

/**
 * Confirms the authenticator app the enrolment step shows with a code computed from its secret; answers the app and the
 * recovery codes.
 */
async function confirmApp(page: Page) {
  const app = await shownAuthenticatorApp(page);
  await page.getByLabel('6-digit code').fill(app.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  return { app, codes: await shownRecoveryCodes(page) };
}

const factorsPanel = (page: Page) => page.getByRole('region', { name: 'Second factors' });

test('an admin adds a passkey on the security page and signs in with it; sets up the app, replaces its codes, removes the passkey', async ({
  page,
  accounts,
}, testInfo) => {
  await addVirtualAuthenticator(page);
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(alertOf(page)).toContainText('No passkey was used');

  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await openSecurity(page, 'admin');
  await expect(factorsPanel(page)).toContainText('Not set up');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await checkPage(page, testInfo, 'admin-security');
  await addPasskey(page, 'Work laptop');
  await expect(factorsPanel(page)).toContainText('1 passkey');

  await signOut(page, 'admin');
  await passkeySignIn(page, 'admin');
  await expect(page.getByText(`Signed in as ${accounts.admin.email}`)).toBeVisible();
  await openSecurity(page, 'admin');
  await expect(passkeyItems(page).filter({ hasText: 'Work laptop' })).toContainText('last used');

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const { codes } = await confirmApp(page);
  await checkPage(page, testInfo, 'admin-security-recovery-codes', ['phone']);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(factorsPanel(page)).toContainText('Set up');

  const renewal = page.getByRole('form', { name: 'New recovery codes' });
  await renewal.getByLabel('Your password').fill(PASSWORDS.admin);
  await renewal.getByRole('button', { name: 'Generate new codes' }).click();
  const fresh = await shownRecoveryCodes(page);
  expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved them' }).click();

  await page.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await expect(factorsPanel(page)).toContainText('None');
  await checkPage(page, testInfo, 'admin-security-app-set-up');
});

test('a vendor owner keeps a factor, replaces the app with a passkey and then signs in with it', async ({
  page,
  accounts,
}, testInfo) => {
  await addVirtualAuthenticator(page);
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  // A spent or expired mfa_token (here one the server cannot verify) leaves a way back to the password.
  await page.route('**/api/trpc/vendor.totpConfirm*', (route) =>
    route.continue({
      postData: JSON.stringify({ ...(route.request().postDataJSON() as object), mfa_token: 'expired' }),
    }),
  );
  await page.getByLabel('6-digit code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.unrouteAll();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await confirmApp(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.waitForURL(HOME.vendor);

  await openSecurity(page, 'vendor');
  const removal = page.getByRole('form', { name: 'Remove the authenticator app' });
  await removal.getByLabel('Your password').fill(PASSWORDS.owner);
  await removal.getByRole('button', { name: 'Remove app' }).click();
  await expect(removal.getByRole('alert')).toContainText('must keep a second factor');
  await checkPage(page, testInfo, 'vendor-security-refusal');

  await addPasskey(page, 'Phone');
  await removal.getByLabel('Your password').fill(PASSWORDS.owner);
  await removal.getByRole('button', { name: 'Remove app' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'The authenticator app is removed.' }),
  ).toBeVisible();
  await expect(factorsPanel(page)).toContainText('Not set up');

  await signOut(page, 'vendor');
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await expect(alertOf(page)).toContainText('Sign in with your passkey');
  await passkeySignIn(page, 'vendor');
  await expect(page.getByRole('heading', { name: 'Point of sale', level: 1 })).toBeVisible();
});
