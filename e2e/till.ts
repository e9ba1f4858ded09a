// A till for the browser tests: pairs the test's browser with a terminal (the code asked for over
// REST, typed on /vendor/pos/pair as a shop would) and switches in with a PIN.
import type { Page } from '@playwright/test';
import { request } from '../test/support/http';
import { signIn as restSignIn } from '../test/support/sign-in';
import { pairingCode, setPin } from '../test/support/terminals';
import { expect } from './fixtures';

/** Gives the account a PIN in a password session of its own, which it then signs out of. */
export async function givePin(url: string, email: string, password: string, pin: string) {
  const session = await restSignIn(url, 'vendor', email, password);
  await setPin(url, session.access_token, password, pin);
  await request(url, 'POST', '/api/v1/auth/vendor/logout', { json: { refresh_token: session.refresh_token } });
}

/** Makes this browser the terminal, with a code the owner asked for; lands on the till's staff list. */
export async function pairBrowser(
  page: Page,
  url: string,
  owner: { email: string; password: string },
  storeId: string,
  terminalId: string,
  /** The pairing form's field and button as the page's language names them. */
  labels = { code: 'Pairing code', submit: 'Pair this device' },
) {
  const session = await restSignIn(url, 'vendor', owner.email, owner.password);
  const code = await pairingCode(url, session.access_token, storeId, terminalId);
  await request(url, 'POST', '/api/v1/auth/vendor/logout', { json: { refresh_token: session.refresh_token } });
  await page.goto('/vendor/pos/pair');
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.waitForURL('**/vendor/pos');
}

/** On the till's staff list, chooses `name` and types the PIN on the keypad. */
export async function switchIn(page: Page, name: string, pin: string) {
  await page.getByRole('list', { name: 'Staff' }).getByRole('button', { name }).click();
  for (const digit of pin) await page.getByRole('button', { name: `Digit ${digit}` }).click();
  await page.getByRole('button', { name: 'Sign in with PIN' }).click();
  await expect(page.getByRole('region', { name: 'Signed in', exact: true })).toContainText(name);
}

/** Every answer of the page from now on that refused with step_up_required. */
export function stepUpRefusals(page: Page) {
  const seen: string[] = [];
  page.on('response', async (response) => {
    if (response.status() !== 403) return;
    const text = await response.text().catch(() => '');
    if (text.includes('step_up_required'))
      seen.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}
