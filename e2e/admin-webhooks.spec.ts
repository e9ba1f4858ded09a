// The admin's webhooks page: reached from the Integrations page, an endpoint registered against a
// receiver the test starts on loopback (verifying with the npm `standardwebhooks` library), its
// secret shown once, a test message that fails twice and then is sent again and delivered, each
// attempt read in the delivery log, its dates written as the other pages write them; axe and
// phone-width checks.
import { startReceiver } from '../test/support/webhook-receiver';
import { expect, PASSWORDS, signIn, statusOf, test } from './fixtures';
import { checkPage } from './page-checks';

// The receiver is on loopback, so private addresses are allowed; one retry a second after the first attempt.
test.use({ appEnv: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '1s' } });
// Four pages scanned by axe at two widths, and deliveries awaited: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** A date's shape, its numbers and words stripped: "Dec 2, 2026, 6:18 AM" and "12/2/2026, 6:18:22 AM" differ. */
const shapeOf = (text: string) => text.replace(/\d+/g, '9').replace(/\p{L}+/gu, 'a');

test('an admin registers an endpoint, sees its secret once, sends a test message, reads failed and delivered attempts and sends one again', async ({
  page,
  accounts,
}, testInfo) => {
  const receiver = await startReceiver();
  let failing = true;
  receiver.replies = () => (failing ? 500 : 204);
  try {
    await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
    // How every other page writes a moment: the admin's own sessions on the console.
    const signedIn = page
      .getByRole('region', { name: 'Your sessions' })
      .getByText(/^Signed in /)
      .first();
    const sessionDate = (await signedIn.textContent())!.replace(/^Signed in /, '');
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL('**/admin/integrations');
    await checkPage(page, testInfo, 'admin-integrations');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/admin/webhooks');

    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Order service');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(statusOf(page).filter({ hasText: `Messages will be sent to ${receiver.url}.` })).toBeVisible();
    const secret = (await page.getByLabel('Signing secret', { exact: true }).textContent())!;
    expect(secret).toMatch(/^whsec_/);
    receiver.secret = secret;
    await checkPage(page, testInfo, 'admin-webhooks');

    // Shown once: the page loaded again does not carry it.
    await page.reload();
    const list = page.getByRole('list', { name: 'Webhook endpoints' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(secret)).toHaveCount(0);

    await list.getByRole('button', { name: `Manage ${receiver.url}` }).click();
    await page.getByRole('button', { name: 'Send test message' }).click();
    await expect(statusOf(page).filter({ hasText: /Test message msg_\S+ queued\./ })).toBeVisible();
    const log = page.getByRole('list', { name: 'Delivery log' });
    // Two attempts answered 500, then the message has failed.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh delivery log' }).click();
      await expect(log.getByText('Failed', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const attempts = log.getByRole('list', { name: /^Attempts to deliver msg_/ }).getByRole('listitem');
    await expect(attempts.filter({ hasText: 'answered 500 in' })).toHaveCount(2);
    await expect(attempts.filter({ hasText: '(status_500)' })).toHaveCount(2);
    // Regression: the delivery log wrote its dates with the browser's default ("12/2/2026, 6:18:22 AM").
    const dates = log.locator('time');
    await expect(dates).toHaveCount(3); // queued, and two attempts
    for (const date of await dates.all()) expect(shapeOf((await date.textContent())!)).toBe(shapeOf(sessionDate));
    await checkPage(page, testInfo, 'admin-webhooks-log');

    failing = false;
    await log.getByRole('button', { name: /^Send again msg_/ }).click();
    await expect(statusOf(page).filter({ hasText: /msg_\S+ is being sent again\./ })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh delivery log' }).click();
      await expect(log.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(attempts).toHaveCount(3);
    await expect(attempts.nth(2)).toContainText('answered 204 in');
    expect(receiver.received.map((r) => r.verified?.type)).toEqual(['webhook.test', 'webhook.test', 'webhook.test']);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
  } finally {
    await receiver.close();
  }
});
