// A manager's approval at the till: the cashier's PIN session asks for a refund of a sale, the page
// shows the request and the managers, and the manager's PIN on the keypad grants the approval; a
// wrong PIN and an employee without pos:approve are refused, in words a cashier reads.
import { expect, PASSWORDS, test } from './fixtures';
import { checkPage } from './page-checks';
import { request } from '../test/support/http';
import { signIn as restSignIn } from '../test/support/sign-in';
import { givePin, pairBrowser, switchIn } from './till';

test.describe.configure({ timeout: 180_000 });

const CASHIER_PIN = '730466';
const MANAGER_PIN = '619305';
const MANAGER = { email: 'mona-manager@example.com', password: 'mona-manager-pass-R7v!k2', name: 'Mona Manager' };

test('a cashier asks for a refund approval and a manager grants it with their PIN on the till', async ({
  page,
  accounts,
  baseURL,
}, testInfo) => {
  const url = baseURL!;
  const owner = await restSignIn(url, 'vendor', accounts.owner.email, PASSWORDS.owner);
  const created = await request(url, 'POST', '/api/v1/vendor/accounts', {
    token: owner.access_token,
    json: {
      ...MANAGER,
      modules: ['pos'],
      module_permissions: { pos: ['read', 'approve'] },
      store_ids: [accounts.storeA.id],
    },
  });
  expect(created.status, created.text).toBe(201);
  await givePin(url, MANAGER.email, MANAGER.password, MANAGER_PIN);
  await givePin(url, accounts.employee.email, PASSWORDS.employee, CASHIER_PIN);
  await pairBrowser(
    page,
    url,
    { email: accounts.owner.email, password: PASSWORDS.owner },
    accounts.storeA.id,
    accounts.tillA.id,
  );
  await switchIn(page, 'Casey Cashier', CASHIER_PIN);

  const panel = page.getByRole('region', { name: 'Manager approval' });
  await panel.getByLabel('Action').fill('refund');
  await panel.getByLabel('Sale or line reference').fill('sale-1042');
  await panel.getByLabel('Amount (optional)').fill('12.50');
  await panel.getByRole('button', { name: 'Ask a manager' }).click();
  const waiting = panel.getByRole('region', { name: 'Request waiting for approval' });
  await expect(waiting).toContainText('sale-1042');
  await expect(waiting).toContainText('12.50');
  const managers = waiting.getByRole('list', { name: 'Managers' });
  await expect(managers.getByRole('button', { name: 'Casey Cashier' })).toHaveCount(0);
  await checkPage(page, testInfo, 'vendor-pos-approval-request');

  // A wrong PIN is refused and counted; the keypad stays for another try.
  await managers.getByRole('button', { name: MANAGER.name }).click();
  for (const digit of '999001') await waiting.getByRole('button', { name: `Digit ${digit}` }).click();
  await waiting.getByRole('button', { name: 'Approve with PIN' }).click();
  await expect(waiting.getByRole('alert')).toContainText('Wrong PIN');
  await checkPage(page, testInfo, 'vendor-pos-approval-keypad');

  // The keyboard works as well as the buttons.
  await waiting.getByLabel(`PIN for ${MANAGER.name}`).fill(MANAGER_PIN);
  await waiting.getByLabel(`PIN for ${MANAGER.name}`).press('Enter');
  await expect(waiting.getByRole('status')).toContainText(`Approved by ${MANAGER.name}`);
  await checkPage(page, testInfo, 'vendor-pos-approval-granted');
});
