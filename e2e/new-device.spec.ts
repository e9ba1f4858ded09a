// The new-device mail in the browser: a customer signed in on one browser signs in from a second
// one (another browser context, another browser by its user agent); the mail names it, and its
// "This wasn't me" page ends that sign-in with one button and mails a reset code.
import { expect, PASSWORDS, signIn, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';

test.use({ appEnv: { NEW_DEVICE_MAIL: '1' } });

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The raw message with quoted-printable soft breaks and escapes undone, so a link reads whole. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

test('a sign-in from a second browser is mailed; "This wasn\'t me" ends it and mails a reset code', async ({
  page,
  browser,
  baseURL,
  accounts,
  smtp,
}, testInfo) => {
  const { email } = accounts.customer;
  await signIn(page, 'customer', email, PASSWORDS.customer);

  const since = smtp.messages.length;
  const stranger = await browser.newContext({ baseURL, userAgent: FIREFOX_WINDOWS });
  const strangerPage = await stranger.newPage();
  await signIn(strangerPage, 'customer', email, PASSWORDS.customer);
  const mail = await smtp.waitFor(email, { since });
  expect(mail.subject).toBe('New sign-in to your account');
  const body = unfolded(mail.raw);
  expect(body).toContain('Firefox on Windows');
  expect(body).toMatch(/Time: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
  const link = /https?:\/\/[^\s"]+\/account\/not-me\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
  expect(link, 'the mail carries the link').toBeTruthy();

  // Opening the page changes nothing: the stranger's session still works until the button is pressed.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: "This wasn't me" })).toBeVisible();
  await checkPage(page, testInfo, 'customer-not-me');
  await strangerPage.reload();
  await expect(strangerPage).toHaveURL(/\/account$/);

  const beforeReset = smtp.messages.length;
  await page.getByRole('button', { name: 'End that sign-in' }).click();
  await expect(statusOf(page)).toContainText('That sign-in has ended.');
  await checkPage(page, testInfo, 'customer-not-me-done', ['desktop']);
  const reset = await smtp.waitFor(email, { since: beforeReset, withCode: true });
  expect(reset.subject).toMatch(/password reset/i);

  // The stranger's page loses its session: its next load goes to the sign-in page.
  await strangerPage.reload();
  await expect(strangerPage).toHaveURL(/\/account\/login/);
  await stranger.close();

  // The link works once.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole('button', { name: 'End that sign-in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('already used or has expired');
});
