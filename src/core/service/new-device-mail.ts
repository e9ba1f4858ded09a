// The new-device mail: the device as people name it, the address, the time, and the link of
// "This wasn't me", on the page of the account's role.
import type { Role } from '../../contract/auth-schemas';
import type { MailMessage } from '../reset-ports';
import { DEFAULT_RELYING_PARTY_ORIGIN } from './passkeys';
import { escapeHtml } from './reset-mail';

/** How long the link of a new-device mail can be used. */
export const NOT_ME_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The page each role's link opens; a customer's pages live under /account. */
export const NOT_ME_PAGES: Record<Role, string> = {
  customer: '/account/not-me',
  vendor: '/vendor/not-me',
  admin: '/admin/not-me',
};

/** The page that confirms it, on APP_URL (the development origin when unset). */
export function notMeLink(appUrl: string | undefined, role: Role, token: string): string {
  const url = new URL(NOT_ME_PAGES[role], appUrl ?? DEFAULT_RELYING_PARTY_ORIGIN);
  url.searchParams.set('token', token);
  return url.toString();
}

export function newDeviceMail(input: {
  to: string;
  name: string;
  device: string;
  address: string;
  at: Date;
  link: string;
}): MailMessage {
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const facts = [`Device: ${input.device}`, `Address: ${input.address}`, `Time: ${when}`];
  const ifYou = 'If this was you, there is nothing to do.';
  const ifNot =
    'If it was not you, open the link below and choose "This wasn\'t me": that sign-in ends at once and a code to reset your password is mailed to you. The link is valid for 7 days and can be used once.';
  return {
    to: input.to,
    subject: 'New sign-in to your account',
    text: [
      `Hello ${input.name},`,
      '',
      'Your account was just signed in to from a device it has not used before.',
      '',
      ...facts,
      '',
      ifYou,
      ifNot,
      '',
      `This wasn't me: ${input.link}`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(input.name)},</p>`,
      '<p>Your account was just signed in to from a device it has not used before.</p>',
      `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(ifYou)}</p>`,
      `<p>${escapeHtml(ifNot)}</p>`,
      `<p><a href="${escapeHtml(input.link)}">This wasn't me</a></p>`,
    ].join('\n'),
  };
}
