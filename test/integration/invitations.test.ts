// Invitations over HTTP with a real SMTP sink: the invited person accepts with the password they
// chose and signs in with it; a used, expired, revoked or replaced token is refused; nobody invites
// beyond their own rights; an address with an account is 409; bad input is a 4xx problem.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { withContainer } from '../support/accounts';
import { administrationSuite, call, problemOf } from '../support/admin-world';
import { get, post } from '../support/http';
import { ADMIN_INVITATIONS, acceptPath, invitationMail, STAFF_INVITATIONS } from '../support/invitations';
import { signIn } from '../support/sign-in';

const s = administrationSuite(undefined, { smtp: true, env: { APP_URL: 'http://localhost:3999' } });

let serial = 0;
const address = (label: string) => `${label}-${++serial}@example.com`;
const CHOSEN = 'chosen-by-me-K7p!w2';

/** Invites `email` on `path` as `token`, and reads the mailed token. */
async function invite(role: 'admin' | 'vendor', token: string, body: Record<string, unknown>) {
  const since = s.mail.messages.length;
  const res = await call(s.url, 'POST', role === 'admin' ? ADMIN_INVITATIONS : STAFF_INVITATIONS, token, body);
  assert.equal(res.status, 201, res.text);
  const { mail, token: link } = await invitationMail(s.mail, body.email as string, role, since);
  return { invitation: res.body, mail, link };
}

describe('accepting an invitation', () => {
  test('an invited employee chooses a password, is signed in with the invited rights, and signs in again with it', async () => {
    const email = address('invited-employee');
    const body = {
      email,
      name: 'Ivy Invited',
      modules: ['orders'],
      module_permissions: { orders: ['read'] },
      store_ids: [s.w.storeA.id],
    };
    const { invitation, mail, link } = await invite('vendor', s.tokens.owner, body);
    assert.equal(invitation.email, email);
    assert.equal(invitation.vendor_id, s.w.vendor.id);
    assert.ok(Date.parse(invitation.expires_at) > Date.now() + 6 * 86400_000, 'valid for 7 days');
    assert.match(mail.subject, /Corner Shop/);
    assert.match(mail.raw, /localhost:3999\/vendor\/invitations\/accept/);
    assert.equal(mail.subject.includes(link), false, 'never the link in the subject');
    const listed = await call(s.url, 'GET', STAFF_INVITATIONS, s.tokens.owner);
    assert.ok(
      listed.body.items.some((i: { id: string }) => i.id === invitation.id),
      'listed as pending',
    );

    const accepted = await post(s.url, acceptPath('vendor'), { token: link, password: CHOSEN });
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(typeof accepted.body.access_token, 'string');
    assert.equal(typeof accepted.body.refresh_token, 'string');
    assert.equal(accepted.body.vendor.email, email);
    assert.equal(accepted.body.vendor.vendor_type, 'employee');
    assert.deepEqual(accepted.body.vendor.modules, ['orders']);
    assert.deepEqual(accepted.body.vendor.module_permissions, { orders: ['read'] });
    const again = await signIn(s.url, 'vendor', email, CHOSEN);
    const context = await get(s.url, '/api/v1/auth/vendor/context', again.access_token);
    assert.deepEqual(
      context.body.stores.map((store: { id: string }) => store.id),
      [s.w.storeA.id],
    );
    const after = await call(s.url, 'GET', STAFF_INVITATIONS, s.tokens.owner);
    assert.equal(
      after.body.items.some((i: { id: string }) => i.id === invitation.id),
      false,
      'no longer pending',
    );

    problemOf(
      await post(s.url, acceptPath('vendor'), { token: link, password: CHOSEN }),
      401,
      'invalid_token',
      'the same token twice',
    );
    const events = await call(
      s.url,
      'GET',
      `/api/v1/admin/audit-events?account_id=${accepted.body.vendor.id}`,
      s.tokens.superAdmin,
    );
    const created = events.body.items.find((e: { event: string }) => e.event === 'account_created');
    assert.equal(created.details.via, 'invitation');
    assert.equal(created.actor.account_id, s.w.owner.id, 'the inviter authorised the account');
    assert.equal(JSON.stringify(events.body).includes(link), false, 'no token in the audit trail');
  });

  test('an invited admin chooses a password and signs in with it; the token is for the admin pages only', async () => {
    const email = address('invited-admin');
    const { link, mail } = await invite('admin', s.tokens.adminsAdmin, {
      email,
      name: 'Ada Invited',
      admin_type: 'admin',
      modules: ['admins'],
    });
    assert.match(mail.raw, /localhost:3999\/admin\/invitations\/accept/);
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: link, password: CHOSEN }),
      401,
      'invalid_token',
      'an admin token at the vendor route',
    );
    const accepted = await post(s.url, acceptPath('admin'), { token: link, password: CHOSEN });
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(accepted.body.admin.email, email);
    assert.deepEqual(accepted.body.admin.modules, ['admins']);
    const again = await signIn(s.url, 'admin', email, CHOSEN);
    assert.equal((await get(s.url, '/api/v1/auth/admin/me', again.access_token)).body.admin.admin_type, 'admin');
  });

  test('an expired, a revoked and a replaced token are refused; the resent one works', async () => {
    const base = { name: 'Tess Token' };
    const expired = await invite('vendor', s.tokens.owner, { ...base, email: address('expired') });
    await withContainer(s.db, ({ db: { prisma } }) =>
      prisma.invitation.update({
        where: { id: expired.invitation.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      }),
    );
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: expired.link, password: CHOSEN }),
      401,
      'invalid_token',
      'expired',
    );

    const revoked = await invite('vendor', s.tokens.owner, { ...base, email: address('revoked') });
    const gone = await call(s.url, 'DELETE', `${STAFF_INVITATIONS}/${revoked.invitation.id}`, s.tokens.owner);
    assert.equal(gone.status, 204);
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: revoked.link, password: CHOSEN }),
      401,
      'invalid_token',
      'revoked',
    );
    problemOf(
      await call(s.url, 'DELETE', `${STAFF_INVITATIONS}/${revoked.invitation.id}`, s.tokens.owner),
      404,
      'not_found',
      'revoked twice',
    );

    const email = address('resent');
    const first = await invite('vendor', s.tokens.owner, { ...base, email });
    const since = s.mail.messages.length;
    const resent = await call(s.url, 'POST', `${STAFF_INVITATIONS}/${first.invitation.id}/resend`, s.tokens.owner);
    assert.equal(resent.status, 200, resent.text);
    const second = await invitationMail(s.mail, email, 'vendor', since);
    assert.notEqual(second.token, first.link);
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: first.link, password: CHOSEN }),
      401,
      'invalid_token',
      'the token a resend replaced',
    );
    const accepted = await post(s.url, acceptPath('vendor'), { token: second.token, password: CHOSEN });
    assert.equal(accepted.status, 200, accepted.text);
  });
});

