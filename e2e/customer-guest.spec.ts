// A shopper's guest session in the browser: "Continue as guest" on the sign-in page keeps it in an
// httpOnly cookie as a customer's is kept (a reload refreshes it; no script can read it), /account
// offers to sign up or in, and signing up (or in with a password) from that browser presents the
// guest's token: the guest's session ends, its refresh token refused from then on.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, signOut, test } from './fixtures';
import type { SmtpSink } from '../test/support/smtp-sink';
import { checkPage } from './page-checks';

const PASSWORD = 'customer-pass-T6y!u3';

/** The guest session's refresh token, as the browser holds it (Playwright reads httpOnly cookies). */
async function guestCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name.endsWith('customer_guest_token'));
}

async function continueAsGuest(page: Page) {
  await page.goto('/account/login');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('heading', { name: 'You are shopping as a guest' })).toBeVisible();
}

/** Signs up from /account/sign-up through the mailed code, landing on /account. */
async function signUp(page: Page, smtp: SmtpSink, email: string, name: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const since = smtp.messages.length;
  await page.getByRole('button', { name: 'Create account' }).click();
  const { code } = await smtp.waitFor(email, { since, withCode: true });
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/account');
}

/** The guest's refresh token is refused once a sign-in presented it. */
async function expectGuestEnded(page: Page, refreshToken: string) {
  const answer = await page.request.post('/api/v1/auth/customer/refresh', { data: { refresh_token: refreshToken } });
  expect(answer.status()).toBe(401);
  expect(await guestCookie(page.context())).toBeUndefined();
}

test('continue as guest, keep the session over a reload, then sign up: the guest session ends', async ({
  page,
  smtp,
}, testInfo) => {
  const email = `guest-up-${Date.now().toString(36)}@example.com`;
  await continueAsGuest(page);
  await checkPage(page, testInfo, 'customer-account-guest');
  const cookie = await guestCookie(page.context());
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length + document.cookie.length)).toBe(0);

  // A reload keeps the guest session through its cookie alone.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are shopping as a guest' })).toBeVisible();
  const refreshed = await guestCookie(page.context());
  expect(refreshed?.value).toBeTruthy();

  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/account/sign-up');
  await signUp(page, smtp, email, 'Gale Guest');
  await expect(page.getByRole('main')).toContainText(email);
  await expectGuestEnded(page, refreshed!.value);
});

test('a customer who shopped as a guest signs in with the password: the guest session ends', async ({ page, smtp }) => {
  const email = `guest-in-${Date.now().toString(36)}@example.com`;
  await page.goto('/account/sign-up');
  await signUp(page, smtp, email, 'Ira Return');
  await signOut(page, 'customer');

  await continueAsGuest(page);
  const cookie = await guestCookie(page.context());
  await page.getByRole('main').getByRole('link', { name: 'sign in' }).click();
  await page.waitForURL('**/account/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/account');
  await expect(page.getByRole('main')).toContainText('Ira Return');
  await expectGuestEnded(page, cookie!.value);
});
