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

export function resetCodeMail(input: { to: string; name: string; code: string; ttlSeconds: number }): MailMessage {
  const valid = lifetime(input.ttlSeconds);
  const ignore = 'If you did not ask to reset your password, ignore this message: your password stays as it is.';
  return {
    to: input.to,
    // Never the code: subjects show on lock screens and in relay logs.
    subject: 'Your password reset code',
    text: [
      `Hello ${input.name},`,
      '',
      `Your password reset code is ${input.code}.`,
      `It is valid for ${valid} and can be used once.`,
      '',
      ignore,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(input.name)},</p>`,
      `<p>Your password reset code is</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${input.code}</p>`,
      `<p>It is valid for ${valid} and can be used once.</p>`,
      `<p style="color:#555">${ignore}</p>`,
    ].join('\n'),
  };
}
