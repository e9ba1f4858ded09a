// Sign-in and sign-out for both roles through the pages, and the messages of a failed sign-in.
import { alertOf, expect, formTakenOver, PASSWORDS, signIn, statusOf, test } from './fixtures';

test('an admin signs in, sees the profile and every module, and signs out', async ({ page, accounts }) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await expect(page.getByRole('heading', { name: 'Admin console', level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${accounts.admin.email}`)).toBeVisible();
  const profile = page.getByRole('region', { name: 'Your profile' });
  await expect(profile).toContainText('Super Admin');
  await expect(profile).toContainText('All modules');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByRole('link')).toHaveText([
    'Overview',
    'Orders',
    'Catalogue',
    'Point of sale',
    'Stores',
    'Reports',
    'Admins',
    'Vendors',
    'Audit trail',
    'Customers',
    'Integrations',
    'Security',
  ]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/admin/login?reason=signed_out');
  await expect(statusOf(page)).toContainText('You have signed out.');

  // The session is gone on the server too: the console sends the visitor back to sign in.
  await page.goto('/admin');
  await page.waitForURL('**/admin/login?reason=signin');
  await expect(statusOf(page)).toContainText('Sign in to continue.');
});

test('an admin with only the orders module sees only Orders in the navigation', async ({ page, accounts }) => {
  await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByRole('link')).toHaveText(['Overview', 'Orders', 'Security']);
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('Your access: this module.');
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
});

test('a vendor owner signs in to the POS page, sees every module, and signs out', async ({ page, accounts }) => {
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await expect(page.getByRole('heading', { name: 'Point of sale', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Modules' });
  // The POS page is the pos module's: one entry, named and highlighted as the page's heading is.
  await expect(nav.getByRole('link')).toHaveText([
    'Point of sale',
    'Orders',
    'Catalogue',
    'Stores',
    'Reports',
    'Staff',
    'Security',
  ]);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Point of sale']);
  await expect(page.getByRole('group', { name: 'Store' }).getByRole('radio')).toHaveCount(2);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/vendor/login?reason=signed_out');
  await page.goto('/vendor/pos');
  await page.waitForURL('**/vendor/login?reason=signin');
});

test('a wrong password is refused with a clear message, and the button waits while pending', async ({
  page,
  accounts,
}) => {
  await page.goto('/vendor/login');
  // Slow the answer down so the pending state can be seen.
  await page.route('**/api/trpc/vendor.login**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await formTakenOver(page, 'Sign in');
  await page.getByLabel('E-mail').fill(accounts.owner.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();

  await expect(alertOf(page)).toContainText('The e-mail or password is wrong.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe('/vendor/login');
});

test('repeated failures are rate limited, and the message says when to retry', async ({ page, accounts }) => {
  await page.goto('/admin/login');
  await formTakenOver(page, 'Sign in');
  const email = page.getByLabel('E-mail');
  const password = page.getByLabel('Password', { exact: true });
  await email.fill(accounts.limited.email);
  // The app under test allows 3 failures per e-mail and address (RATE_LIMIT_LOGIN_PER_IDENTITY_IP).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await password.fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(alertOf(page)).toContainText('The e-mail or password is wrong.');
  }
  await password.fill(PASSWORDS.limited); // even the right password waits until the window passes
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(alertOf(page)).toContainText(
    /Too many attempts\. Try again in \d+ (seconds|minutes) \(at \d{1,2}:\d{2}/,
  );
});

test('the forgot-password link leads from each login page to its reset page', async ({ page }) => {
  for (const role of ['admin', 'vendor'] as const) {
    await page.goto(`/${role}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`**/${role}/forgot-password`);
    await expect(page.getByRole('heading', { name: 'Find your account' })).toBeVisible();
  }
});

test('the landing page leads customers, vendor staff and admins to their own sign-in', async ({ page }) => {
  for (const [door, path, field] of [
    ['Customers', '/account/login', 'E-mail'],
    ['Vendor staff', '/vendor/login', 'E-mail'],
    ['Admin', '/admin/login', 'E-mail'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('link', { name: new RegExp(`^${door}`) }).click();
    await page.waitForURL(`**${path}`);
    await expect(page.getByLabel(field)).toBeVisible();
  }
});