describe('who may invite whom', () => {
  test('an employee with staff:write cannot invite beyond its own modules, actions or stores', async () => {
    const email = address('beyond');
    const cases = [
      { modules: ['orders'] },
      { modules: ['staff'], module_permissions: { staff: ['delete'] } },
      { store_ids: [s.w.storeB.id] },
    ];
    for (const extra of cases) {
      problemOf(
        await call(s.url, 'POST', STAFF_INVITATIONS, s.tokens.staffer, { email, name: 'Too Much', ...extra }),
        403,
        'forbidden',
        JSON.stringify(extra),
      );
    }
    const within = await call(s.url, 'POST', STAFF_INVITATIONS, s.tokens.staffer, {
      email,
      name: 'Just Enough',
      modules: ['stores'],
      module_permissions: { stores: ['read'] },
      store_ids: [s.w.storeA.id],
    });
    assert.equal(within.status, 201, within.text);
    problemOf(
      await call(s.url, 'POST', STAFF_INVITATIONS, s.tokens.reader, { email: address('reader'), name: 'No' }),
      403,
      'forbidden',
      'an employee with staff:read only',
    );
    problemOf(
      await call(s.url, 'POST', ADMIN_INVITATIONS, s.tokens.adminsAdmin, {
        email: address('super'),
        name: 'No',
        admin_type: 'super_admin',
      }),
      403,
      'forbidden',
      'an admin inviting a super_admin',
    );
  });

  test('an address with an account of that role, or a pending invitation, is 409', async () => {
    problemOf(
      await call(s.url, 'POST', STAFF_INVITATIONS, s.tokens.owner, { email: s.w.employee.email, name: 'Again' }),
      409,
      'conflict',
      'an existing vendor account',
    );
    problemOf(
      await call(s.url, 'POST', ADMIN_INVITATIONS, s.tokens.superAdmin, {
        email: s.w.limited.email.toUpperCase(),
        name: 'Again',
        admin_type: 'admin',
      }),
      409,
      'conflict',
      'an existing admin account, in other case',
    );
    const email = address('pending');
    await invite('admin', s.tokens.superAdmin, { email, name: 'Once', admin_type: 'admin' });
    problemOf(
      await call(s.url, 'POST', ADMIN_INVITATIONS, s.tokens.superAdmin, { email, name: 'Twice', admin_type: 'admin' }),
      409,
      'conflict',
      'a pending invitation',
    );
  });

  test('another business cannot see, resend or revoke an invitation', async () => {
    const { invitation } = await invite('vendor', s.tokens.owner, { email: address('private'), name: 'Mine' });
    const path = `${STAFF_INVITATIONS}/${invitation.id}`;
    problemOf(await call(s.url, 'POST', `${path}/resend`, s.tokens.ownerB), 404, 'not_found', 'resend');
    problemOf(await call(s.url, 'DELETE', path, s.tokens.ownerB), 404, 'not_found', 'revoke');
    const theirs = await call(s.url, 'GET', STAFF_INVITATIONS, s.tokens.ownerB);
    assert.equal(
      theirs.body.items.some((i: { id: string }) => i.id === invitation.id),
      false,
    );
  });
});

