// Per-page checks of the browser tests: an axe-core scan that fails on serious or critical
// violations, no message key shown in place of its text, and screenshots at desktop, POS-tablet
// and phone width kept as test artifacts.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 1024, height: 768 },
  phone: { width: 360, height: 740 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

const SCREENSHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'screenshots');

async function assertAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const severe = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(severe, `axe violations on ${label}`).toEqual([]);
}

/**
 * How far the page sticks out to the right, and the elements that make it: those whose box or
 * text (a long word in a heading) passes the right edge, unless a scrolling ancestor holds them.
 */
function sidewaysOverflow() {
  const width = document.documentElement.clientWidth;
  const visible = (el: Element) => getComputedStyle(el).overflowX === 'visible';
  const right = (el: Element) => {
    const box = el.getBoundingClientRect();
    return visible(el) ? Math.max(box.right, box.left + el.scrollWidth) : box.right;
  };
  const sticksOut = (el: Element) => right(el) > width + 0.5;
  const held = (el: Element): boolean => {
    const parent = el.parentElement;
    return parent !== null && parent !== document.body && (!visible(parent) || held(parent));
  };
  const culprits = [...document.body.querySelectorAll('*')]
    .filter((el) => sticksOut(el) && !held(el) && !(visible(el) && [...el.children].some(sticksOut)))
    .slice(0, 5)
    .map(
      (el) => `<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? '').trim().slice(0, 40)}"`,
    );
  return { by: document.documentElement.scrollWidth - width, culprits };
}

/** Scans `page` and saves its screenshots as `name-<viewport>.png`, at each of `viewports`. */
export async function checkPage(
  page: Page,
  testInfo: TestInfo,
  name: string,
  viewports: readonly ViewportName[] = ['desktop', 'phone'],
) {
  const original = page.viewportSize();
  // Next.js streams a page's metadata after its content, so right after a client-side navigation
  // the title may still be on its way: wait for it (a page without one still fails here).
  await expect(page).toHaveTitle(/\S/);
  // A message missing from the page's catalogue shows as its marked key (src/ui/i18n/missing.ts).
  const keys = (await page.locator('body').innerText()).match(/⟦[^⟧]*⟧/g) ?? [];
  expect(keys, `${name} shows message keys instead of their text`).toEqual([]);
  for (const viewport of viewports) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.evaluate(() => document.fonts.ready);
    await assertAccessible(page, `${name} (${viewport})`);
    const file = path.join(SCREENSHOTS, `${name}-${viewport}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${name}-${viewport}`, { path: file, contentType: 'image/png' });
    // Nothing may stick out sideways on a phone: a horizontal scrollbar means broken layout.
    const overflow = await page.evaluate(sidewaysOverflow);
    expect(
      overflow.by,
      `${name} is wider than the ${viewport} viewport: ${overflow.culprits.join('; ')}`,
    ).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}
