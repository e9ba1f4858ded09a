// A cashier's PIN session at a paired till is offered only what it may do: the POS page offered
// "Change your password" and /vendor/security an authenticator enrolment and passkeys, each
// answering 403 step_up_required; the pages now leave them out and say why, also after a reload.
import type { Page } from '@playwright/test';
import { expect, PASSWORDS, test } from './fixtures';
import { checkPage } from './page-checks';
import { givePin, pairBrowser, stepUpRefusals, switchIn } from './till';

// Many steps, each a round trip to a server on a shared machine: time enough that only a failure fails.
test.describe.configure({ timeout: 180_000 });

const PIN = '730466';

/** Fills every form the page's main part offers and clicks each of its buttons but Lock. */
async function useEverythingOffered(page: Page) {
  const main = page.getByRole('main');
  for (const field of await main.getByLabel(/^(Current password|Your password)$/).all())
    await field.fill(PASSWORDS.employee);
  for (const field of await main.getByLabel(/^(New password|Confirm new password|Repeat new password)/).all())
    await field.fill('casey-new-pass-T4w!q8');
  for (const field of await main.getByLabel(/New PIN/).all()) await field.fill('402815');
  for (const field of await main.getByLabel('Passkey name').all()) await field.fill('Till key');
  for (const button of await main.getByRole('button').all()) {
    if ((await button.textContent())?.trim() === 'Lock' || !(await button.isVisible())) continue;
    await button.click();
  }
  await page.waitForLoadState('networkidle');
}

async function expectPinSessionPage(page: Page) {
  const notice = page.getByRole('region', { name: 'Point-of-sale work only' });
  await expect(notice).toContainText('needs a password sign-in');
  await expect(notice.getByRole('link', { name: 'Sign in with e-mail and password' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Security' })).toHaveCount(
    0,
  );
}

test('a PIN session is offered nothing that answers step_up_required, and is told why', async ({
  page,
  accounts,
  baseURL,
}, testInfo) => {
  await givePin(baseURL!, accounts.employee.email, PASSWORDS.employee, PIN);
  await pairBrowser(
    page,
    baseURL!,
    { email: accounts.owner.email, password: PASSWORDS.owner },
    accounts.storeA.id,
    accounts.tillA.id,
  );
  const refusals = stepUpRefusals(page);
  await switchIn(page, 'Casey Cashier', PIN);

  await expectPinSessionPage(page);
  for (const gone of ['Change your password', 'Your PIN', 'Pair a till', 'Staff PINs'])
    await expect(page.getByRole('region', { name: gone })).toHaveCount(0);
  await checkPage(page, testInfo, 'vendor-pos-pin-session');

  // A reload keeps the PIN session (its refresh cookie) and what it is offered.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Signed in', exact: true })).toContainText('Casey Cashier');
  await expectPinSessionPage(page);
  await expect(page.getByRole('region', { name: 'Change your password' })).toHaveCount(0);

  // The security page, opened by its address: no enrolment, no passkeys, the same explanation.
  await page.goto('/vendor/security');
  await expectPinSessionPage(page);
  for (const gone of ['Authenticator app', 'Passkeys'])
    await expect(page.getByRole('region', { name: gone })).toHaveCount(0);
  await checkPage(page, testInfo, 'vendor-security-pin-session');
  await useEverythingOffered(page);

  // Last, everything the POS page offers (its own sessions may be ended: that signs the till out).
  await page.goto('/vendor/pos');
  await expectPinSessionPage(page);
  await useEverythingOffered(page);

  expect(refusals).toEqual([]);
});
