// The POS context page: an employee with narrow modules loads it and sees only its stores; the
// chosen store and terminal are remembered on the device across a reload.
import { expect, PASSWORDS, signIn, test } from './fixtures';

test('an employee without POS modules loads the context and sees only its own store', async ({ page, accounts }) => {
  await signIn(page, 'vendor', accounts.employee.email, PASSWORDS.employee);
  const stores = page.getByRole('group', { name: 'Store' });
  await expect(stores.getByRole('radio')).toHaveCount(1);
  await expect(stores.getByLabel('High Street')).toBeChecked(); // the only store is chosen for them
  await expect(page.getByText('Station Road')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Terminal' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByText('You work at High Street, Till A1 in this browser. Remembered here.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signed in' })).toContainText('Employee');

  // Employees see only their own modules: this one has orders, and not pos.
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByRole('link')).toHaveText(['Point of sale', 'Orders', 'Security']);
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('Your access: read.');
});

test('an owner chooses a store and terminal, and the device remembers them after a reload', async ({
  page,
  accounts,
}) => {
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  const stores = page.getByRole('group', { name: 'Store' });
  await expect(stores.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Terminal' })).toHaveCount(0);
  await stores.getByLabel('Station Road').check();
  await expect(page.getByRole('group', { name: 'Terminal' }).getByLabel('Till B1')).toBeChecked();
  await expect(page.getByText('You work at Station Road, Till B1 in this browser.')).toBeVisible();

  // A reload loses the in-memory access token: the refresh cookie brings the session back.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Store' }).getByLabel('Station Road')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Terminal' }).getByLabel('Till B1')).toBeChecked();
  expect(new URL(page.url()).pathname).toBe('/vendor/pos');
});
