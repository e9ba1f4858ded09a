// The admin's customers page: reached from the navigation, a search by e-mail, disabling and
// enabling a customer and the customer's sessions; axe and phone-width checks.
import { expect, PASSWORDS, signIn, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';

test('an admin finds a customer, disables and enables the account, and sees its sessions', async ({
  page,
  accounts,
}, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Customers' }).click();
  await page.waitForURL('**/admin/customers');
  await page.getByLabel('E-mail or name').fill(accounts.customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const list = page.getByRole('list', { name: 'Customer accounts' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Manage Sam Shopper' }).click();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  await checkPage(page, testInfo, 'admin-customers');

  await page.getByRole('button', { name: 'Disable account of Sam Shopper' }).click();
  await expect(statusOf(page).filter({ hasText: 'Sam Shopper is disabled and signed out everywhere.' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable account of Sam Shopper' }).click();
  await expect(statusOf(page).filter({ hasText: 'Sam Shopper is enabled and can sign in again.' })).toBeVisible();
});
