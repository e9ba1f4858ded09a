// Steps of the invitation tests: the link of the invitation mail, and accepting it in a browser of
// its own (the invited person's), where the chosen password signs them in.
import type { Browser, Page, TestInfo } from '@playwright/test';
import { invitationTokenOf } from '../test/support/invitations';
import type { SmtpSink } from '../test/support/smtp-sink';
import { expect, formTakenOver, HOME, type Role } from './fixtures';
import { checkPage } from './page-checks';

/** The path of the accept page of the next invitation mail to `email` after `since` messages. */
export async function invitationLinkOf(smtp: SmtpSink, email: string, role: Role, since: number) {
  const mail = await smtp.waitFor(email, { since });
  return `/${role}/invitations/accept?token=${invitationTokenOf(mail, role)}`;
}

/**
 * Opens `link` in a new browser context (nobody is signed in there), chooses `password` and waits
 * for the role's home; `checked` names the page for the axe scan and screenshots.
 */
export async function acceptInBrowser(
  browser: Browser,
  baseURL: string,
  link: string,
  role: Role,
  password: string,
  testInfo: TestInfo,
  checked?: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await formTakenOver(invited, 'Choose your password');
  if (checked) await checkPage(invited, testInfo, checked);
  await invited.getByLabel('Your password', { exact: true }).fill(password);
  await invited.getByLabel('Confirm your password').fill(password);
  await invited.getByRole('button', { name: 'Create account and sign in' }).click();
  await invited.waitForURL(HOME[role]);
  return invited;
}
