// Regression: at 1280 px the webhook event types broke mid-word in their cards ("account.creat|ed",
// the labels could break anywhere), and at 360 px the navigation, a row scrolling sideways, showed
// its last visible entry cut off ("Point" of "Point of sale"). Labels now stay whole: an event type
// on one line at desktop width (after a dot at most, on a phone), every navigation entry whole and
// inside the screen at phone width.
import type { Page } from '@playwright/test';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { breaksInsideWords, renderedText } from './line-breaks';
import { checkPage, VIEWPORTS } from './page-checks';

/** The event types' names (account.created ...), not "Every event type", which may wrap between its words. */
const eventTypeLabels = (page: Page) =>
  page
    .getByRole('group', { name: 'Event types' })
    .locator('label > span > span:first-child')
    .filter({ hasText: /^[a-z_]+\.[a-z_.]+$/ });

test('the webhook event types sit on one line each at 1280 px, and break after a dot at most at 360 px', async ({
  page,
  accounts,
}, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/webhooks');
  const labels = eventTypeLabels(page);
  await expect(labels.filter({ hasText: 'account.created' })).toBeVisible();
  await page.setViewportSize(VIEWPORTS.desktop);
  for (const label of await labels.all()) {
    const text = await renderedText(label);
    expect(text.lines, `${text.lines.join('|')} at 1280 px`).toHaveLength(1);
  }
  await page.setViewportSize(VIEWPORTS.phone);
  expect(await labels.count()).toBeGreaterThan(10);
  for (const label of await labels.all()) {
    expect(breaksInsideWords(await renderedText(label))).toEqual([]);
  }
  await checkPage(page, testInfo, 'admin-webhooks-event-types');
});

/** Every entry of the navigation at 360 px: on one line, not broken in a word, inside the screen. */
async function expectWholeNavLabels(page: Page) {
  await page.setViewportSize(VIEWPORTS.phone);
  const links = page.getByRole('navigation', { name: 'Modules' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) {
    const text = await renderedText(link);
    const name = text.lines.join(' ');
    expect(text.lines, `${name} on one line`).toHaveLength(1);
    expect(breaksInsideWords(text), name).toEqual([]);
    expect(text.box.left, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(text.box.right, `${name} ends inside the screen`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  }
}

test('at 360 px every admin navigation entry is whole and on the screen', async ({ page, accounts }, testInfo) => {
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await expect(
    page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Point of sale' }),
  ).toBeVisible();
  await expectWholeNavLabels(page);
  await checkPage(page, testInfo, 'admin-nav-phone');
});

test('at 360 px every vendor navigation entry is whole and on the screen', async ({ page, accounts }, testInfo) => {
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await expectWholeNavLabels(page);
  await checkPage(page, testInfo, 'vendor-nav-phone');
});
