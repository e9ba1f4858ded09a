// Refresh-token families and their tokens in Prisma: the core's SessionRepository.
import { Prisma, type PrismaClient } from '@/generated/prisma/postgresql/client';
import type { SessionListing, SessionRecord, SessionRepository, RefreshTokenRow } from '@/core/ports';
import type { Role } from '@/contract/auth-schemas';
import type { Dialect } from './dialect';
import { auditIn } from './audit-repository';
import { pageArgs } from './keyset';
import { recordAuthChange } from './auth-changes';
import { createSessionStart } from './session-start';

/** A refresh token joined with its family's columns, as the one query reads them. */
type TokenWithFamilyRow = Omit<RefreshTokenRow, 'family'> & {
  role: string;
  accountId: string;
  revokedAt: Date | null;
  terminalId: string | null;
  familyCreatedAt: Date;
};

// Raw rows carry Dates for DateTime columns; an aliased column is normalised in case a driver does not.
const asDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/**
 * PostgreSQL: the rotation as one statement, atomic by itself. Its first step is the same
 * conditional update, and the insert and the family update read only the row it claimed, so a
 * losing concurrent call changes nothing. An interactive transaction of three statements cost
 * about five times the CPU, the largest part of a refresh (docs/decisions/0006-performance.md).
 */
async function rotateInOneStatement(
  prisma: PrismaClient,
  input: Parameters<SessionRepository['rotate']>[0],
): Promise<boolean> {
  const { jti, familyId, usedAt, successor } = input;
  const rows = await prisma.$queryRaw<{ claimed: number }[]>`
    WITH claimed AS (
      UPDATE "RefreshToken" SET "usedAt" = ${usedAt}, "successorJti" = ${successor.jti}
      WHERE "jti" = ${jti} AND "familyId" = ${familyId} AND "usedAt" IS NULL
        AND EXISTS (SELECT 1 FROM "RefreshFamily" f WHERE f."id" = ${familyId} AND f."revokedAt" IS NULL)
      RETURNING "familyId"
    ), inserted AS (
      INSERT INTO "RefreshToken" ("jti", "familyId", "issuedAt", "expiresAt")
      SELECT ${successor.jti}, ${familyId}, ${successor.issuedAt}, ${successor.expiresAt} FROM claimed
    ), family AS (
      UPDATE "RefreshFamily" SET "lastUsedAt" = ${usedAt}, "expiresAt" = ${successor.expiresAt}
      WHERE "id" = ${familyId} AND EXISTS (SELECT 1 FROM claimed)
    )
    SELECT COUNT(*)::int AS "claimed" FROM claimed`;
  return rows[0]?.claimed === 1;
}

/**
 * SQLite: the same conditional update, and the insert and the family update in one batch
 * transaction with it (one queue slot, one commit; writers are serialised, so nothing comes
 * between them). The successor's fresh jti marks the claim: only the update that won wrote it, so
 * a losing call's insert and family update match no row. It replaced an interactive transaction
 * of four statements whose client-side machinery was most of a refresh's CPU.
 */
async function rotateInOneBatch(
  prisma: PrismaClient,
  input: Parameters<SessionRepository['rotate']>[0],
): Promise<boolean> {
  const { jti, familyId, usedAt, successor } = input;
  const ourClaim = Prisma.sql`SELECT 1 FROM "RefreshToken" c WHERE c."jti" = ${jti} AND c."successorJti" = ${successor.jti}`;
  const [claimed] = await prisma.$transaction([
    prisma.$executeRaw`UPDATE "RefreshToken" SET "usedAt" = ${usedAt}, "successorJti" = ${successor.jti}
      WHERE "jti" = ${jti} AND "familyId" = ${familyId} AND "usedAt" IS NULL
        AND EXISTS (SELECT 1 FROM "RefreshFamily" f WHERE f."id" = ${familyId} AND f."revokedAt" IS NULL)`,
    prisma.$executeRaw`INSERT INTO "RefreshToken" ("jti", "familyId", "issuedAt", "expiresAt")
      SELECT ${successor.jti}, ${familyId}, ${successor.issuedAt}, ${successor.expiresAt} WHERE EXISTS (${ourClaim})`,
    prisma.$executeRaw`UPDATE "RefreshFamily" SET "lastUsedAt" = ${usedAt}, "expiresAt" = ${successor.expiresAt}
      WHERE "id" = ${familyId} AND EXISTS (${ourClaim})`,
  ]);
  return claimed === 1;
}

export function createSessionRepository(prisma: PrismaClient, dialect: Dialect): SessionRepository {
  return {
    createFamily: createSessionStart(prisma, dialect),

    // One joined query on the refresh hot path; Prisma's include would send a second for the family.
    async findToken(jti) {
      const rows = await prisma.$queryRaw<
        TokenWithFamilyRow[]
      >`SELECT t."jti", t."familyId", t."issuedAt", t."expiresAt",
        t."usedAt", t."successorJti", f."role", f."accountId", f."revokedAt",
        f."terminalId", f."createdAt" AS "familyCreatedAt"
        FROM "RefreshToken" t JOIN "RefreshFamily" f ON f."id" = t."familyId" WHERE t."jti" = ${jti}`;
      const row = rows[0];
      if (!row) return null;
      const { role, accountId, revokedAt, terminalId, familyCreatedAt, ...token } = row;
      return {
        ...token,
        family: { role: role as Role, accountId, revokedAt, terminalId, createdAt: asDate(familyCreatedAt) },
      };
    },

    // The conditional update is the arbiter: under concurrency exactly one caller sees count 1,
    // on PostgreSQL through its row lock and on SQLite because writers are serialised.
    rotate: (input) => (dialect === 'postgresql' ? rotateInOneStatement : rotateInOneBatch)(prisma, input),

    // The one place a single family ends (logout, an ended session, reuse): the change counter
    // moves on with it, so every instance refuses the family's access tokens too.
    async revokeFamily(familyId, now, audit) {
      await prisma.$transaction(async (tx) => {
        const ended = await tx.refreshFamily.updateMany({
          where: { id: familyId, revokedAt: null },
          data: { revokedAt: now },
        });
        await recordAuthChange(tx, ended.count === 1 ? [{ kind: 'session', subject: familyId }] : [], now);
        await auditIn(tx, audit, now);
      });
    },

    async familyState(familyId) {
      const row = await prisma.refreshFamily.findUnique({
        where: { id: familyId },
        select: { role: true, accountId: true, revokedAt: true, createdAt: true, terminalId: true },
      });
      return (
        row && {
          role: row.role as Role,
          accountId: row.accountId,
          revoked: row.revokedAt !== null,
          createdAt: row.createdAt,
          terminalId: row.terminalId,
        }
      );
    },
  };
}

const sessionSelect = {
  id: true,
  role: true,
  accountId: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
  userAgent: true,
  clientIp: true,
} as const;

const sessionRecord = (row: Omit<SessionRecord, 'role'> & { role: string }): SessionRecord => ({
  ...row,
  role: row.role as Role,
});

/** The families of an account as sessions to list and end (the core's SessionListing). */
export function createSessionListing(prisma: PrismaClient): SessionListing {
  return {
    async listActive(role, accountId, now, page) {
      const where = { role, accountId, revokedAt: null, expiresAt: { gt: now } };
      return (await prisma.refreshFamily.findMany({ ...pageArgs(where, page), select: sessionSelect })).map(
        sessionRecord,
      );
    },

    async findSession(id) {
      const row = await prisma.refreshFamily.findUnique({ where: { id }, select: sessionSelect });
      return row && sessionRecord(row);
    },
  };
}
