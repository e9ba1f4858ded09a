// Refresh-token families and their tokens in Prisma: the core's SessionRepository.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { SessionRepository } from '@/core/ports';
import type { Role } from '@/core/schemas';

const CLIENT_FIELD_MAX = 300;

export function createSessionRepository(prisma: PrismaClient): SessionRepository {
  return {
    async createFamily({ id, role, accountId, client, token }) {
      await prisma.refreshFamily.create({
        data: {
          id,
          role,
          accountId,
          userAgent: client.userAgent?.slice(0, CLIENT_FIELD_MAX) ?? null,
          clientIp: client.ip?.slice(0, CLIENT_FIELD_MAX) ?? null,
          createdAt: token.issuedAt,
          lastUsedAt: token.issuedAt,
          expiresAt: token.expiresAt,
          tokens: { create: { jti: token.jti, issuedAt: token.issuedAt, expiresAt: token.expiresAt } },
        },
      });
    },

    async findToken(jti) {
      const row = await prisma.refreshToken.findUnique({
        where: { jti },
        include: { family: { select: { role: true, accountId: true, revokedAt: true } } },
      });
      return row && { ...row, family: { ...row.family, role: row.family.role as Role } };
    },

    // The conditional update is the arbiter: under concurrency exactly one caller sees count 1,
    // on PostgreSQL through its row lock and on SQLite because writers are serialised.
    async rotate({ jti, familyId, usedAt, successor }) {
      return prisma.$transaction(async (tx) => {
        const claimed = await tx.refreshToken.updateMany({
          where: { jti, usedAt: null },
          data: { usedAt, successorJti: successor.jti },
        });
        if (claimed.count !== 1) return false;
        await tx.refreshToken.create({ data: { jti: successor.jti, familyId, issuedAt: successor.issuedAt, expiresAt: successor.expiresAt } });
        await tx.refreshFamily.update({ where: { id: familyId }, data: { lastUsedAt: usedAt, expiresAt: successor.expiresAt } });
        return true;
      });
    },

    async revokeFamily(familyId, now) {
      await prisma.refreshFamily.updateMany({ where: { id: familyId, revokedAt: null }, data: { revokedAt: now } });
    },
  };
}
