// The three-step password reset for both roles, reading the e-mailed code from a real SMTP sink.
import {
  alertOf,
  countRequests,
  expect,
  PASSWORDS,
  signIn,
  statusOf,
  test,
  type Accounts,
  type Role,
} from './fixtures';
import { enterCode, requestCode } from './reset-flow';

const CASES: Array<{ role: Role; account: (a: Accounts) => { email: string }; type: string; old: string }> = [
  { role: 'admin', account: (a) => a.limited, type: 'Admin', old: PASSWORDS.limited },
  { role: 'vendor', account: (a) => a.employee, type: 'Employee', old: PASSWORDS.employee },
];

for (const { role, account, type, old } of CASES) {
  test(`${role}: request a code, verify it, set a new password, sign in with it`, async ({ page, accounts, smtp }) => {
    const { email } = account(accounts);
    const code = await requestCode(page, smtp, role, email, type);
    await enterCode(page, code);

    const password = page.getByLabel('New password', { exact: true });
    await password.fill('short');
    await expect(page.getByText('At least 8 characters: 3 more to go.')).toBeVisible();
    const newPassword = `fresh-${role}-Pw!93x`;
    await password.fill(newPassword);
    await expect(page.getByText('At least 8 characters. Very common passwords are refused.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The two passwords differ.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();

    await page.waitForURL(`**/${role}/login?reason=reset`);
    await expect(statusOf(page)).toContainText('Your password has been changed.');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(old);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(alertOf(page)).toContainText('The e-mail or password is wrong.');
    await signIn(page, role, email, newPassword);
  });
}

test('a wrong code shows an error and does not call refresh', async ({ page, accounts, smtp }) => {
  const refreshes = countRequests(page, '/api/trpc/session/');
  const code = await requestCode(page, smtp, 'vendor', accounts.owner.email, 'Owner');
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('6-digit code').fill(wrong);
  const answer = page.waitForResponse((r) => r.url().includes('vendor.verifyReset'));
  await page.getByRole('button', { name: 'Verify code' }).click();
  expect((await answer).status()).toBe(401); // the interface's case: a 401 that is not an expired session

  await expect(alertOf(page)).toContainText('The code is wrong, expired or already used.');
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  expect(refreshes.seen).toEqual([]);

  // The right code still works afterwards (one wrong attempt of five).
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(refreshes.seen).toEqual([]);
});

test('an unknown e-mail gets the same answer and no mail', async ({ page, smtp }) => {
  const since = smtp.messages.length;
  await page.goto('/admin/forgot-password');
  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await page.getByRole('group', { name: 'Account type' }).getByLabel('Admin', { exact: true }).check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(statusOf(page)).toContainText(
    'If an account with that e-mail address exists, a code has been sent to it.',
  );
  await page.waitForTimeout(500);
  expect(smtp.messages.slice(since).filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
});