describe('limits', () => {
  test('past RATE_LIMIT_INVITATION_PER_ADDRESS mails to one address in the window, a resend is 429', async () => {
    const { invitation } = await invite('vendor', s.tokens.owner, { email: address('limited'), name: 'Lim' });
    const resend = () => call(s.url, 'POST', `${STAFF_INVITATIONS}/${invitation.id}/resend`, s.tokens.owner);
    for (let i = 2; i <= 5; i++) assert.equal((await resend()).status, 200, `mail ${i}`);
    const refused = await resend();
    problemOf(refused, 429, 'rate_limited', 'the sixth mail');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  });
});

describe('bad input', () => {
  test('every malformed invitation or acceptance is a 4xx problem, never a 500', async () => {
    const bodies: [string, string, unknown][] = [
      [STAFF_INVITATIONS, s.tokens.owner, { name: 'No Mail' }],
      [STAFF_INVITATIONS, s.tokens.owner, { email: 'not-an-address', name: 'X' }],
      [STAFF_INVITATIONS, s.tokens.owner, { email: address('bad'), name: 'X', modules: ['nope'] }],
      [STAFF_INVITATIONS, s.tokens.owner, { email: address('bad'), name: 'X', store_ids: ['no-such-store'] }],
      [ADMIN_INVITATIONS, s.tokens.superAdmin, { email: address('bad'), name: 'X', admin_type: 'owner' }],
      [ADMIN_INVITATIONS, s.tokens.superAdmin, [1, 2]],
    ];
    for (const [path, token, body] of bodies) {
      const res = await call(s.url, 'POST', path, token, body);
      assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)}: ${res.status} ${res.text}`);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
    }
    for (const body of [{}, { token: 'x' }, { token: 'x'.repeat(5000), password: CHOSEN }, { token: 7, password: 7 }]) {
      problemOf(
        await post(s.url, acceptPath('admin'), body),
        400,
        'validation_failed',
        JSON.stringify(body).slice(0, 40),
      );
    }
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: 'never-issued', password: CHOSEN }),
      401,
      'invalid_token',
      'an unknown token',
    );
    const { link } = await invite('vendor', s.tokens.owner, { email: address('weak'), name: 'Weak' });
    problemOf(
      await post(s.url, acceptPath('vendor'), { token: link, password: 'qwerty123' }),
      400,
      'validation_failed',
      'a common password',
    );
    const accepted = await post(s.url, acceptPath('vendor'), { token: link, password: CHOSEN });
    assert.equal(accepted.status, 200, 'a refused password leaves the token usable');
  });
});
