// The grants people hold to the platform's apps (the core's AppGrantRepository), read from and ended
// in the authorization server's own rows (OAuthPayload, kind `Grant`), each grant's codes and tokens
// with it, announced to the platform's services by the revocation feed in the same transaction.
import type { AppGrantRecord, AppGrantRepository } from '@/core/app-ports';
import { auditedChange, type Tx } from './audited-change';
import { recordAuthChange } from './auth-changes';
import type { PrismaClient } from './prisma';

type GrantPayload = { openid?: { scope?: unknown }; resources?: Record<string, unknown> };
type GrantRow = { id: string; clientId: string | null; accountId: string | null; payload: unknown; createdAt: Date };

const scopesOf = (payload: GrantPayload): string[] =>
  [payload.openid?.scope, ...Object.values(payload.resources ?? {})]
    .filter((scope): scope is string => typeof scope === 'string')
    .flatMap((scope) => scope.split(' '))
    .filter(Boolean);

/** Ends the grants' rows (codes, refresh tokens, the grants themselves) and names each for the feed. */
export async function endGrantRows(tx: Pick<Tx, 'oAuthPayload'>, grantIds: string[]) {
  if (grantIds.length === 0) return [];
  await tx.oAuthPayload.deleteMany({
    where: { OR: [{ grantId: { in: grantIds } }, { kind: 'Grant', id: { in: grantIds } }] },
  });
  return grantIds.map((subject) => ({ kind: 'grant' as const, subject }));
}

export function createAppGrantRepository(prisma: PrismaClient): AppGrantRepository {
  const inTx = auditedChange(prisma);
  const live = () => ({ kind: 'Grant', OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });
  const select = { id: true, clientId: true, accountId: true, payload: true, createdAt: true } as const;

  /** One record per person and app: the union of their grants' scopes, the first grant and the last use. */
  async function gathered(rows: GrantRow[]): Promise<AppGrantRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const clientIds = [...new Set(rows.map((row) => row.clientId ?? ''))];
    const accountIds = [...new Set(rows.map((row) => row.accountId ?? ''))];
    const [uses, apps, staff] = await Promise.all([
      prisma.oAuthPayload.groupBy({ by: ['grantId'], where: { grantId: { in: ids } }, _max: { createdAt: true } }),
      prisma.oAuthApp.findMany({
        where: { clientId: { in: clientIds } },
        select: { clientId: true, name: true, homepageUrl: true },
      }),
      prisma.vendorAccount.findMany({ where: { id: { in: accountIds } }, select: { id: true, email: true } }),
    ]);
    const customers = await prisma.customerAccount.findMany({
      where: { id: { in: accountIds.filter((id) => !staff.some((s) => s.id === id)) } },
      select: { id: true, email: true },
    });
    const lastUse = new Map(uses.map((use) => [use.grantId, use._max.createdAt]));
    const emails = new Map([...staff, ...customers].map((account) => [account.id, account.email]));
    const byKey = new Map<string, AppGrantRecord>();
    for (const row of rows) {
      const app = apps.find((a) => a.clientId === row.clientId);
      if (!app || !row.accountId) continue;
      const used = lastUse.get(row.id) ?? row.createdAt;
      const key = `${row.accountId} ${app.clientId}`;
      const seen = byKey.get(key);
      const scopes = scopesOf(row.payload as GrantPayload);
      if (!seen) {
        byKey.set(key, {
          accountId: row.accountId,
          email: emails.get(row.accountId) ?? '',
          clientId: app.clientId,
          appName: app.name,
          homepageUrl: app.homepageUrl,
          scopes: [...new Set(scopes)],
          grantedAt: row.createdAt,
          lastUsedAt: used,
        });
        continue;
      }
      seen.scopes = [...new Set([...seen.scopes, ...scopes])];
      if (row.createdAt < seen.grantedAt) seen.grantedAt = row.createdAt;
      if (used > seen.lastUsedAt) seen.lastUsedAt = used;
    }
    return [...byKey.values()].sort((a, b) => b.grantedAt.getTime() - a.grantedAt.getTime());
  }

  return {
    ofAccount: async (accountId) =>
      gathered(await prisma.oAuthPayload.findMany({ where: { ...live(), accountId }, select })),

    async ofBusiness(vendorId) {
      const staff = await prisma.vendorAccount.findMany({ where: { vendorId }, select: { id: true } });
      const accountId = { in: staff.map((account) => account.id) };
      return gathered(await prisma.oAuthPayload.findMany({ where: { ...live(), accountId }, select }));
    },

    end: async (accountId, clientId, now, audit) =>
      (await inTx(now, audit, async (tx) => {
        const grants = await tx.oAuthPayload.findMany({
          where: { kind: 'Grant', accountId, clientId },
          select: { id: true },
        });
        if (grants.length === 0) return null;
        const ids = grants.map((grant) => grant.id);
        await recordAuthChange(tx, await endGrantRows(tx, ids), now);
        return ids;
      })) ?? [],

    async endOne(grantId, now, audit) {
      const grant = await prisma.oAuthPayload.findUnique({
        where: { kind_id: { kind: 'Grant', id: grantId } },
        select: { accountId: true, clientId: true },
      });
      if (!grant?.accountId || !grant.clientId) return false;
      const staff = await prisma.vendorAccount.findUnique({
        where: { id: grant.accountId },
        select: { vendorId: true },
      });
      const ended = {
        accountId: grant.accountId,
        clientId: grant.clientId,
        role: staff ? ('vendor' as const) : ('customer' as const),
        ...(staff ? { vendorId: staff.vendorId } : {}),
      };
      const done = await inTx(now, audit(ended), async (tx) => {
        const found = await tx.oAuthPayload.deleteMany({ where: { kind: 'Grant', id: grantId } });
        if (found.count === 0) return null;
        await recordAuthChange(tx, await endGrantRows(tx, [grantId]), now);
        return true;
      });
      return done ?? false;
    },
  };
}
