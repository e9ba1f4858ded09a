// GET/POST /oauth/userinfo: the claims of the person an access token of this service's own resource
// (the issuer) was issued for, as its scopes allow, while its grant lasts. Served here rather than by
// oidc-provider because the tokens are RFC 9068 JWTs, which the provider does not keep.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { PrismaClient } from '../db/prisma';
import { findAppPerson } from './app-people';
import { grantStands } from './app-tokens';
import { refuseBearer } from './http-answers';

export interface UserinfoDeps {
  issuer: string;
  prisma: PrismaClient;
  jwks: () => Promise<JSONWebKeySet>;
}

export function createUserinfo(deps: UserinfoDeps) {
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  return async function userinfo(req: IncomingMessage, res: ServerResponse) {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header)?.[1];
    if (!token) return refuseBearer(res, 'invalid_request', 'send the access token as a Bearer token');
    keys ??= createLocalJWKSet(await deps.jwks());
    let claims: { sub?: string; client_id?: unknown; scope?: unknown; sid?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: deps.issuer,
        audience: deps.issuer,
        typ: 'at+jwt',
      }));
    } catch {
      return refuseBearer(res, 'invalid_token', 'the access token is not valid here');
    }
    const { sub, client_id: clientId, sid, scope } = claims;
    const scopes = new Set(typeof scope === 'string' ? scope.split(' ') : []);
    const person = sub ? await findAppPerson(deps.prisma, sub) : null;
    if (
      !person ||
      typeof clientId !== 'string' ||
      typeof sid !== 'string' ||
      !scopes.has('openid') ||
      !(await grantStands(deps.prisma, sid, clientId, person.id))
    )
      return refuseBearer(res, 'invalid_token', 'the access token is not valid here');
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        sub: person.id,
        ...(scopes.has('profile') ? { name: person.name } : {}),
        ...(scopes.has('email') ? { email: person.email, email_verified: person.emailVerified } : {}),
      }),
    );
  };
}
