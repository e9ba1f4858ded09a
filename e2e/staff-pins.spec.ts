// Owners clear an employee's PIN from the POS page (the API had the route, the page did not):
// the employee can no longer switch in at the till. PINs stay personal: the page offers no way to
// set anyone's PIN but your own.
import { signIn as restSignIn } from '../test/support/sign-in';
import { pairDevice, pinLogin } from '../test/support/terminals';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';
import { givePin } from './till';

// Many steps, each a round trip to a server on a shared machine: time enough that only a failure fails.
test.describe.configure({ timeout: 180_000 });

const PIN = '730466';

test("an owner clears an employee's PIN; nobody is offered to set another's", async ({
  page,
  accounts,
  baseURL,
}, testInfo) => {
  const url = baseURL!;
  await givePin(url, accounts.employee.email, PASSWORDS.employee, PIN);
  const ownerToken = (await restSignIn(url, 'vendor', accounts.owner.email, PASSWORDS.owner)).access_token;
  const till = await pairDevice(url, ownerToken, accounts.storeA.id, accounts.tillA.id);
  expect((await pinLogin(url, till, accounts.employee.id, PIN)).status).toBe(200);

  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  const panel = page.getByRole('region', { name: 'Staff PINs' });
  const staff = panel.getByRole('list', { name: 'Staff PINs' });
  await expect(staff.getByRole('listitem')).toHaveText([/Casey Cashier/]); // not the owner's own
  // Regression: the owner was left out of the list but counted ("2 accounts shown" under one name).
  await expect(panel.getByRole('status').filter({ hasText: /shown/ })).toHaveText('1 account shown.');
  await expect(panel.getByRole('textbox')).toHaveCount(0);
  await expect(panel.locator('input')).toHaveCount(0);
  await checkPage(page, testInfo, 'vendor-pos-staff-pins');

  await staff.getByRole('button', { name: 'Clear PIN of Casey Cashier' }).click();
  await expect(panel).toContainText('Casey Cashier has no PIN now.');
  expect((await pinLogin(url, till, accounts.employee.id, PIN)).status).toBe(401);
  // The only PIN form on the page is the owner's own.
  await expect(page.getByRole('form', { name: /PIN/ })).toHaveText(/Current password/);
  await expect(page.getByRole('form', { name: /PIN/ })).toHaveCount(1);
});
