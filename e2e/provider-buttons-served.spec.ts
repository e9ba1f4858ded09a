// Regression: "Continue with <provider>" appeared only once the sign-in page had loaded, asked the
// server for its providers and rendered again: the served HTML had no button, a browser without
// script showed none, and the form jumped down when they arrived. The providers are configuration:
// the pages render them on the server. Checked on the HTML as plain HTTP serves it, in a browser
// without script, and in one with script, where the buttons are there before any request is answered.
import { expect, test } from './fixtures';
import { checkPage } from './page-checks';

test.use({ withProvider: true });

const PAGES_WITH_PROVIDERS = ['/account/login', '/account/sign-up'];
// The staff's sign-in pages have no providers (OpenID providers are the customers' way in).
const STAFF_PAGES = ['/admin/login', '/vendor/login'];

test("the served HTML of each customer sign-in page holds the configured provider's button", async ({ request }) => {
  for (const path of PAGES_WITH_PROVIDERS) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(await answer.text(), path).toContain('Continue with Acme ID');
  }
  for (const path of STAFF_PAGES) {
    expect(await (await request.get(path)).text(), path).not.toContain('Continue with');
  }
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test('the provider buttons are on both pages', async ({ page }) => {
    for (const path of PAGES_WITH_PROVIDERS) {
      await page.goto(path);
      await expect(
        page
          .getByRole('group', { name: 'Continue with a provider' })
          .getByRole('button', { name: 'Continue with Acme ID' }),
      ).toBeVisible();
    }
  });
});

test("the button is in place before the page's requests are answered, and the form does not move", async ({
  page,
}, testInfo) => {
  // Hold every tRPC request: what the page shows now came with its HTML.
  await page.route('**/api/trpc/**', () => undefined);
  await page.goto('/account/login');
  const button = page.getByRole('button', { name: 'Continue with Acme ID' });
  await expect(button).toBeVisible();
  const email = page.getByRole('main').getByLabel('E-mail');
  const before = await email.boundingBox();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(button).toBeVisible();
  expect((await email.boundingBox())?.y).toBe(before?.y);
  await checkPage(page, testInfo, 'customer-login-providers');
});
