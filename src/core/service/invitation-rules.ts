// The rules of invitations that need no storage: the single-use token (only its hash is kept), the
// link the mail carries, whether an invitation is still pending, the mail, and the answer's shape.
import type { AdminInvitation, VendorInvitation } from '../../contract/invitation-schemas';
import { newClientSecret, secretHashOf } from '../client-secrets';
import type { InvitationRecord } from '../invitation-ports';
import type { MailMessage } from '../reset-ports';
import { escapeHtml } from './reset-mail';
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

function days(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  return `${Math.max(1, Math.round(seconds / 60))} minutes`;
}

/** The mail of an invitation: who invites, where to, the link and how long it is valid. */
export function invitationMail(input: {
  to: string;
  name: string;
  inviter: string;
  /** The business for vendor staff; the platform's administration for admins. */
  joining: string;
  link: string;
  ttlSeconds: number;
}): MailMessage {
  const valid = days(input.ttlSeconds);
  const lines = [
    `${input.inviter} invites you to ${input.joining}.`,
    'Open this link to choose your password and sign in:',
  ];
  const after = [
    `The link is valid for ${valid} and can be used once.`,
    'If you did not expect this invitation, ignore this message: no account is made without you.',
  ];
  return {
    to: input.to,
    // Never the link: subjects show on lock screens and in relay logs.
    subject: `You are invited to ${input.joining}`,
    text: [`Hello ${input.name},`, '', ...lines, input.link, '', ...after].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(input.name)},</p>`,
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
