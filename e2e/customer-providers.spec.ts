// "Continue with <provider>" through the browser against a real OpenID provider on loopback: a new
// customer signs up from /account/sign-up, signs out and signs in from /account/login; on /account
// links a second identity and unlinks it (with a mailed code: the account has no password), and
// the last one is refused. Linking and unlinking happen on the page, as a customer would.
import type { Page } from '@playwright/test';
import { alertOf, expect, test } from './fixtures';
import { checkPage } from './page-checks';
import { continueWithProvider, linkedItems, unlinkWithCode } from './sign-in-steps';

test.use({ withProvider: true });
test.describe.configure({ timeout: 240_000 });

/**
 * Signs the browser out of the provider (its session cookies), so the next visit signs in the account set with
 * signInAs.
 */
const forgetProviderSession = (page: Page) => page.context().clearCookies({ name: /^_session/ });

test('sign up and sign in with a provider; link a second identity on /account and unlink it; the last is refused', async ({
  page,
  provider,
  smtp,
}, testInfo) => {
  const id = Date.now().toString(36);
  const email = `pat-${id}@example.com`;
  provider.setAccount(`pat-${id}`, { email, email_verified: true, name: 'Pat Provider' });
  provider.signInAs(`pat-${id}`);

  await page.goto('/account/sign-up');
  await checkPage(page, testInfo, 'customer-sign-up-providers');
  await continueWithProvider(page);
  await expect(page.getByRole('main')).toContainText(email);
  await expect(linkedItems(page)).toHaveCount(1);
  await checkPage(page, testInfo, 'customer-account-providers');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/account/login?reason=signed_out');
  await continueWithProvider(page);
  await expect(page.getByRole('main')).toContainText(email);

  // A second identity, with another e-mail, linked from the account page.
  provider.setAccount(`pat-work-${id}`, { email: `pat-work-${id}@example.com`, email_verified: true });
  provider.signInAs(`pat-work-${id}`);
  await forgetProviderSession(page);
  await page.getByRole('button', { name: 'Link Acme ID', exact: true }).click();
  await page.waitForURL('**/account?linked=acme');
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Acme ID is linked to your account.' }),
  ).toBeVisible();
  await expect(linkedItems(page)).toHaveCount(2);
  await expect(linkedItems(page).nth(1)).toContainText(`pat-work-${id}@example.com`);

  await unlinkWithCode(page, smtp, email, `pat-work-${id}@example.com`);
  await expect(linkedItems(page)).toHaveCount(1);
  await unlinkWithCode(page, smtp, email, email);
  await expect(alertOf(page).filter({ hasText: 'last way to sign in' })).toBeVisible();
  await expect(linkedItems(page)).toHaveCount(1);
});

test('a provider that has not verified the e-mail is refused with its reason on the sign-in page', async ({
  page,
  provider,
}) => {
  const id = `unverified-${Date.now().toString(36)}`;
  provider.setAccount(id, { email: `${id}@example.com`, email_verified: false });
  provider.signInAs(id);
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Continue with Acme ID' }).click();
  await page.waitForURL('**/account/login?reason=oidc_email_not_verified');
  await expect(page.getByRole('main')).toContainText('The provider has not confirmed your e-mail address.');
});
