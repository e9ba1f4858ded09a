// Changing one's own password on the admin profile and the POS page: a wrong current password is
// shown and nothing changes; the right one keeps this tab signed in, ends the other session, and
// the new password signs in.
import type { Browser } from '@playwright/test';
import { expect, PASSWORDS, signIn, test, type Role } from './fixtures';

async function otherSession(browser: Browser, baseURL: string, role: Role, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, role, email, password);
  return { page, close: () => context.close() };
}

for (const [role, who, label] of [
  ['admin', 'admin', 'an admin on its profile'],
  ['vendor', 'employee', 'an employee on the POS page'],
] as const) {
  test(`${label} changes its own password; the other session ends`, async ({
    page,
    browser,
    baseURL,
    accounts,
    smtp,
  }) => {
    const { email } = accounts[who];
    const elsewhere = await otherSession(browser, baseURL!, role, email, PASSWORDS[who]);
    await signIn(page, role, email, PASSWORDS[who]);
    const form = page.getByRole('form', { name: 'Change your password' });

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password').fill('a-new-pass-Hq7&z');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toContainText('current password is wrong');

    const since = smtp.messages.length;
    await form.getByLabel('Current password').fill(PASSWORDS[who]);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('status')).toContainText('Password changed');
    expect((await smtp.waitFor(email, { since })).subject).toBe('Your password was changed');

    // This tab stays signed in across a reload (the new refresh cookie); the other one is signed out.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Change your password' })).toBeVisible();
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL(`**/${role}/login**`);
    await elsewhere.close();
  });
}
