// The rules of invitations that need no storage: the token and its hash, the link on APP_URL, what
// is pending, the mail (no token in its subject) and the answer's shape; and who may grant what.
import { createMailTexts } from '@/server/mail-texts';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthError } from '@/core/auth-error';
import type { InvitationRecord } from '@/core/invitation-ports';
import type { AccountRecord } from '@/core/ports';
import { assertMayGrant, assertMaySuperAdmin, NO_GRANTS } from '@/core/service/administration-rules';
import {
  adminInvitationView,
  invitationLink,
  invitationMail,
  invitationTokenHash,
  isPending,
  newInvitationToken,
  vendorInvitationView,
} from '@/core/service/invitation-rules';
import { webhookTypesOf } from '@/core/webhook-messages';
import { auditEntry } from '@/core/service/audit';

const NOW = new Date('2026-12-03T12:00:00Z');
const invitation = (extra: Partial<InvitationRecord> = {}): InvitationRecord => ({
  id: 'inv-1',
  role: 'vendor',
  email: 'ivy@example.com',
  name: 'Ivy',
  accountType: 'employee',
  modules: ['orders'],
  modulePermissions: { orders: ['read'] },
  storeIds: ['store-1'],
  vendorId: 'vendor-1',
  inviter: { role: 'vendor', id: 'owner-1' },
  expiresAt: new Date(NOW.getTime() + 1000),
  acceptedAt: null,
  revokedAt: null,
  createdAt: NOW,
  ...extra,
});

test('a token is 256 random bits in base64url; only its SHA-256 is kept, and two tokens differ', () => {
  const a = newInvitationToken();
  const b = newInvitationToken();
  assert.match(a.token, /^[A-Za-z0-9_-]{43}$/);
  assert.match(a.tokenHash, /^[0-9a-f]{64}$/);
  assert.equal(invitationTokenHash(a.token), a.tokenHash);
  assert.notEqual(a.token, b.token);
  assert.equal(a.tokenHash.includes(a.token), false);
});

test("the link points at the role's accept page on APP_URL, or the development origin without it", () => {
  assert.equal(
    invitationLink('https://auth.example.com', 'vendor', 'abc_-1'),
    'https://auth.example.com/vendor/invitations/accept?token=abc_-1',
  );
  assert.equal(invitationLink(undefined, 'admin', 't'), 'http://localhost:3000/admin/invitations/accept?token=t');
});

test('an invitation is pending until accepted, revoked or past its expiry', () => {
  assert.equal(isPending(invitation(), NOW), true);
  assert.equal(isPending(invitation({ acceptedAt: NOW }), NOW), false);
  assert.equal(isPending(invitation({ revokedAt: NOW }), NOW), false);
  assert.equal(isPending(invitation({ expiresAt: NOW }), NOW), false, 'the expiry instant itself is past');
});

test('the mail carries the link in its body, never in its subject, with its lifetime; HTML is escaped', () => {
  const link = invitationLink('https://auth.example.com', 'vendor', 'secret-token');
  const mail = invitationMail(createMailTexts()('en'), {
    to: 'ivy@example.com',
    name: '<Ivy>',
    inviter: 'Olive',
    business: 'Corner Shop',
    link,
    ttlSeconds: 7 * 86400,
  });
  assert.equal(mail.subject, 'You are invited to Corner Shop');
  assert.ok(mail.text.includes(link));
  assert.match(mail.text, /valid for 7 days and can be used once/);
  assert.ok(mail.html.includes('&lt;Ivy&gt;'));
  assert.equal(mail.subject.includes('secret-token'), false);
});

test('the answers show the rights and the inviter, never a token or hash', () => {
  const vendor = vendorInvitationView(invitation());
  assert.deepEqual(vendor.store_ids, ['store-1']);
  assert.deepEqual(vendor.invited_by, { role: 'vendor', id: 'owner-1' });
  assert.equal(vendor.expires_at, new Date(NOW.getTime() + 1000).toISOString());
  const admin = adminInvitationView(invitation({ role: 'admin', accountType: 'super_admin', vendorId: null }));
  assert.equal(admin.admin_type, 'super_admin');
  assert.equal(/token|hash/i.test(JSON.stringify([vendor, admin])), false);
});

const caller = (extra: Partial<AccountRecord>): AccountRecord => ({
  role: 'vendor',
  id: 'c',
  email: 'c@x.io',
  name: 'C',
  type: 'employee',
  modules: ['staff', 'stores'],
  modulePermissions: { staff: ['read', 'write'], stores: ['read'] },
  passwordHash: '',
  tokenVersion: 0,
  disabled: false,
  ...extra,
});
const forbidden = (e: unknown) => e instanceof AuthError && e.code === 'forbidden';

test('an employee invites with its own modules and actions only; an owner and a super_admin with any', () => {
  const employee = caller({});
  assert.doesNotThrow(() =>
    assertMayGrant(employee, NO_GRANTS, { modules: ['stores'], modulePermissions: { stores: ['read'] } }),
  );
  assert.throws(() => assertMayGrant(employee, NO_GRANTS, { modules: ['orders'] }), forbidden);
  assert.throws(() => assertMayGrant(employee, NO_GRANTS, { modulePermissions: { stores: ['write'] } }), forbidden);
  assert.doesNotThrow(() => assertMayGrant(caller({ type: 'owner' }), NO_GRANTS, { modules: ['orders'] }));
  const admin = caller({ role: 'admin', type: 'admin', modules: ['admins'], modulePermissions: {} });
  assert.throws(() => assertMaySuperAdmin(admin, 'super_admin'), forbidden);
  assert.throws(() => assertMayGrant(admin, NO_GRANTS, { modules: ['vendors'] }), forbidden);
  assert.doesNotThrow(() => assertMaySuperAdmin(caller({ role: 'admin', type: 'super_admin' }), 'super_admin'));
});

test('the account an acceptance creates is sent as account.created; invitation events are not sent', () => {
  const created = auditEntry(
    'account_created',
    { role: 'vendor', accountId: null },
    { actor: null, client: {} },
    {
      via: 'invitation',
    },
  );
  assert.deepEqual(webhookTypesOf(created), ['account.created']);
  const made = auditEntry('invitation_created', { role: 'vendor', accountId: null }, { actor: null, client: {} });
  assert.deepEqual(webhookTypesOf(made), []);
});
