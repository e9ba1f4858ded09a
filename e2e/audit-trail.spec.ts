// The audit page: an admin disables an employee, follows the account's link to its security
// events, narrows them to disables and sees that one event, naming the admin who did it.
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';

test('an admin disables an employee and finds the event on the audit page', async ({ page, accounts }, testInfo) => {
  // A page check (axe and screenshots at two widths) and a second search: more than most specs.
  test.slow();
  const employee = accounts.employee;
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto(`/admin/vendors/${accounts.vendor.id}`);
  const row = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: employee.email });
  await row.getByRole('button', { name: `Manage ${employee.name}` }).click();
  await row.getByRole('button', { name: `Disable account of ${employee.name}` }).click();
  await expect(row.getByRole('heading', { name: employee.name })).toContainText('Disabled');

  await row.getByRole('link', { name: `Security events of ${employee.name}` }).click();
  await page.waitForURL(/\/admin\/audit\?account_id=/);
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter events' });
  await expect(filters.getByLabel('Account')).toHaveValue(employee.id);
  const events = page.getByRole('list', { name: 'Security events' });
  await expect(events.getByRole('listitem').first(), 'newest first').toContainText('account disabled');
  await expect(events.getByRole('listitem').filter({ hasText: 'account created' })).toHaveCount(1);

  await filters.getByLabel('Event').selectOption('account_disabled');
  await filters.getByRole('button', { name: 'Show events' }).click();
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await expect(events.getByRole('listitem')).toContainText('account disabled');
  // Regression: accounts were shown as ids only.
  await expect(events.getByRole('listitem')).toContainText(`account ${employee.name} <${employee.email}>`);
  await expect(events.getByRole('listitem')).toContainText(`by admin ${accounts.admin.name} <${accounts.admin.email}>`);
  await checkPage(page, testInfo, 'admin-audit');

  // Searching by e-mail (any case) finds the same account's events.
  await filters.getByLabel('Account').fill(employee.email.toUpperCase());
  await filters.getByRole('button', { name: 'Show events' }).click();
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await expect(events.getByRole('listitem')).toContainText(`account ${employee.name} <${employee.email}>`);
});

test('the audit page tells an admin without the module that it shows nothing', async ({ page, accounts }) => {
  await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Security events' })).toHaveCount(0);
});
