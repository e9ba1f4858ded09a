// The guard kit's pieces that need no auth service: client authentication's encoding (RFC 6749
// section 2.3.1), the refusal's problem+json, and the module rules it applies.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { problemBody, AuthError } from '@/core/auth-error';
import { SignJWT } from 'jose';
import { basicCredentials, createGuard, GuardError, type GuardPrincipal } from '@/guard-kit';
import { principalOf } from '@/guard-kit/access-token';

/** An access token as the auth service signs it under HS256 (its header, issuer, audience and claims). */
const accessToken = (secret: string, sub: string) =>
  new SignJWT({ purpose: 'access', role: 'customer', modules: [], amr: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer('commerce-auth')
    .setAudience('commerce-platform')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));

test('client id and secret are form-url-encoded before base64, so ":" and non-ASCII survive', () => {
  const header = basicCredentials('svc:orders', 'pa ss/wörd+=');
  const decoded = Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');
  assert.equal(decoded, 'svc%3Aorders:pa+ss%2Fw%C3%B6rd%2B%3D');
});

test('a GuardError renders the problem+json this service answers, with the bearer challenge on 401', async () => {
  const error = new GuardError('session_revoked');
  assert.deepEqual(error.problem, problemBody(new AuthError('session_revoked')));
  const response = error.toResponse();
  assert.equal(response.status, 401);
  assert.equal(response.headers.get('content-type'), 'application/problem+json');
  assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer error="invalid_token"/);
  assert.deepEqual(await response.json(), {
    type: 'urn:problem:auth:session_revoked',
    title: 'The session of this access token has ended',
    status: 401,
    detail: 'The session of this access token has ended',
    code: 'session_revoked',
  });
  const written: { status?: number; body?: string } = {};
  new GuardError('step_up_required').send({
    writeHead: (status: number) => (written.status = status),
    end: (body: string) => (written.body = body),
  });
  assert.equal(written.status, 403);
  assert.equal(JSON.parse(written.body!).code, 'step_up_required');
});

test('authorize applies the module rules and names the refusal', () => {
  const guard = createGuard({ apiUrl: 'http://127.0.0.1:9', revocation: 'none', accessSecret: 'x'.repeat(32) });
  const employee: GuardPrincipal = {
    role: 'vendor',
    accountId: 'a',
    type: 'employee',
    vendorId: 'v',
    modules: ['orders'],
    modulePermissions: { orders: ['read'] },
    amr: [],
    guest: false,
    issuedAt: 0,
    expiresAt: 0,
  };
  const refusal = (p: GuardPrincipal, module: string, permission?: string) => {
    try {
      guard.authorize(p, module, permission);
      return undefined;
    } catch (error) {
      return (error as GuardError).code;
    }
  };
  assert.equal(refusal(employee, 'orders'), undefined);
  assert.equal(refusal(employee, 'orders', 'orders:read'), undefined);
  assert.equal(refusal(employee, 'orders', 'write'), 'permission_denied');
  assert.equal(refusal(employee, 'catalogue'), 'module_denied');
  assert.equal(refusal({ ...employee, amr: ['pin'] }, 'orders', 'orders:write'), 'step_up_required');
  assert.equal(refusal({ ...employee, type: 'owner', modules: [] }, 'reports', 'delete'), undefined);
  assert.equal(refusal({ ...employee, role: 'admin', type: 'super_admin', modules: [] }, 'vendors'), undefined);
  assert.equal(refusal({ ...employee, role: 'customer', type: undefined }, 'orders'), 'module_denied');
  assert.throws(() => guard.authorize(employee, 'orders', 'catalogue:read'), /does not belong/);
});

test('authenticate reads the bearer of a Web Request, of a Node request, or the token itself', async () => {
  const secret = 'x'.repeat(32);
  const guard = createGuard({ apiUrl: 'http://127.0.0.1:9', revocation: 'none', accessSecret: secret });
  const token = await accessToken(secret, 'customer-1');
  // Positive control: the same token reaches the principal by each of the three ways in.
  for (const input of [
    new Request('http://x/', { headers: { authorization: `Bearer ${token}` } }),
    { headers: { authorization: `bearer  ${token}` } },
    { headers: { authorization: [`Bearer ${token}`] } },
    token,
  ]) {
    assert.equal((await guard.authenticate(input)).accountId, 'customer-1');
  }
  // The refusals carry a token that would pass, so each is refused for what it shows, not for lacking one.
  const foreign = await accessToken('y'.repeat(32), 'customer-1');
  for (const input of [
    new Request('http://x/'),
    new Request('http://x/', { headers: { 'x-authorization': `Bearer ${token}` } }),
    { headers: { authorization: `Basic ${token}` } },
    { headers: { authorization: token } },
    { headers: { authorization: `Bearer ${token} extra` } },
    { headers: { authorization: `Bearer ${foreign}` } },
    '',
    foreign,
  ]) {
    await assert.rejects(guard.authenticate(input), (e: GuardError) => e.code === 'invalid_token');
  }
  assert.equal(guard.stats().requests.introspect + guard.stats().requests.feed, 0);
});

test('the principal names a guest session, and only a token that says so', () => {
  const claims = { purpose: 'access', role: 'customer', sub: 'g', iat: 1, exp: 2 };
  assert.equal(principalOf({ ...claims, guest: true }).guest, true);
  assert.equal(principalOf(claims).guest, false);
  assert.equal(principalOf({ ...claims, guest: 'yes' }).guest, false);
});

const RESOURCE = 'https://orders.example';
const API = 'http://127.0.0.1:9';
const SECRET = 'k'.repeat(32);

