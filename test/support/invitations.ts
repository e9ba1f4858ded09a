// Invitations in tests: the token of an invitation link read from a received mail, and the routes'
// paths of each side.
import type { ReceivedMail, SmtpSink } from './smtp-sink';

/** The raw message with quoted-printable soft breaks and `=3D` undone, so a link reads whole. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');

/** The token of the first invitation link of `role` in `mail`. */
export function invitationTokenOf(mail: ReceivedMail, role: 'admin' | 'vendor'): string {
  const match = new RegExp(`/${role}/invitations/accept\\?token=([A-Za-z0-9_-]+)`).exec(unfolded(mail.raw));
  if (!match) throw new Error(`no ${role} invitation link in the mail to ${mail.to.join(', ')}`);
  return match[1]!;
}

/** The next invitation mail to `email` after `since` messages, and its token. */
export async function invitationMail(sink: SmtpSink, email: string, role: 'admin' | 'vendor', since: number) {
  const mail = await sink.waitFor(email, { since });
  return { mail, token: invitationTokenOf(mail, role) };
}

export const ADMIN_INVITATIONS = '/api/v1/admin/invitations';
export const STAFF_INVITATIONS = '/api/v1/vendor/invitations';
export const acceptPath = (role: 'admin' | 'vendor') => `/api/v1/auth/${role}/invitations/accept`;
