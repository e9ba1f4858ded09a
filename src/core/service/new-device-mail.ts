// The new-device mail: the device as people name it, the address, the time, and the link of
// "This wasn't me", on the page of the account's role.
import type { Role } from '../../contract/auth-schemas';
import type { MailText, MailValues } from '../mail-texts';
import type { MailMessage } from '../reset-ports';
import { DEFAULT_RELYING_PARTY_ORIGIN } from './passkeys';
import { escapeHtml, escapeText } from './reset-mail';

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

export function newDeviceMail(
  text: MailText,
  input: { to: string; name: string; device: string; address: string; at: Date; link: string },
): MailMessage {
  const t = (key: string, values?: MailValues) => text.t(`newDevice.${key}`, values);
  const greeting = text.t('greeting', { name: input.name });
  const when = text.dateTime(input.at);
  const facts = [t('device', { device: input.device }), t('address', { address: input.address }), t('time', { when })];
  return {
    to: input.to,
    subject: t('subject'),
    text: [
      greeting,
      '',
      t('happened'),
      '',
      ...facts,
      '',
      t('ifYou'),
      t('ifNot'),
      '',
      `${t('notMe')}: ${input.link}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(t('happened'))}</p>`,
      `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(t('ifYou'))}</p>`,
      `<p>${escapeHtml(t('ifNot'))}</p>`,
      `<p><a href="${escapeHtml(input.link)}">${escapeText(t('notMe'))}</a></p>`,
    ].join('\n'),
  };
}
