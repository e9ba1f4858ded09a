// An axe-core scan of every page, and screenshots of each at desktop and phone width (the POS
// page at tablet width too), saved under test-results/screenshots.
import { alertOf, expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';
import { enterCode, requestCode } from './reset-flow';

test('public pages', async ({ page }, testInfo) => {
  for (const [name, path] of [
    ['landing', '/'],
    ['admin-login', '/admin/login'],
    ['vendor-login', '/vendor/login'],
    ['admin-forgot-password', '/admin/forgot-password'],
    ['vendor-forgot-password', '/vendor/forgot-password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkPage(page, testInfo, name);
  }
});

test('login page with an error and with a notice', async ({ page, accounts }, testInfo) => {
  await page.goto('/admin/login?reason=expired');
  await checkPage(page, testInfo, 'admin-login-notice');
  await page.getByLabel('E-mail').fill(accounts.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(alertOf(page)).toContainText('wrong');
  await checkPage(page, testInfo, 'admin-login-error');
});

test('password reset steps 2 and 3', async ({ page, accounts, smtp }, testInfo) => {
  const code = await requestCode(page, smtp, 'vendor', accounts.employee.email, 'Employee');
  await checkPage(page, testInfo, 'vendor-reset-code');
  await enterCode(page, code);
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await checkPage(page, testInfo, 'vendor-reset-new-password');
});

test('signed-in pages', async ({ page, accounts }, testInfo) => {
  await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);
  await expect(page.getByRole('region', { name: 'Your profile' })).toBeVisible();
  await checkPage(page, testInfo, 'admin-home');

  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await page.getByRole('group', { name: 'Store' }).getByLabel('High Street').check();
  await expect(page.getByText('You work at High Street, Till A1 in this browser.')).toBeVisible();
  await checkPage(page, testInfo, 'vendor-pos', ['desktop', 'tablet', 'phone']);
});
