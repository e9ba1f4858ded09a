// The mails' shared parts (greeting, a code and its lifetime, notices) and the password-reset
// e-mail, in plain text and HTML, from the recipient's language's texts (src/core/mail-texts.ts).
import type { MailText } from '../mail-texts';
import type { MailMessage } from '../reset-ports';

/** A lifetime in the largest whole unit: "15 minutes", "1 hour", "7 days". */
export function lifetime(text: MailText, seconds: number): string {
  if (seconds % 86400 === 0) return text.t('lifetime.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return text.t('lifetime.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return text.t('lifetime.minutes', { count: seconds / 60 });
  return text.t('lifetime.seconds', { count: seconds });
}

/** Text for an HTML mail body. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Text for an HTML element's content, where quotes need no escape. */
export const escapeText = (s: string) =>
  s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

/** The mails that carry a code, each a group of the mail catalogue: subject, codeIs, lead, ignore. */
export type CodeMailKind = 'reset' | 'verification' | 'signIn' | 'emailChange';

/** A mail carrying a code: what it is for, how long it lasts, and what a stranger should do. */
export function codeMail(
  text: MailText,
  kind: CodeMailKind,
  input: { to: string; name: string; code: string; ttlSeconds: number },
): MailMessage {
  const valid = text.t('code.validFor', { lifetime: lifetime(text, input.ttlSeconds) });
  const ignore = text.t(`${kind}.ignore`);
  const greeting = text.t('greeting', { name: input.name });
  return {
    to: input.to,
    // Never the code: subjects show on lock screens and in relay logs.
    subject: text.t(`${kind}.subject`),
    text: [greeting, '', text.t(`${kind}.codeIs`, { code: input.code }), valid, '', ignore].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(text.t(`${kind}.lead`))}</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${input.code}</p>`,
      `<p>${escapeHtml(valid)}</p>`,
      `<p style="color:#555">${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

/** A mail without a code: a greeting and a few lines. */
export function noticeMail(
  text: MailText,
  input: { to: string; name: string; subject: string; lines: string[] },
): MailMessage {
  const greeting = text.t('greeting', { name: input.name });
  return {
    to: input.to,
    subject: input.subject,
    text: [greeting, '', ...input.lines].join('\n'),
    html: [`<p>${escapeHtml(greeting)}</p>`, ...input.lines.map((l) => `<p>${escapeHtml(l)}</p>`)].join('\n'),
  };
}

/** A notice of one group of the mail catalogue: its subject, what happened and what to do. */
export const plainNotice = (
  text: MailText,
  group: 'accountExists' | 'emailTaken' | 'emailChanged',
  to: string,
  name: string,
): MailMessage =>
  noticeMail(text, {
    to,
    name,
    subject: text.t(`${group}.subject`),
    lines: [text.t(`${group}.happened`), text.t(`${group}.advice`)],
  });

export const resetCodeMail = (
  text: MailText,
  input: { to: string; name: string; code: string; ttlSeconds: number },
): MailMessage => codeMail(text, 'reset', input);
