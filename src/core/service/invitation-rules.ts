// The rules of invitations that need no storage: the single-use token (only its hash is kept), the
// link the mail carries, whether an invitation is still pending, the mail, and the answer's shape.
import type { AdminInvitation, VendorInvitation } from '../../contract/invitation-schemas';
import { newClientSecret, secretHashOf } from '../client-secrets';
import type { InvitationRecord } from '../invitation-ports';
import type { MailText, MailValues } from '../mail-texts';
import type { MailMessage } from '../reset-ports';
import { escapeHtml, lifetime } from './reset-mail';
import { DEFAULT_RELYING_PARTY_ORIGIN } from './passkeys';

/** A new token (256 random bits, base64url) and the SHA-256 that alone is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = newClientSecret();
  return { token, tokenHash: invitationTokenHash(token) };
}

export const invitationTokenHash = (token: string) => secretHashOf(token);

/** The page that accepts it, on APP_URL (the development origin when unset). */
export function invitationLink(appUrl: string | undefined, role: 'admin' | 'vendor', token: string): string {
  const url = new URL(`/${role}/invitations/accept`, appUrl ?? DEFAULT_RELYING_PARTY_ORIGIN);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Neither accepted nor revoked, and not past its lifetime at `now`. */
export const isPending = (invitation: InvitationRecord, now: Date) =>
  invitation.acceptedAt === null && invitation.revokedAt === null && invitation.expiresAt > now;

/**
 * The mail of an invitation: who invites, where to (the business, else the platform's administration), the link and
 * how long it is valid.
 */
export function invitationMail(
  text: MailText,
  input: {
    to: string;
    name: string;
    inviter: string;
    /** The business for vendor staff; undefined for admins, who join the platform's administration. */
    business: string | undefined;
    link: string;
    ttlSeconds: number;
  },
): MailMessage {
  const t = (key: string, values?: MailValues) => text.t(`invitation.${key}`, values);
  // Whole minutes at least: an odd lifetime in seconds reads as noise in a letter.
  const seconds =
    input.ttlSeconds % 3600 === 0 ? input.ttlSeconds : Math.max(1, Math.round(input.ttlSeconds / 60)) * 60;
  const joining = input.business === undefined ? t('administration') : input.business || t('aBusiness');
  const greeting = text.t('greeting', { name: input.name });
  const lines = [t('invites', { inviter: input.inviter, joining }), t('open')];
  const after = [t('validFor', { lifetime: lifetime(text, seconds) }), t('ignore')];
  return {
    to: input.to,
    // Never the link: subjects show on lock screens and in relay logs.
    subject: t('subject', { joining }),
    text: [greeting, '', ...lines, input.link, '', ...after].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
      ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    ].join('\n'),
  };
}

const common = (i: InvitationRecord) => ({
  id: i.id,
  email: i.email,
  name: i.name,
  invited_by: { role: i.inviter.role, id: i.inviter.id },
  expires_at: i.expiresAt.toISOString(),
  created_at: i.createdAt.toISOString(),
});

export const adminInvitationView = (i: InvitationRecord): AdminInvitation => ({
  ...common(i),
  admin_type: i.accountType === 'super_admin' ? 'super_admin' : 'admin',
  modules: i.modules,
});

export const vendorInvitationView = (i: InvitationRecord): VendorInvitation => ({
  ...common(i),
  vendor_id: i.vendorId ?? '',
  modules: i.modules,
  module_permissions: i.modulePermissions,
  store_ids: i.storeIds,
});
