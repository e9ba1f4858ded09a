// Expired rows are removed by the running app's sweeper, and live ones are kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withContainer } from '../support/accounts';
import { appSuite } from '../support/app-suite';

// The app starts only once the expired rows are in place.
const suite = appSuite({ instances: 0 });
const { db, seed } = suite;

test('the sweeper deletes expired counters, codes, grants, device markers, invitations, refresh tokens, families, authorization-server rows and old guests and unseen sign-in devices only', async () => {
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 3600_000);
  const longAgo = new Date(Date.now() - 3 * 86400_000);
  await withContainer(db, async ({ db: { prisma } }) => {
    await prisma.rateLimitCounter.createMany({
      data: [
        { key: 'old', count: 3, expiresAt: past },
        { key: 'live', count: 1, expiresAt: future },
      ],
    });
    await prisma.passwordResetCode.createMany({
      data: [
        { role: 'admin', accountId: seed.admin.id, codeHash: 'x', expiresAt: past },
        { role: 'admin', accountId: seed.limited.id, codeHash: 'y', expiresAt: future },
      ],
    });
    await prisma.passwordResetGrant.createMany({
      data: [
        { jti: 'grant-old', role: 'admin', accountId: seed.admin.id, expiresAt: past },
        { jti: 'grant-live', role: 'admin', accountId: seed.admin.id, expiresAt: future },
      ],
    });
    await prisma.knownDevice.createMany({
      data: [
        { idHash: 'device-old', role: 'vendor', accountId: seed.owner.id, expiresAt: past },
        { idHash: 'device-live', role: 'vendor', accountId: seed.owner.id, expiresAt: future },
      ],
    });
    await prisma.pairingCode.createMany({
      data: [
        { codeHash: 'code-old', terminalId: seed.tillA.id, expiresAt: past },
        { codeHash: 'code-live', terminalId: seed.tillA.id, expiresAt: future },
      ],
    });
    const invitation = (id: string, expiresAt: Date) => ({
      id,
      role: 'vendor',
      email: `${id}@example.com`,
      name: id,
      accountType: 'employee',
      modules: [],
      modulePermissions: {},
      storeIds: [],
      vendorId: seed.vendor.id,
      inviterRole: 'vendor',
      inviterId: seed.owner.id,
      tokenHash: `hash-${id}`,
      expiresAt,
    });
    await prisma.invitation.createMany({ data: [invitation('inv-old', past), invitation('inv-live', future)] });
    const family = (id: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      id,
      role: 'vendor',
      accountId: seed.owner.id,
      expiresAt,
      revokedAt,
    });
    await prisma.refreshFamily.createMany({
      data: [
        family('fam-expired', past),
        family('fam-revoked-long-ago', future, longAgo),
        family('fam-revoked-now', future, new Date()),
        family('fam-live', future),
      ],
    });
    await prisma.refreshToken.createMany({
      data: [
        { jti: 'tok-expired', familyId: 'fam-live', issuedAt: longAgo, expiresAt: past, usedAt: longAgo },
        { jti: 'tok-used-live', familyId: 'fam-live', issuedAt: past, expiresAt: future, usedAt: past },
        { jti: 'tok-current', familyId: 'fam-live', issuedAt: past, expiresAt: future },
      ],
    });
    // GUEST_MAX_AGE (30 days by default) counts from a guest's start.
    await prisma.guest.createMany({
      data: [
        { id: 'guest-old', createdAt: new Date(Date.now() - 31 * 86400_000) },
        { id: 'guest-live', createdAt: longAgo },
      ],
    });
    // A sign-in device unseen for longer than a device marker stays known (a year) is forgotten.
    const device = (deviceKey: string, lastSeenAt: Date) => ({
      role: 'customer',
      accountId: seed.limited.id,
      deviceKey,
      firstFamilyId: 'fam-live',
      firstSeenAt: lastSeenAt,
      lastSeenAt,
    });
    await prisma.signInDevice.createMany({
      data: [device('device-unseen', new Date(Date.now() - 366 * 86400_000)), device('device-seen', longAgo)],
    });
    // The same id under two kinds: only the expired row of the two goes.
    const payload = (kind: string, id: string, expiresAt: Date | null) => ({ kind, id, payload: {}, expiresAt });
    await prisma.oAuthPayload.createMany({
      data: [
        payload('AuthorizationCode', 'shared-id', past),
        payload('Grant', 'shared-id', future),
        payload('AccessToken', 'token-old', past),
        payload('Session', 'session-forever', null),
      ],
    });
  });

  const app = await suite.start({ CLEANUP_INTERVAL: '1s' });
  const deadline = Date.now() + 15_000;
  while (!app.output.some((l) => l.includes('expired_rows_removed')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));

  await withContainer(db, async ({ db: { prisma } }) => {
    assert.deepEqual(
      (await prisma.rateLimitCounter.findMany({ select: { key: true } })).map((r) => r.key),
      ['live'],
    );
    assert.deepEqual(
      (await prisma.passwordResetCode.findMany({ select: { accountId: true } })).map((r) => r.accountId),
      [seed.limited.id],
    );
    assert.deepEqual(
      (await prisma.passwordResetGrant.findMany({ select: { jti: true } })).map((r) => r.jti),
      ['grant-live'],
    );
    assert.deepEqual(
      (await prisma.knownDevice.findMany({ select: { idHash: true } })).map((r) => r.idHash),
      ['device-live'],
    );
    assert.deepEqual(
      (await prisma.pairingCode.findMany({ select: { codeHash: true } })).map((r) => r.codeHash),
      ['code-live'],
    );
    assert.deepEqual(
      (await prisma.invitation.findMany({ select: { id: true } })).map((r) => r.id),
      ['inv-live'],
    );
    assert.deepEqual(
      (await prisma.refreshFamily.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((r) => r.id),
      ['fam-live', 'fam-revoked-now'],
    );
    assert.deepEqual(
      (await prisma.refreshToken.findMany({ select: { jti: true }, orderBy: { jti: 'asc' } })).map((r) => r.jti),
      ['tok-current', 'tok-used-live'],
    );
    assert.deepEqual(
      (await prisma.oAuthPayload.findMany({ select: { kind: true, id: true }, orderBy: { kind: 'asc' } })).map(
        (r) => `${r.kind} ${r.id}`,
      ),
      ['Grant shared-id', 'Session session-forever'],
    );
    assert.deepEqual(
      (await prisma.guest.findMany({ select: { id: true } })).map((r) => r.id),
      ['guest-live'],
    );
    assert.deepEqual(
      (await prisma.signInDevice.findMany({ select: { deviceKey: true } })).map((r) => r.deviceKey),
      ['device-seen'],
    );
  });
});
