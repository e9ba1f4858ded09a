// The second step through the pages: an account whose type requires a second factor enrols an
// authenticator app at sign-in (QR code and secret, first code, recovery codes), then signs in
// again with its password and a code from the app, or with a recovery code; axe scans each step,
// with screenshots at desktop and phone (360 px) width.
import type { Page, TestInfo } from '@playwright/test';
import { shownAuthenticatorApp, shownRecoveryCodes } from './authenticator-app';
import { alertOf, expect, HOME, PASSWORDS, signOut, submitPassword, test, type Role } from './fixtures';
import { checkPage } from './page-checks';

test.use({ mfaRequired: 'super_admin,owner' });
test.describe.configure({ timeout: 240_000 });

const stepNow = () => Math.floor(Date.now() / 30_000);

/**
 * Enrols the authenticator app the page offers (each step scanned by axe); answers the app and the recovery codes
 * shown.
 */
async function enrol(page: Page, role: Role, testInfo: TestInfo) {
  const qr = page.getByRole('img', { name: "QR code of the authenticator app's secret" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await checkPage(page, testInfo, `${role}-mfa-enrolment`);
  const app = await shownAuthenticatorApp(page);

  await page.getByLabel('6-digit code').fill('000000' === app.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(alertOf(page)).toBeVisible();

  const enrolledAt = stepNow();
  await page.getByLabel('6-digit code').fill(app.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codes = await shownRecoveryCodes(page);
  await checkPage(page, testInfo, `${role}-mfa-recovery-codes`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Recovery codes copied.');

  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.waitForURL(HOME[role]);
  return { app, enrolledAt, codes };
}

test('an admin whose type requires a second factor enrols an app at sign-in, then signs in with a code', async ({
  page,
  context,
  accounts,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await submitPassword(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  const { app, enrolledAt } = await enrol(page, 'admin', testInfo);
  await expect(page.getByRole('heading', { name: 'Admin console', level: 1 })).toBeVisible();
  await signOut(page, 'admin');

  await submitPassword(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await expect(page.getByRole('heading', { name: 'Enter the 6-digit code from your authenticator app' })).toBeVisible();
  await page.getByLabel('6-digit code').fill('000000' === app.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(alertOf(page)).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toHaveValue('');
  // The code that confirmed the app is spent: the next one comes from a later time step.
  await expect.poll(stepNow, { timeout: 35_000, intervals: [1000] }).toBeGreaterThan(enrolledAt);
  await page.getByLabel('6-digit code').fill(app.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(HOME.admin);
  await expect(page.getByText(`Signed in as ${accounts.admin.email}`)).toBeVisible();
});

test('a vendor owner enrols at sign-in, then signs in with a recovery code', async ({
  page,
  context,
  accounts,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  const { codes } = await enrol(page, 'vendor', testInfo);
  await signOut(page, 'vendor');

  await submitPassword(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await expect(page.getByRole('heading', { name: 'Enter the 6-digit code from your authenticator app' })).toBeVisible();
  await checkPage(page, testInfo, 'vendor-mfa-second-step');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter one of your recovery codes' })).toBeVisible();
  await checkPage(page, testInfo, 'vendor-mfa-recovery-code-step', ['phone']);
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(HOME.vendor);
  await expect(page.getByRole('heading', { name: 'Point of sale', level: 1 })).toBeVisible();
});
