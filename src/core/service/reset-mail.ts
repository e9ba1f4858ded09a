// The password-reset e-mail: a plain-text and an HTML body with the code and its lifetime.
import type { MailMessage } from '../reset-ports';

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}

/** Text for an HTML mail body. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A mail carrying a code: `what` names it ("password reset code"), `ignore` tells a stranger what to do. */
export function codeMail(input: {
  to: string;
  name: string;
  code: string;
  ttlSeconds: number;
  subject: string;
  what: string;
  ignore: string;
}): MailMessage {
  const valid = lifetime(input.ttlSeconds);
  return {
    to: input.to,
    // Never the code: subjects show on lock screens and in relay logs.
    subject: input.subject,
    text: [
      `Hello ${input.name},`,
      '',
      `Your ${input.what} is ${input.code}.`,
      `It is valid for ${valid} and can be used once.`,
      '',
      input.ignore,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(input.name)},</p>`,
      `<p>Your ${input.what} is</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${input.code}</p>`,
      `<p>It is valid for ${valid} and can be used once.</p>`,
      `<p style="color:#555">${escapeHtml(input.ignore)}</p>`,
    ].join('\n'),
  };
}

/** A mail without a code: a greeting and a few lines. */
export function noticeMail(input: { to: string; name: string; subject: string; lines: string[] }): MailMessage {
  return {
    to: input.to,
    subject: input.subject,
    text: [`Hello ${input.name},`, '', ...input.lines].join('\n'),
    html: [`<p>Hello ${escapeHtml(input.name)},</p>`, ...input.lines.map((l) => `<p>${escapeHtml(l)}</p>`)].join('\n'),
  };
}

export function resetCodeMail(input: { to: string; name: string; code: string; ttlSeconds: number }): MailMessage {
  return codeMail({
    ...input,
    subject: 'Your password reset code',
    what: 'password reset code',
    ignore: 'If you did not ask to reset your password, ignore this message: your password stays as it is.',
  });
}
