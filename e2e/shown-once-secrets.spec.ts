// Regression: the webhook's new signing secret appeared below the emptied form, where it was easy
// to miss, and neither page that shows a secret once (webhooks, service clients) offered to copy it.
// The secret now appears at the page's top, focused and in view, in a status region, with a Copy
// button that puts exactly the secret on the clipboard (read back here with the browser's
// clipboard permissions granted).
import type { Page } from '@playwright/test';
import { startReceiver } from '../test/support/webhook-receiver';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';

test.use({ appEnv: { WEBHOOK_ALLOW_PRIVATE: '1' }, permissions: ['clipboard-read', 'clipboard-write'] });

/** The region shows `secret` first on the page, focused and in view; Copy puts it on the clipboard. */
async function expectShownAtTopAndCopied(page: Page, regionName: string, valueLabel: string, firstPanel: string) {
  const region = page.getByRole('status', { name: regionName });
  await expect(region).toBeFocused();
  await expect(region).toBeInViewport();
  const secret = (await region.getByLabel(valueLabel, { exact: true }).textContent())!;
  expect(secret.length).toBeGreaterThan(20);
  const regionTop = (await region.boundingBox())!.y;
  const panelTop = (await page.getByRole('region', { name: firstPanel }).boundingBox())!.y;
  expect(regionTop, "the secret is above the page's panels").toBeLessThan(panelTop);

  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  await region.getByRole('button', { name: `Copy ${valueLabel.toLowerCase()}` }).click();
  await expect(region).toContainText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  return secret;
}

test("a new webhook endpoint's signing secret is shown at the top, focused, and copied with one click", async ({
  page,
  accounts,
}, testInfo) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
    await page.goto('/admin/webhooks');
    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await expectShownAtTopAndCopied(page, 'New signing secret', 'Signing secret', 'Endpoints');
    expect(secret).toMatch(/^whsec_/);
    await checkPage(page, testInfo, 'admin-webhooks-secret');
  } finally {
    await receiver.close();
  }
});

test("a new service client's secret is shown at the top, focused, and copied with one click", async ({
  page,
  accounts,
}, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/service-clients');
  const name = `copy-${testInfo.workerIndex}-${Date.now()}`;
  await page.getByLabel('Service name').fill(name);
  await page.getByRole('button', { name: 'Register' }).click();
  const secret = await expectShownAtTopAndCopied(page, 'New client secret', 'Client secret', 'Register a service');
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await checkPage(page, testInfo, 'admin-service-clients-secret');
});
