// The REST reference was one 1.9 MB page, 207,000 px tall, whose tables stuck out to 674 px on a
// 360 px phone: now an index and a page per operation and per schema, each small, whose tables
// scroll inside their own box.
import { expect, test } from './fixtures';
import { checkPage, VIEWPORTS } from './page-checks';

// Some two hundred pages are fetched: time enough on a shared machine that only a failure fails.
test.describe.configure({ timeout: 300_000 });

/** What "small" means here: a page a phone loads and scrolls without trouble. */
const MAX_BYTES = 150_000;
const MAX_HEIGHT_PX = 25_000;

test('the index links every operation and schema to a page of its own; every page is small and fits a phone', async ({
  page,
  baseURL,
}, testInfo) => {
  const index = await page.goto('/docs/api');
  expect(index?.status()).toBe(200);
  expect((await index!.body()).length).toBeLessThan(MAX_BYTES);
  await checkPage(page, testInfo, 'api-reference-index');
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(MAX_HEIGHT_PX);
  await page.setViewportSize(VIEWPORTS.desktop);

  const links = await page
    .locator('main a[href^="/docs/api/"]')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
  const operations = links.filter((href) => !href.startsWith('/docs/api/schemas/'));
  const schemas = links.filter((href) => href.startsWith('/docs/api/schemas/'));
  expect(operations.length).toBeGreaterThan(100);
  expect(schemas.length).toBeGreaterThan(50);
  // Every page answers, and none is large (fetched without rendering, a few at a time: there are some two hundred).
  const sizes: { href: string; bytes: number }[] = [];
  const queue = [...links];
  const fetchSome = async () => {
    for (let href = queue.shift(); href; href = queue.shift()) {
      const answer = await page.request.get(`${baseURL}${href}`);
      expect(answer.status(), href).toBe(200);
      sizes.push({ href, bytes: (await answer.body()).length });
    }
  };
  await Promise.all([fetchSome(), fetchSome(), fetchSome(), fetchSome()]);
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  expect(largest.bytes, `${largest.href} is the largest page`).toBeLessThan(MAX_BYTES);

  // The largest operation page and a schema with a table, rendered: short, and no table widens a phone.
  for (const [name, href] of [
    ['api-reference-operation', largest.href],
    ['api-reference-schema', '/docs/api/schemas/Problem'],
  ] as const) {
    await page.goto(href);
    await expect(page.getByRole('link', { name: 'REST API reference' })).toBeVisible();
    await checkPage(page, testInfo, name);
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(MAX_HEIGHT_PX);
    await page.setViewportSize(VIEWPORTS.desktop);
  }

  // The index's links lead on: an operation's schema link opens that schema's page.
  await page.goto('/docs/api');
  await page.getByRole('link', { name: /POST \/api\/v1\/auth\/admin\/login/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('/api/v1/auth/admin/login');
  await page.getByRole('link', { name: 'Problem' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Problem' })).toBeVisible();
});