/** An app's token (RFC 9068) as the authorization server issues it, signed here with a shared secret. */
const appToken = (claims: { aud?: string; iss?: string; scope?: string } = {}) =>
  new SignJWT({
    client_id: 'app_ledger',
    scope: claims.scope ?? 'orders:read',
    role: 'vendor',
    acct: 'owner',
    vendor_id: 'v1',
    sid: 'grant-1',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject('owner-1')
    .setIssuer(claims.iss ?? API)
    .setAudience(claims.aud ?? RESOURCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(SECRET));

test("an app's token names the app, and authorize holds an owner's app to exactly its scopes", async () => {
  const guard = createGuard({ apiUrl: API, revocation: 'none', accessSecret: SECRET, resource: RESOURCE });
  const principal = await guard.authenticate(await appToken());
  assert.equal(principal.clientId, 'app_ledger');
  assert.deepEqual(principal.scopes, ['orders:read']);
  assert.equal(principal.type, 'owner');
  assert.equal(principal.vendorId, 'v1');
  assert.equal(principal.sessionId, 'grant-1', 'its grant, as the revocation feed names it');
  assert.deepEqual(principal.modules, ['orders']);
  assert.equal(guard.authorize(principal, 'orders'), principal);
  assert.equal(guard.authorize(principal, 'orders', 'read'), principal);
  const refusal = (module: string, permission?: string) => {
    try {
      guard.authorize(principal, module, permission);
    } catch (error) {
      return (error as GuardError).code;
    }
    return 'passed';
  };
  assert.equal(refusal('orders', 'orders:write'), 'permission_denied', 'no owner bypass beyond the scopes');
  assert.equal(refusal('catalogue'), 'module_denied');
  const writer = await guard.authenticate(await appToken({ scope: 'orders:write' }));
  assert.throws(() => guard.authorize(writer, 'orders'), /permission/i, 'the module alone needs its read scope');
});

test("an app's token for another resource, from another issuer, or where no resource is named: invalid_token", async () => {
  const guard = createGuard({ apiUrl: API, revocation: 'none', accessSecret: SECRET, resource: RESOURCE });
  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: GuardError) => error.code,
    );
  assert.equal(await code(guard.authenticate(await appToken({ aud: 'https://other.example' }))), 'invalid_token');
  assert.equal(await code(guard.authenticate(await appToken({ iss: 'commerce-auth' }))), 'invalid_token');
  assert.equal(await code(guard.authenticate(await appToken({ aud: 'commerce-platform' }))), 'invalid_token');
  assert.equal(await code(guard.authenticate(await accessToken(SECRET, 'c1'))), 'accepted', "the service's own");
  const unnamed = createGuard({ apiUrl: API, revocation: 'none', accessSecret: SECRET });
  assert.equal(await code(unnamed.authenticate(await appToken())), 'invalid_token');
});

test("with `resource`, the kit's protected resource metadata (RFC 9728) names the resource, its issuer and scopes", () => {
  const guard = createGuard({
    apiUrl: 'https://auth.example',
    revocation: 'none',
    resource: 'https://store.example/mcp',
    scopes: ['orders:read'],
  });
  assert.deepEqual(guard.protectedResource, {
    path: '/.well-known/oauth-protected-resource/mcp',
    url: 'https://store.example/.well-known/oauth-protected-resource/mcp',
    document: {
      resource: 'https://store.example/mcp',
      authorization_servers: ['https://auth.example'],
      scopes_supported: ['orders:read'],
      bearer_methods_supported: ['header'],
    },
  });
  const root = createGuard({
    apiUrl: 'https://auth.example/',
    oauthIssuer: 'https://id.example',
    revocation: 'none',
    resource: 'https://orders.example/',
  });
  assert.equal(root.protectedResource?.url, 'https://orders.example/.well-known/oauth-protected-resource');
  assert.deepEqual(root.protectedResource?.document.authorization_servers, ['https://id.example']);
  assert.ok(root.protectedResource?.document.scopes_supported.includes('catalogue:write'), 'every business scope');
  assert.equal(createGuard({ apiUrl: 'https://auth.example', revocation: 'none' }).protectedResource, undefined);
});

test('a 401 names the metadata: no token gets the bare challenge, a refused token error="invalid_token" too', async () => {
  const guard = createGuard({
    apiUrl: 'https://auth.example',
    revocation: 'none',
    accessSecret: 'a'.repeat(32),
    resource: 'https://store.example/mcp',
  });
  const metadata = 'resource_metadata="https://store.example/.well-known/oauth-protected-resource/mcp"';
  const refusal = async (input: Parameters<typeof guard.authenticate>[0]) => {
    const error = await guard.authenticate(input).then(
      () => assert.fail('accepted'),
      (e: unknown) => e as GuardError,
    );
    return error.toResponse().headers.get('www-authenticate');
  };
  assert.equal(await refusal(new Request('https://store.example/mcp')), `Bearer ${metadata}`);
  assert.equal(
    await refusal(new Request('https://store.example/mcp', { headers: { authorization: 'Bearer not-a-token' } })),
    `Bearer ${metadata}, error="invalid_token", error_description="invalid_token"`,
  );
  const plain = createGuard({ apiUrl: 'https://auth.example', revocation: 'none', accessSecret: 'a'.repeat(32) });
  const error = (await plain.authenticate('not-a-token').catch((e: unknown) => e)) as GuardError;
  assert.equal(error.headers['www-authenticate'], 'Bearer error="invalid_token", error_description="invalid_token"');
});
