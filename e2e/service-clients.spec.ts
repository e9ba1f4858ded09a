// The admin's service-clients page: registering a service shows its secret once, rotating shows a
// new one, removing takes it off the list; axe and phone-width checks.
import { expect, PASSWORDS, signIn, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';

test('an admin registers a service, copies its secret once, rotates it and removes the service', async ({
  page,
  accounts,
}, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/service-clients');
  await expect(page.getByRole('heading', { name: 'Service clients', level: 1 })).toBeVisible();
  const name = `orders-${testInfo.workerIndex}-${Date.now()}`;
  await page.getByLabel('Service name').fill(name);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(statusOf(page).filter({ hasText: `${name} is registered.` })).toBeVisible();
  const secret = page.getByLabel('Client secret', { exact: true });
  await expect(secret).toHaveText(/^[A-Za-z0-9_-]{43}$/);
  const first = await secret.textContent();
  const list = page.getByRole('list', { name: 'Service clients' });
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await checkPage(page, testInfo, 'admin-service-clients');

  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(first!);

  await row.getByRole('button', { name: `Rotate secret of ${name}` }).click();
  await expect(page.getByText(/The previous secret keeps working until/)).toBeVisible();
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveText(/^[A-Za-z0-9_-]{43}$/);
  expect(await page.getByLabel('Client secret', { exact: true }).textContent()).not.toBe(first);

  await row.getByRole('button', { name: `Remove ${name}` }).click();
  await row.getByRole('button', { name: `Confirm removal of ${name}` }).click();
  await expect(row).toHaveCount(0);
});
