// The admin console and the vendor POS page in German and in Arabic (right to left): the page's
// language and direction, its own texts in that language, no message key shown in place of a text,
// and an axe scan with screenshots at 1280 and 360 px where nothing sticks out sideways.
import type { Page } from '@playwright/test';
import { expect, PASSWORDS, signIn, test } from './fixtures';
import { checkPage } from './page-checks';

/** Switches the signed-in page to `locale`, as the language switch does, and reloads it. */
async function showIn(page: Page, locale: string) {
  await page.context().addCookies([{ name: 'locale', value: locale, url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

const PAGES = {
  de: {
    dir: 'ltr',
    admin: { heading: 'Admin-Konsole', profile: 'Ihr Profil', nav: 'Übersicht' },
    pos: { heading: 'Kasse', device: 'Dieses Gerät', store: 'Filiale', workAt: 'Sie arbeiten in diesem Browser' },
  },
  ar: {
    dir: 'rtl',
    admin: { heading: 'لوحة الإدارة', profile: 'ملفك الشخصي', nav: 'نظرة عامة' },
    pos: { heading: 'نقطة البيع', device: 'هذا الجهاز', store: 'المتجر', workAt: 'تعمل في' },
  },
} as const;

for (const [locale, words] of Object.entries(PAGES)) {
  test(`admin console home in ${locale}`, async ({ page, accounts }, testInfo) => {
    await signIn(page, 'admin', accounts.limited.email, PASSWORDS.limited);
    await showIn(page, locale);
    await expect(page.locator('html')).toHaveAttribute('dir', words.dir);
    await expect(page.getByRole('heading', { level: 1, name: words.admin.heading })).toBeVisible();
    await expect(page.getByRole('region', { name: words.admin.profile })).toBeVisible();
    await expect(page.getByRole('link', { name: words.admin.nav })).toBeVisible();
    await checkPage(page, testInfo, `staff-languages-admin-home-${locale}`);
  });

  test(`vendor POS home in ${locale}`, async ({ page, accounts }, testInfo) => {
    await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
    await showIn(page, locale);
    await expect(page.locator('html')).toHaveAttribute('dir', words.dir);
    await expect(page.getByRole('heading', { level: 1, name: words.pos.heading })).toBeVisible();
    await expect(page.getByRole('region', { name: words.pos.device })).toBeVisible();
    await page.getByRole('group', { name: words.pos.store }).getByLabel('High Street').check();
    await expect(page.getByText(words.pos.workAt)).toBeVisible();
    await checkPage(page, testInfo, `staff-languages-vendor-pos-${locale}`);
  });
}
