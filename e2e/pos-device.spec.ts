// "This device" tells the truth about this browser: an owner's own browser was told "This device
// works at High Street, Till 1" beside "Pair a till", and offered to unpair tills that were never
// paired. Now an unpaired browser says so, a paired till says which terminal it is, and unpairing
// is offered only for a terminal a device is paired with.
import { signIn as restSignIn } from '../test/support/sign-in';
import { pairDevice, staffAt } from '../test/support/terminals';
import { expect, PASSWORDS, signIn, submitPassword, test } from './fixtures';
import { checkPage } from './page-checks';
import { pairBrowser } from './till';

// Many steps, each a round trip to a server on a shared machine: time enough that only a failure fails.
test.describe.configure({ timeout: 180_000 });

test('an unpaired browser says it is not a till; unpairing is offered only for a paired terminal', async ({
  page,
  accounts,
  baseURL,
}, testInfo) => {
  const owner = { email: accounts.owner.email, password: PASSWORDS.owner };
  await signIn(page, 'vendor', owner.email, owner.password);
  const device = page.getByRole('region', { name: 'This device' });
  await expect(device).toContainText('This browser is not paired with a till');
  await device.getByRole('group', { name: 'Store' }).getByLabel('High Street').check();
  await expect(device).toContainText('You work at High Street, Till A1 in this browser.');
  await expect(page.getByText(/This device (works at|is)/)).toHaveCount(0);

  // Till A1 was never paired: a code is offered, unpairing is not.
  const pairing = page.getByRole('region', { name: 'Pair a till' });
  await pairing.getByRole('group', { name: 'Till to pair' }).getByLabel('Till A1').check();
  await expect(pairing.getByRole('button', { name: 'Get a pairing code' })).toBeVisible();
  await expect(pairing.getByRole('button', { name: /^Unpair/ })).toHaveCount(0);
  await checkPage(page, testInfo, 'vendor-pos-unpaired-browser');

  // Another device is paired with Till A1: now it can be unpaired from here, which ends its credential.
  const ownerToken = (await restSignIn(baseURL!, 'vendor', owner.email, owner.password)).access_token;
  const tillToken = await pairDevice(baseURL!, ownerToken, accounts.storeA.id, accounts.tillA.id);
  await page.reload();
  await page
    .getByRole('region', { name: 'Pair a till' })
    .getByRole('group', { name: 'Till to pair' })
    .getByLabel('Till A1')
    .check();
  await expect(pairing.getByText('High Street · paired')).toBeVisible();
  await pairing.getByRole('button', { name: 'Unpair Till A1' }).click();
  await expect(pairing).toContainText('Till A1 is unpaired');
  await expect(pairing.getByRole('button', { name: /^Unpair/ })).toHaveCount(0);
  expect((await staffAt(baseURL!, tillToken)).status).toBe(401);

  // This browser paired as Till A1: signed in there with the password, it says which till it is.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/vendor/login**');
  await pairBrowser(page, baseURL!, owner, accounts.storeA.id, accounts.tillA.id);
  await page.getByRole('link', { name: 'Sign in with e-mail and password' }).click();
  await submitPassword(page, 'vendor', owner.email, owner.password);
  await page.waitForURL('**/vendor/pos');
  await expect(device).toContainText('This device is the paired till Till A1 at High Street.');
  await expect(device.getByRole('group', { name: 'Store' })).toHaveCount(0);
  await pairing.getByRole('group', { name: 'Till to pair' }).getByLabel('Till A1').check();
  await expect(pairing.getByText('High Street · this device')).toBeVisible();
  await checkPage(page, testInfo, 'vendor-pos-paired-till');
});
