// The pages in each of the five languages: the language chosen with the sign-in page's switch, then
// sign-up with the code from the mail (which comes in that language), the account page, and the
// till's PIN keypad; axe and screenshots on each, and the Arabic pages right to left at 1280 and
// 360 px with no control cut off or lying over another.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LOCALES, type Locale } from '../src/contract/locales';
import { LANGUAGE_NAMES } from '../src/ui/i18n/language-names';
import { expect, PASSWORDS, test } from './fixtures';
import { checkPage, VIEWPORTS } from './page-checks';
import { givePin, pairBrowser } from './till';

const PASSWORD = 'customer-pass-T6y!u3';
const PIN = '402815';
const MESSAGES = path.resolve(import.meta.dirname, '..', 'src', 'ui', 'messages');

/** A message of a catalogue as the page shows it (messages without arguments only). */
function text(locale: Locale, area: string, key: string): string {
  let at: unknown = JSON.parse(readFileSync(path.join(MESSAGES, locale, `${area}.json`), 'utf8'));
  for (const part of key.split('.')) at = (at as Record<string, unknown>)[part];
  if (typeof at !== 'string') throw new Error(`${locale}/${area}.json has no ${key}`);
  return at;
}

/** `message` with its `{name}` arguments filled in. */
const filled = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

async function expectLanguage(page: Page, locale: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
}

/**
 * Nothing cut or overlapping: every visible control, label and heading lies inside the viewport,
 * shows its whole text (no clipped overflow), and no two controls cover each other.
 */
async function expectLaidOut(page: Page, label: string) {
  const problems = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const shown = [...document.querySelectorAll('main button, main a, main label, main input, main select, h1, h2')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      })
      .filter((el) => !el.closest('.visually-hidden'));
    const name = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    for (const el of shown) {
      const box = el.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name(el)} outside the screen`);
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} is cut`);
    }
    const controls = shown.filter((el) => ['BUTTON', 'INPUT', 'SELECT'].includes(el.tagName));
    for (const [i, a] of controls.entries())
      for (const b of controls.slice(i + 1)) {
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlap =
          Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 &&
          Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
        if (overlap && !a.contains(b) && !b.contains(a)) found.push(`${name(a)} overlaps ${name(b)}`);
      }
    return found;
  });
  expect(problems, `${label}: cut or overlapping`).toEqual([]);
}

/** The page checks, and for Arabic the layout at both widths as well. */
async function checkIn(page: Page, testInfo: Parameters<typeof checkPage>[1], locale: Locale, name: string) {
  await checkPage(page, testInfo, `languages-${locale}-${name}`);
  if (locale !== 'ar') return;
  for (const viewport of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await expectLaidOut(page, `${name} at ${VIEWPORTS[viewport].width} px`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

for (const locale of LOCALES) {
  test(`${locale}: sign-in, sign-up with the mailed code, the account page and the PIN keypad`, async ({
    page,
    smtp,
    accounts,
    baseURL,
  }, testInfo) => {
    const t = (area: string, key: string) => text(locale, area, key);
    const email = `lang-${locale}-${Date.now().toString(36)}@example.com`;

    // The sign-in page, in the browser's English, switched to the language.
    await page.goto('/account/login');
    await expectLanguage(page, 'en');
    await page.getByLabel('Language').selectOption(LANGUAGE_NAMES[locale]);
    await expectLanguage(page, locale);
    await expect(page.getByRole('heading', { name: t('auth', 'signIn.title'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('auth', 'signIn.submit'), exact: true })).toBeVisible();
    await checkIn(page, testInfo, locale, 'sign-in');

    // Sign-up: the code comes in a mail in the language.
    await page.getByRole('link', { name: t('auth', 'signUp.title') }).click();
    await page.waitForURL('**/account/sign-up');
    await expectLanguage(page, locale);
    await page.getByLabel(t('common', 'field.email'), { exact: true }).fill(email);
    await page.getByLabel(t('common', 'field.name'), { exact: true }).fill('Noor Lang');
    await page.getByLabel(t('common', 'field.password'), { exact: true }).fill(PASSWORD);
    await checkIn(page, testInfo, locale, 'sign-up');
    const since = smtp.messages.length;
    await page.getByRole('button', { name: t('auth', 'signUp.submit'), exact: true }).click();
    const mail = await smtp.waitFor(email, { since, withCode: true });
    expect(mail.subject).toBe(t('mail', 'verification.subject'));
    expect(mail.text).toContain(filled(t('mail', 'verification.codeIs'), { code: mail.code! }));
    expect(mail.text).toContain(filled(t('mail', 'greeting'), { name: 'Noor Lang' }));
    await page.getByLabel(t('common', 'code.label'), { exact: true }).fill(mail.code!);
    await checkIn(page, testInfo, locale, 'sign-up-code');
    await page.getByRole('button', { name: t('auth', 'code.verify'), exact: true }).click();

    // The account page, with the language's chooser showing it.
    await page.waitForURL('**/account');
    await expect(page.getByRole('heading', { name: t('customer', 'title'), exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(email);
    await expect(page.getByRole('main').getByRole('combobox', { name: t('common', 'language.label') })).toHaveValue(
      locale,
    );
    await checkIn(page, testInfo, locale, 'account');

    // The till's PIN keypad, on a browser paired as a terminal.
    await givePin(baseURL!, accounts.employee.email, PASSWORDS.employee, PIN);
    await pairBrowser(
      page,
      baseURL!,
      { email: accounts.owner.email, password: PASSWORDS.owner },
      accounts.storeA.id,
      accounts.tillA.id,
      { code: t('vendor', 'pair.code'), submit: t('vendor', 'pair.title') },
    );
    await expectLanguage(page, locale);
    await page
      .getByRole('list', { name: t('pin', 'staff') })
      .getByRole('button', { name: 'Casey Cashier' })
      .click();
    const keypad = page.getByRole('form', { name: filled(t('pin', 'form.sign_in'), { who: 'Casey Cashier' }) });
    await expect(keypad).toBeVisible();
    await expect(keypad.getByLabel(filled(t('pin', 'label'), { who: 'Casey Cashier' }))).toBeVisible();
    await checkIn(page, testInfo, locale, 'pin-keypad');
    for (const digit of PIN) await keypad.getByRole('button', { name: filled(t('pin', 'digit'), { digit }) }).click();
    await keypad.getByRole('button', { name: t('pin', 'submit.sign_in') }).click();
    await expect(page.getByRole('region', { name: t('vendor', 'home.signedIn'), exact: true })).toContainText(
      'Casey Cashier',
    );
  });
}
