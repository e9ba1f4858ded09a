// Unknown addresses: Next.js's bare default page came unstyled (the CSP refuses its inline styles)
// and with no way back; the product's own 404 page is styled, breaks no CSP rule and links home
// and to the three sign-ins. And /favicon.ico, which browsers ask for on their own: the app's icon.
import { expect, test } from './fixtures';
import { checkPage } from './page-checks';

test('an unknown page answers 404 with the styled not-found page and links back', async ({ page }, testInfo) => {
  for (const path of ['/no-such-page', '/admin/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    // Styled by the product's stylesheet: the sign-in choices are cards, not a bare list of links.
    const door = page.getByRole('link', { name: /^Vendor staff/ });
    await expect(door).toHaveCSS('display', 'flex');
    await expect(door).not.toHaveCSS('border-top-width', '0px');
  }
  await checkPage(page, testInfo, 'not-found');

  await page.getByRole('link', { name: 'start page' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the commerce platform' })).toBeVisible();

  await page.goto('/no-such-page');
  await page.getByRole('link', { name: /^Customers/ }).click();
  await page.waitForURL('**/account/login');
});

test("a browser asking for /favicon.ico gets the app's icon, not a 404", async ({ page }) => {
  const response = await page.goto('/favicon.ico');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toBe('image/svg+xml');
});
