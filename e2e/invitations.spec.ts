// Invitations in the browser: an owner invites an employee from the till's staff panel and an admin
// invites an admin from the admins page; each invited person opens the mailed link in a browser of
// their own, chooses a password, lands signed in, and signs in again with it. A used link says so.
import { expect, PASSWORDS, signIn, signOut, test } from './fixtures';
import { acceptInBrowser, invitationLinkOf } from './invitation-steps';
import { checkPage } from './page-checks';

const CHOSEN = 'my-own-choice-T4v!r8';
const unique = (testId: string) => `${testId.slice(0, 6)}${Date.now().toString(36)}`;

test('an owner invites an employee at the till; the employee chooses a password and works at the till', async ({
  page,
  accounts,
  smtp,
  browser,
  baseURL,
}, testInfo) => {
  const id = unique(testInfo.testId);
  const employee = { name: `Ines ${id}`, email: `ines-${id}@example.com` };
  await signIn(page, 'vendor', accounts.owner.email, PASSWORDS.owner);
  await page.getByRole('button', { name: 'Invite someone to the team' }).click();
  const invite = page.getByRole('form', { name: 'Invite an employee' });
  await invite.getByLabel('Name', { exact: true }).fill(employee.name);
  await invite.getByLabel('E-mail', { exact: true }).fill(employee.email);
  await invite.getByRole('group', { name: 'Orders' }).getByLabel('Read').check();
  await invite.getByRole('group', { name: 'Stores', exact: true }).getByLabel('High Street').check();
  const since = smtp.messages.length;
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`An invitation is on its way to ${employee.name}`);
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(employee.email);
  await checkPage(page, testInfo, 'vendor-invite-staff');

  const link = await invitationLinkOf(smtp, employee.email, 'vendor', since);
  const invited = await acceptInBrowser(browser, baseURL!, link, 'vendor', CHOSEN, testInfo, 'vendor-invitation');
  await expect(invited.getByRole('group', { name: 'Store' }).getByLabel('High Street')).toBeChecked();
  await signOut(invited, 'vendor');
  await signIn(invited, 'vendor', employee.email, CHOSEN);

  // The link is spent: opening it again says so instead of making a second account.
  await invited.goto(link);
  await invited.getByLabel('Your password', { exact: true }).fill(CHOSEN);
  await invited.getByLabel('Confirm your password').fill(CHOSEN);
  await invited.getByRole('button', { name: 'Create account and sign in' }).click();
  await expect(invited.getByRole('main').getByRole('alert')).toContainText('already used, revoked');
  await invited.context().close();

  await page.reload();
  await expect(page.getByText('No pending invitations.')).toBeVisible();
});

test('an admin invites an admin, sends the invitation again, and the admin accepts the newest link', async ({
  page,
  accounts,
  smtp,
  browser,
  baseURL,
}, testInfo) => {
  const id = unique(testInfo.testId);
  const admin = { name: `Ada ${id}`, email: `ada-${id}@example.com` };
  await signIn(page, 'admin', accounts.admin.email, PASSWORDS.admin);
  await page.goto('/admin/admins');
  const invite = page.getByRole('form', { name: 'Invite an admin' });
  await invite.getByLabel('Name', { exact: true }).fill(admin.name);
  await invite.getByLabel('E-mail', { exact: true }).fill(admin.email);
  await invite.getByRole('group', { name: 'Modules' }).getByLabel('Admins').check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toContainText(`An invitation is on its way to ${admin.name}`);
  const row = page
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem')
    .filter({ hasText: admin.email });
  // The first link's mail goes out after the answer: counted from before it arrived, the first mail
  // after `since` could be the first link's, which the resend voids.
  await smtp.waitFor(admin.email);
  const since = smtp.messages.length;
  await row.getByRole('button', { name: `Send again to ${admin.email}` }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'A new link is on its way' }),
  ).toBeVisible();
  await checkPage(page, testInfo, 'admin-invite-admin');

  const link = await invitationLinkOf(smtp, admin.email, 'admin', since);
  const invited = await acceptInBrowser(browser, baseURL!, link, 'admin', CHOSEN, testInfo, 'admin-invitation');
  await expect(
    invited.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Admins' }),
  ).toBeVisible();
  await signOut(invited, 'admin');
  await signIn(invited, 'admin', admin.email, CHOSEN);
  await invited.context().close();
});
