// Whether an app's access token (RFC 9068, issued by the authorization server) is live: signed with
// this service's access-token key, its grant (`sid`) standing for that app and person, and the person
// enabled. Introspection asks it for the platform's services.
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { AppTokenCheck, AppTokenClaims } from '@/core/app-ports';
import type { PrismaClient } from '../db/prisma';
import { findAppPerson } from './app-people';

/** Whether the grant a token was issued under (its `sid`) still stands, for that app and person. */
export async function grantStands(prisma: PrismaClient, grantId: string, clientId: string, accountId: string) {
  const row = await prisma.oAuthPayload.findFirst({
    where: { kind: 'Grant', id: grantId, clientId, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { payload: true },
  });
  return (row?.payload as { accountId?: string } | undefined)?.accountId === accountId;
}

const audiences = (aud: unknown): string[] =>
  typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];

export function createAppTokenCheck(prisma: PrismaClient, jwks: () => Promise<JSONWebKeySet>): AppTokenCheck {
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  return {
    async check(token) {
      keys ??= createLocalJWKSet(await jwks());
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(token, keys, { typ: 'at+jwt', requiredClaims: ['sub', 'iat', 'exp'] }));
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
      const { sub, client_id: clientId, sid, scope } = claims;
      if (typeof sub !== 'string' || typeof clientId !== 'string' || typeof sid !== 'string') return null;
      const person = await findAppPerson(prisma, sub);
      if (!person || !(await grantStands(prisma, sid, clientId, person.id))) return null;
      const answer: AppTokenClaims = {
        sub,
        clientId,
        scope: typeof scope === 'string' ? scope : '',
        aud: audiences(claims.aud),
        sid,
        iat: Number(claims.iat),
        exp: Number(claims.exp),
        role: person.role,
        ...(person.vendorId ? { vendorId: person.vendorId, vendorType: person.vendorType } : {}),
      };
      return answer;
    },
  };
}
