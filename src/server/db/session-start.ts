// A sign-in's writes (the family, its first refresh token, the sign-in's event, the device marker,
// the device it came from and the lift of a PIN lock) committed together: the core's SessionRepository.createFamily.
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '@/generated/prisma/postgresql/client';
import type { SessionRepository } from '@/core/ports';
import { webhookTypesOf } from '@/core/webhook-messages';
import { auditEventRow, clientField } from './audit-repository';
import type { Dialect } from './dialect';
import { liftPinLock } from './terminal-repository';

type SessionStart = Parameters<SessionRepository['createFamily']>[0];

/**
 * The writes of a sign-in as plain SQL that reads the same on SQLite and PostgreSQL: Prisma's model
 * writes cost more CPU in its query compiler than the database spends on them.
 */
function sessionStartWrites(input: SessionStart, dialect: Dialect): [name: string, write: Prisma.Sql][] {
  const { id, role, accountId, client, token, terminalId, audit, device, liftPinLock: liftsPinLock, seenFrom } = input;
  const writes: [string, Prisma.Sql][] = [
    [
      'family',
      Prisma.sql`INSERT INTO "RefreshFamily" ("id", "role", "accountId", "userAgent", "clientIp", "createdAt", "lastUsedAt", "expiresAt", "terminalId")
      VALUES (${id}, ${role}, ${accountId}, ${clientField(client.userAgent)}, ${clientField(client.ip)}, ${token.issuedAt}, ${token.issuedAt}, ${token.expiresAt}, ${terminalId ?? null})`,
    ],
    [
      'token',
      Prisma.sql`INSERT INTO "RefreshToken" ("jti", "familyId", "issuedAt", "expiresAt") VALUES (${token.jti}, ${id}, ${token.issuedAt}, ${token.expiresAt})`,
    ],
  ];
  if (audit) {
    const row = auditEventRow(audit.entry, audit.at);
    const details =
      dialect === 'postgresql'
        ? Prisma.sql`${JSON.stringify(row.details)}::jsonb`
        : Prisma.sql`${JSON.stringify(row.details)}`;
    writes.push([
      'event',
      Prisma.sql`INSERT INTO "audit_events" ("id", "at", "event", "role", "accountId", "actorRole", "actorId", "vendorId", "clientIp", "userAgent", "details")
      VALUES (${randomUUID()}, ${row.at}, ${row.event}, ${row.role}, ${row.accountId}, ${row.actorRole}, ${row.actorId}, ${row.vendorId}, ${row.clientIp}, ${row.userAgent}, ${details})`,
    ]);
  }
  if (device) {
    // The marker is recorded, or renewed (and moved to this account) when the device signed in
    // before. Every time is given: a column's default would be the database's clock and format.
    writes.push([
      'device',
      Prisma.sql`INSERT INTO "KnownDevice" ("idHash", "role", "accountId", "createdAt", "expiresAt")
      VALUES (${device.idHash}, ${role}, ${accountId}, ${token.issuedAt}, ${device.expiresAt})
      ON CONFLICT ("idHash") DO UPDATE SET "role" = excluded."role", "accountId" = excluded."accountId", "expiresAt" = excluded."expiresAt"`,
    ]);
  }
  if (seenFrom) {
    // The first sign-in from a device stays its first: a later one only moves its last use on.
    writes.push([
      'seen',
      Prisma.sql`INSERT INTO "SignInDevice" ("role", "accountId", "deviceKey", "firstFamilyId", "firstSeenAt", "lastSeenAt")
      VALUES (${role}, ${accountId}, ${seenFrom.deviceKey}, ${id}, ${seenFrom.at}, ${seenFrom.at})
      ON CONFLICT ("role", "accountId", "deviceKey") DO UPDATE SET "lastSeenAt" = excluded."lastSeenAt"`,
    ]);
  }
  if (liftsPinLock) writes.push(['pin', liftPinLock(accountId)]);
  return writes;
}

/**
 * One commit for all of them. PostgreSQL: one statement, atomic by itself, like the refresh's
 * rotation (the token's foreign key is checked at its end, when the family is there); a batch
 * transaction there sends BEGIN and COMMIT as round trips of their own. SQLite: one batch
 * transaction, since its WITH takes no writes.
 */
export function createSessionStart(prisma: PrismaClient, dialect: Dialect): SessionRepository['createFamily'] {
  return async (input) => {
    // Neither form has room for the outbox's reads: a sign-in's event is one the platform is not sent.
    if (input.audit && webhookTypesOf(input.audit.entry).length > 0)
      throw new Error(`${input.audit.entry.event} makes webhook messages: write it with writeAuditEvent`);
    const writes = sessionStartWrites(input, dialect);
    if (dialect === 'postgresql')
      await prisma.$executeRaw`WITH ${Prisma.join(
        writes.map(([name, write]) => Prisma.sql`${Prisma.raw(name)} AS (${write})`),
        ', ',
      )} SELECT 1`;
    else await prisma.$transaction(writes.map(([, write]) => prisma.$executeRaw(write)));
  };
}
