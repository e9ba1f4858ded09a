// The customer's pages end to end: sign up through the mailed code, sign out, sign in by code,
// change the password and sign in with it, delete the account; every page passes axe and is
// photographed at desktop and phone width.
import type { Page } from '@playwright/test';
import { alertOf, expect, signIn, signOut, statusOf, test } from './fixtures';
import type { SmtpSink } from '../test/support/smtp-sink';
import { checkPage } from './page-checks';

const PASSWORD = 'customer-pass-T6y!u3';
const NEW_PASSWORD = 'customer-next-K9j@e5';

async function enterMailedCode(page: Page, smtp: SmtpSink, email: string, since: number) {
  const { code } = await smtp.waitFor(email, { since, withCode: true });
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'Your account', exact: true })).toBeVisible();
}

test('sign up by code, sign out, sign in by code, change the password, delete the account', async ({
  page,
  smtp,
}, testInfo) => {
  const email = `shopper-${Date.now().toString(36)}@example.com`;

  await page.goto('/account/login');
  await checkPage(page, testInfo, 'customer-login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/account/sign-up');
  await checkPage(page, testInfo, 'customer-sign-up');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill('Sam Shopper');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  let since = smtp.messages.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await checkPage(page, testInfo, 'customer-sign-up-code');
  await enterMailedCode(page, smtp, email, since);
  await expect(page.getByRole('main')).toContainText(email);
  await checkPage(page, testInfo, 'customer-account');
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length + document.cookie.length)).toBe(0);

  await signOut(page, 'customer');
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await page.getByLabel('E-mail').fill(email);
  since = smtp.messages.length;
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await enterMailedCode(page, smtp, email, since);

  // A reload keeps the session through the cookie alone.
  await page.reload();
  await expect(page.getByRole('main')).toContainText('Sam Shopper');

  await page.getByLabel('Current password').first().fill(PASSWORD);
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(statusOf(page).filter({ hasText: 'Password changed.' })).toBeVisible();
  await signOut(page, 'customer');
  await signIn(page, 'customer', email, NEW_PASSWORD);

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  await page.getByLabel('Password to confirm').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await page.waitForURL('**/account/login?reason=deleted');
  await expect(statusOf(page)).toContainText('Your account has been deleted.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(alertOf(page)).toContainText('The e-mail or password is wrong.');
});

test('the forgot-password page passes its checks and takes no account type', async ({ page }, testInfo) => {
  await page.goto('/account/forgot-password');
  await expect(page.getByRole('heading', { name: 'Find your account' })).toBeVisible();
  await expect(page.getByText('Account type')).toHaveCount(0);
  await checkPage(page, testInfo, 'customer-forgot-password');
});
