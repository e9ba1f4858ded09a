// Steps of the password-reset page shared by the reset and accessibility tests.
import type { Page } from '@playwright/test';
import type { SmtpSink } from '../test/support/smtp-sink';
import { expect, statusOf, type Role } from './fixtures';

export const GENERIC_SENT = 'If an account with that e-mail address exists, a code has been sent to it.';

/** Step 1 for `email`: returns the code the SMTP sink received for it. */
export async function requestCode(
  page: Page,
  smtp: SmtpSink,
  role: Role,
  email: string,
  typeLabel: string,
): Promise<string> {
  const since = smtp.messages.length;
  await page.goto(`/${role}/forgot-password`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('group', { name: 'Account type' }).getByLabel(typeLabel, { exact: true }).check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeFocused();
  await expect(statusOf(page)).toContainText(GENERIC_SENT);
  const mail = await smtp.waitFor(email, { since });
  expect(mail.code, `a 6-digit code in the mail to ${mail.to.join()}`).toMatch(/^\d{6}$/);
  return mail.code!;
}

/** Pastes `text` into the focused-to field the way a clipboard paste arrives. */
export async function pasteInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label);
  await field.focus();
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Step 2 with a pasted code, ending on step 3. */
export async function enterCode(page: Page, code: string) {
  await pasteInto(page, '6-digit code', `Your code: ${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page.getByLabel('6-digit code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
}
