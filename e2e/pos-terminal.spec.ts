// A paired till: an owner pairs the device from the POS page, two employees switch in with the PIN
// keypad and see only the till's store, "Lock" returns to the staff list, and unpairing signs
// everyone out; a browser that is not paired never sees the keypad.
import type { Page } from '@playwright/test';
import { withContainer } from '../test/support/accounts';
import { request } from '../test/support/http';
import { signIn as restSignIn } from '../test/support/sign-in';
import { setPin } from '../test/support/terminals';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';

// Many steps, each a round trip to a server on a shared machine: time enough that only a failure fails.
test.describe.configure({ timeout: 180_000 });

const DANA_PASSWORD = 'dana-pass-G7h!k2';
const PINS = { casey: '730466', dana: '518294' };

async function typeOnKeypad(page: Page, pin: string) {
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
  await page.getByRole('button', { name: 'Sign in with PIN' }).click();
}

async function expectOnlyTheTillsStore(page: Page, name: string) {
  await expect(page.getByRole('region', { name: 'Signed in', exact: true })).toContainText(name);
  await expect(page.getByRole('region', { name: 'This device' })).toContainText(
    'This device is the paired till Till A1 at High Street.',
  );
  await expect(page.getByText('Station Road')).toHaveCount(0);
}

test('an owner pairs the till; two employees switch with PINs and lock; unpairing signs them out', async ({
  page,
  accounts,
  server,
  baseURL,
}, testInfo) => {
  const url = baseURL!;
  const prefix = accounts.owner.email.split('-owner@')[0];
  const dana = await withContainer(server.db, ({ auth }) =>
    auth.operator.createEmployee({
      vendor_id: accounts.vendor.id,
      email: `${prefix}-dana@example.com`,
      password: DANA_PASSWORD,
      name: 'Dana Drawer',
      store_ids: [accounts.storeA.id],
    }),
  );
  // Each sets a PIN in a password session of their own, then signs out of it.
  for (const [email, password, pin] of [
    [accounts.employee.email, PASSWORDS.employee, PINS.casey],
    [dana.email, DANA_PASSWORD, PINS.dana],
  ] as const) {
    const session = await restSignIn(url, 'vendor', email, password);
    await setPin(url, session.access_token, password, pin);
    await request(url, 'POST', '/api/v1/auth/vendor/logout', { json: { refresh_token: session.refresh_token } });
  }

  // The owner signs in on the till, gets a code for Till A1 and types it on the pairing screen.
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  // The owner sets a PIN on the POS page (the policy's refusals are covered over HTTP).
  const pinForm = page.getByRole('form', { name: 'Set your PIN' });
  await pinForm.getByLabel('Current password').fill(PASSWORDS.owner);
  await pinForm.getByLabel('New PIN (6 digits)').fill('402815');
  await pinForm.getByRole('button', { name: 'Save PIN' }).click();
  await expect(pinForm).toContainText('PIN saved');
  await page.getByRole('group', { name: 'Till to pair' }).getByLabel('Till A1').check();
  await page.getByRole('button', { name: 'Get a pairing code' }).click();
  const code = (await page.getByTestId('pairing-code').textContent())!;
  await page.goto('/vendor/pos/pair');
  await checkPage(page, testInfo, 'vendor-pos-pair');
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.waitForURL('**/vendor/pos');
  await page.getByRole('button', { name: 'Lock' }).click();

  // Casey switches in with the on-screen keypad.
  await expect(page.getByRole('heading', { name: 'Switch user', exact: true })).toBeVisible();
  const staff = page.getByRole('list', { name: 'Staff' });
  await expect(staff.getByRole('button')).toHaveText(['Casey Cashier', 'Dana Drawer', 'Olive Owner']);
  await checkPage(page, testInfo, 'vendor-pos-switch-user');
  await staff.getByRole('button', { name: 'Casey Cashier' }).click();
  await checkPage(page, testInfo, 'vendor-pos-keypad');
  await typeOnKeypad(page, PINS.casey);
  await expectOnlyTheTillsStore(page, 'Casey Cashier');

  // Lock: back to the staff list; Dana types her PIN on the keyboard.
  await page.getByRole('button', { name: 'Lock' }).click();
  await page.getByRole('list', { name: 'Staff' }).getByRole('button', { name: 'Dana Drawer' }).click();
  await page.getByLabel('PIN for Dana Drawer').pressSequentially(PINS.dana);
  await page.keyboard.press('Enter');
  await expectOnlyTheTillsStore(page, 'Dana Drawer');

  // The owner unpairs the till elsewhere: the till's session ends and it shows the password sign-in.
  const owner = (await restSignIn(url, 'vendor', accounts.owner.email, PASSWORDS.owner)).access_token;
  expect(
    (await request(url, 'DELETE', `/api/v1/vendor/terminals/${accounts.tillA.id}/pairing`, { token: owner })).status,
  ).toBe(204);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForURL('**/vendor/login**');
  await page.goto('/vendor/pos');
  await page.waitForURL('**/vendor/login**');
  await expect(page.getByRole('button', { name: 'Digit 1' })).toHaveCount(0);
  for (const id of [accounts.employee.id, dana.id]) {
    const sessions = await request(url, 'GET', `/api/v1/vendor/accounts/${id}/sessions`, { token: owner });
    expect(sessions.body.items).toEqual([]);
  }
});

test('a browser that is not paired gets the password sign-in, never the keypad', async ({ page }) => {
  await page.goto('/vendor/pos');
  await page.waitForURL('**/vendor/login**');
  await expect(page.getByRole('button', { name: 'Digit 1' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Switch user', exact: true })).toHaveCount(0);
});
