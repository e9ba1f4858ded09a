// The sign-in, sign-up and forgot-password forms submitted before any script runs (a slow till,
// Enter pressed early, scripts off): the browser posts them, so no password or e-mail address
// ends up in an address, the history or an access log, and the page answers without a fault.
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

const PASSWORD = 'no-script-Secret-4821';
const EMAIL = 'no-script-visitor@example.com';

const FORMS = [
  '/admin/login',
  '/vendor/login',
  '/account/login',
  '/admin/forgot-password',
  '/vendor/forgot-password',
  '/account/forgot-password',
  '/account/sign-up',
];

// Regression: the forms had no `method`, so without script they sent
// `GET /admin/login?email=...&password=...`.
for (const path of FORMS) {
  test(`${path}: submitted without script, the form is posted and no address carries what was typed`, async ({
    page,
  }) => {
    await page.goto(path);
    const form = page.locator('main form').first();
    await expect(form).toHaveAttribute('method', /^post$/i);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await form.getByLabel('E-mail').fill(EMAIL);
    const passwords = form.locator('input[type="password"]');
    for (const field of await passwords.all()) await field.fill(PASSWORD);
    const name = form.getByLabel('Name', { exact: true });
    if (await name.count()) await name.fill('Nora No-Script');
    const [answer] = await Promise.all([
      page.waitForEvent('response', (r) => r.request().isNavigationRequest()),
      form.locator('button[type="submit"]').click(),
    ]);
    await page.waitForLoadState();

    expect(answer.request().method()).toBe('POST');
    expect(answer.status(), 'a script-less post is answered without a fault').toBeLessThan(500);
    const addresses = [...requests.map((r) => r.url()), page.url()];
    for (const typed of [PASSWORD, EMAIL, encodeURIComponent(EMAIL)]) {
      expect(
        addresses.filter((url) => url.includes(typed)),
        `an address holds ${typed}`,
      ).toEqual([]);
    }
    // The post is sent back to the page (303), which says why nothing happened: in a browser without
    // script its <noscript> note shows (Playwright turns script off after parsing, so it is read here).
    expect(answer.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe(path);
    const html = await page.content();
    expect(html).not.toContain(PASSWORD);
    expect(html).toContain('This page needs JavaScript');
  });
}
