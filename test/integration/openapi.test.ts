// The served OpenAPI document: valid by an independent validator, listing every route under
// src/app/api/v1 with the methods it serves, and every status the running app answers, with bodies
// that match the documented schemas. Statuses are found by probing the app, not read from the code.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import { NAMED_ROUTES } from '@/contract/routes';
import { buildOpenApiDocument } from '@/server/openapi/document';
import { PASSWORDS, withContainer } from '../support/accounts';
import { administrationSuite, EXTRA_PASSWORD } from '../support/admin-world';
import { request } from '../support/http';
import { signIn } from '../support/sign-in';
import { loggedCode } from '../support/logged-codes';
import { softwareAuthenticator } from '../support/software-authenticator';
import { decodePayload } from '../support/tokens';
import {
  answerWithin,
  assertMatchesResponse,
  BROWSER_ORIGIN,
  createProber,
  fill,
  FROM_BROWSER,
  NOT_PROBED,
  type Doc,
} from '../support/openapi-probe';
import { probeCustomerRoutes } from '../support/openapi-probes/customers';
import { probeDocumentedBounds, probeEnrolmentCredentials } from '../support/openapi-probes/enrolment';
import { probeProviderRoutes, startProbeProviders } from '../support/openapi-probes/providers';
import { probePasskeyRoutes } from '../support/openapi-probes/passkeys';
import { probeSecondFactorRoutes } from '../support/openapi-probes/second-factors';
import { probeWebhookRoutes } from '../support/openapi-probes/webhooks';
import { probeServiceClientRoutes } from '../support/openapi-probes/service-clients';
import { probeAppRoutes } from '../support/openapi-probes/apps';
import { probeAppGrantRoutes } from '../support/openapi-probes/app-grants';
import { probeApprovalRoutes } from '../support/openapi-probes/approvals';
import { probeInvitationRoutes } from '../support/openapi-probes/invitations';
import { probeChallengeRoutes } from '../support/openapi-probes/challenge';
import { probeNotMeRoutes } from '../support/openapi-probes/new-device';
import { PROBED_CALLS_PER_MINUTE, probePlatformServiceRoutes } from '../support/openapi-probes/platform-services';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const NEW_PASSWORD = 'long-enough-password-7';
let served: Doc;
let resolved: Doc;
const providers = await startProbeProviders();
after(() => providers.close());

const app = administrationSuite(
  async () => {
    served = (await request(app.url, 'GET', '/api/v1/openapi.json')).body as Doc;
    const validator = new Validator();
    await validator.validate(structuredClone(served)); // resolveRefs rewrites what it was given
    resolved = validator.resolveRefs() as Doc;
  },
  {
    smtp: true, // the invitation probes read their links from the sink
    env: {
      WEBHOOK_ALLOW_PRIVATE: '1',
      PASSWORD_RESET_LOG_OTP: '1',
      CORS_ORIGINS: BROWSER_ORIGIN,
      RATE_LIMIT_CUSTOMER_REGISTER_PER_IP: '100',
      INTROSPECT_PER_MINUTE: PROBED_CALLS_PER_MINUTE,
      ...providers.env,
    },
  },
);
const { probe, seen } = createProber(
  () => app.url,
  () => resolved,
);

test('the served document is valid OpenAPI 3.1 by an independent validator, and is the generated one', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(served));
  assert.deepEqual(result.errors, undefined);
  assert.equal(result.valid, true);
  assert.equal(validator.version, '3.1');
  assert.deepEqual(
    served,
    JSON.parse(JSON.stringify(buildOpenApiDocument())),
    'served = generated from src (rebuild if this fails)',
  );
  const broken = structuredClone(served) as Record<string, unknown>;
  delete broken.info;
  assert.equal((await new Validator().validate(broken)).valid, false, 'the validator can fail');
});

test('every route of the table is listed with exactly the methods it serves, and nothing else', async () => {
  const fromTable = new Map<string, string[]>();
  for (const { route } of NAMED_ROUTES)
    fromTable.set(route.path, [...(fromTable.get(route.path) ?? []), ...route.methods.map((m) => m.toLowerCase())]);
  for (const [route, methods] of fromTable) {
    const answers = await Promise.all(
      METHODS.map(async (m) => [m, (await request(app.url, m, `/api/v1${fill(route)}`)).status] as const),
    );
    const servedMethods = answers
      .filter(([, status]) => status !== 404 && status !== 405)
      .map(([m]) => m.toLowerCase());
    assert.deepEqual(servedMethods.sort(), [...methods].sort(), `methods ${route} serves`);
    assert.deepEqual(Object.keys(served.paths[route] ?? {}).sort(), [...methods].sort(), `methods of ${route}`);
  }
  assert.deepEqual(
    Object.keys(served.paths).sort(),
    [...fromTable.keys()].sort(),
    'no path is listed that the table lacks',
  );
  const answer = await request(app.url, 'GET', '/api/v1/no/such/route', { headers: FROM_BROWSER });
  assertMatchesResponse({ '404': resolved.components.responses.NotFound! }, '404', answer, 'unknown path');
});

test('auth routes: every status the app answers is documented, with a matching body', async () => {
  const logins = {
    admin: { email: app.w.admin.email, password: PASSWORDS.admin },
    vendor: { email: app.w.owner.email, password: PASSWORDS.owner },
  };
  for (const role of ['admin', 'vendor'] as const) {
    const pair = (await probe('POST', `/auth/${role}/login`, { json: logins[role] })).body;
    await probe('POST', `/auth/${role}/login`, { json: { ...logins[role], password: 'wrong-password-1' } });
    await probe('GET', `/auth/${role}/me`, { token: pair.access_token });
    await probe('PATCH', `/auth/${role}/me`, { token: pair.access_token, json: { locale: 'xx' } });
    await probe('PATCH', `/auth/${role}/me`, { token: pair.access_token, json: { locale: 'en' } });
    await probe('PATCH', `/auth/${role}/me`, {
      token: pair.access_token,
      body: 'text',
      headers: { 'content-type': 'text/plain' },
    });
    await probe('PATCH', `/auth/${role}/me`, {
      token: pair.access_token,
      json: { locale: 'en', padding: 'x'.repeat(17 * 1024) },
    });
    const next = (await probe('POST', `/auth/${role}/refresh`, { json: { refresh_token: pair.refresh_token } })).body;
    await probe('POST', `/auth/${role}/refresh`, { json: { refresh_token: 'not-a-token' } });
    await probe('POST', `/auth/${role}/logout`, { json: { refresh_token: 'not-a-token' } });
    if (role === 'vendor') {
      await probe('GET', '/auth/vendor/context', { token: next.access_token });
      await probe('POST', '/auth/vendor/context', { token: next.access_token });
    }
    await probe('POST', `/auth/${role}/logout`, { json: { refresh_token: next.refresh_token } });
    for (let i = 0; i < 11; i += 1)
      await probe('POST', `/auth/${role}/login`, {
        json: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });

    // The own password change, on an account no other probe uses (it ends every session).
    const own = { admin: app.w.vendorsAdmin.email, vendor: app.w.staffer.email }[role];
    const mine = (await probe('POST', `/auth/${role}/login`, { json: { email: own, password: EXTRA_PASSWORD } })).body;
    const changed = (
      await probe('POST', `/auth/${role}/password`, {
        token: mine.access_token,
        json: { current_password: EXTRA_PASSWORD, new_password: NEW_PASSWORD },
      })
    ).body;
    await probe('POST', `/auth/${role}/password`, {
      token: mine.access_token,
      json: { current_password: NEW_PASSWORD, new_password: NEW_PASSWORD },
    });
    await probe('POST', `/auth/${role}/password`, {
      token: changed.access_token,
      body: 'text',
      headers: { 'content-type': 'text/plain' },
    });
    await probe('POST', `/auth/${role}/password`, {
      token: changed.access_token,
      json: { current_password: 'x'.repeat(17 * 1024) },
    });
    await probe('POST', `/auth/${role}/password`, { token: changed.access_token, json: {} });
    for (let i = 0; i < 11; i += 1)
      await probe('POST', `/auth/${role}/password`, {
        token: changed.access_token,
        json: { current_password: 'wrong-password-1', new_password: NEW_PASSWORD },
      });
  }
  for (const healthPath of ['/health', '/health/ready', '/health/live']) await probe('GET', healthPath);
  await probe('GET', '/openapi.json');
});

test('administration routes: every status the app answers is documented, with a matching body', async () => {
  const [admin, vendor] = [{ token: app.tokens.superAdmin }, { token: app.tokens.owner }];
  const side = (template: string) => (template.includes('vendor') && !template.startsWith('/admin') ? vendor : admin);
  const ids = {
    adminId: app.w.admin.id,
    vendorId: app.w.vendor.id,
    accountId: app.w.employee.id,
    storeId: app.w.storeA.id,
    sessionId: 'no-such-id',
    clientId: 'no-such-app',
  };
  const unprivileged = (template: string) => (side(template) === vendor ? app.tokens.cashier : app.tokens.ordersAdmin);

  // What every operation answers alike: bad token, bad body, bad query, no guard, unknown ids.
  for (const [template, item] of Object.entries(resolved.paths).filter(([p]) =>
    /^\/(admin|vendor)\/|\/sessions/.test(p),
  )) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      const json = op.requestBody ? {} : undefined;
      await probe(method, template, { params: ids, token: 'not-a-token', json });
      if (op.requestBody) {
        await probe(method, template, {
          params: ids,
          token: side(template).token,
          body: 'text',
          headers: { 'content-type': 'text/plain' },
        });
        await probe(method, template, {
          params: ids,
          token: side(template).token,
          json: { name: 'x'.repeat(17 * 1024) },
        });
        await probe(method, template, { params: ids, ...side(template), json: {} });
      }
      if (op.parameters?.some((p) => p.in === 'query'))
        await probe(method, template, { params: ids, ...side(template), query: '?limit=0' });
      // An id one character over its documented bound is 400 (test/integration/input-bounds.test.ts names the field).
      const overLong = Object.fromEntries(
        Object.entries(ids).map(([name, id]) => [name, id.padEnd(PATH_PARAMETER_MAX_LENGTH + 1, 'x')]),
      );
      if (template.includes('{'))
        await probe(method, template, {
          params: overLong,
          ...side(template),
          json: op.requestBody ? { name: 'Probe' } : undefined,
        });
      if (op.responses['403']) await probe(method, template, { params: ids, token: unprivileged(template), json });
      if (op.responses['404'])
        await probe(method, template, { ...side(template), json: op.requestBody ? { name: 'Probe' } : undefined });
    }
  }

  // Successes and conflicts, one business flow per side.
  const created = (
    await probe('POST', '/admin/admins', {
      ...admin,
      json: { email: 'probe-admin@example.com', name: 'Probe', password: NEW_PASSWORD, admin_type: 'admin' },
    })
  ).body;
  await probe('POST', '/admin/admins', {
    ...admin,
    json: { email: 'probe-admin@example.com', name: 'Probe', password: NEW_PASSWORD, admin_type: 'admin' },
  });
  await probe('GET', '/admin/admins', admin);
  await probe('PATCH', '/admin/admins/{adminId}', {
    ...admin,
    params: { adminId: created.id },
    json: { name: 'Probe 2' },
  });
  await probe('PATCH', '/admin/admins/{adminId}', {
    ...admin,
    params: { adminId: app.w.admin.id },
    json: { admin_type: 'admin' },
  });
  await probe('POST', '/admin/admins/{adminId}/disable', { ...admin, params: { adminId: created.id } });
  await probe('POST', '/admin/admins/{adminId}/disable', { ...admin, params: { adminId: app.w.admin.id } });
  await probe('POST', '/admin/admins/{adminId}/enable', { ...admin, params: { adminId: created.id } });
  await probe('GET', '/admin/vendors', admin);
  const business = {
    name: 'Probe Shop',
    owner_email: 'probe-owner@example.com',
    owner_name: 'Probe',
    owner_password: NEW_PASSWORD,
  };
  await probe('POST', '/admin/vendors', { ...admin, json: business });
  await probe('POST', '/admin/vendors', { ...admin, json: business });

  for (const [caller, base, params] of [
    [admin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }],
    [vendor, '/vendor', {}],
  ] as const) {
    const email = `probe-${caller === admin ? 'a' : 'v'}@example.com`;
    const employee = (
      await probe('POST', `${base}/accounts`, {
        ...caller,
        params,
        json: { email, name: 'Probe', password: NEW_PASSWORD },
      })
    ).body;
    await probe('POST', `${base}/accounts`, {
      ...caller,
      params,
      json: { email: `x${email}`, name: 'Probe', password: NEW_PASSWORD, store_ids: ['no-such-id'] },
    });
    const on = { ...params, accountId: employee.id };
    await probe('GET', `${base}/accounts`, { ...caller, params });
    await probe('PATCH', `${base}/accounts/{accountId}`, { ...caller, params: on, json: { name: 'Probe 2' } });
    await probe('PATCH', `${base}/accounts/{accountId}`, {
      ...caller,
      params: { ...params, accountId: app.w.owner.id },
      json: { name: 'Owner 2' },
    });
    await probe('POST', `${base}/accounts/{accountId}/disable`, { ...caller, params: on });
    // Only the owner disabling itself conflicts; an admin would really disable the owner.
    if (caller === vendor)
      await probe('POST', `${base}/accounts/{accountId}/disable`, {
        ...caller,
        params: { ...params, accountId: app.w.owner.id },
      });
    await probe('POST', `${base}/accounts/{accountId}/enable`, { ...caller, params: on });
    const session = await signIn(app.url, 'vendor', email, NEW_PASSWORD);
    const sessions = (await probe('GET', `${base}/accounts/{accountId}/sessions`, { ...caller, params: on })).body;
    await probe('DELETE', `${base}/accounts/{accountId}/sessions/{sessionId}`, {
      ...caller,
      params: { ...on, sessionId: sessions.items[0].id },
    });
    assert.ok(session.refresh_token);
    await probe('GET', `${base}/stores`, { ...caller, params });
    await probe('POST', `${base}/stores`, { ...caller, params, json: { name: 'Probe Store' } });
    await probe('POST', `${base}/stores/{storeId}/terminals`, {
      ...caller,
      params: { ...params, storeId: app.w.storeA.id },
      json: { name: 'Probe Till' },
    });
  }
  // Another sign-in of the caller's account is ended: ending the caller's own would refuse its token from then on.
  for (const [role, caller, email, password] of [
    ['admin', admin, app.w.admin.email, PASSWORDS.admin],
    ['vendor', vendor, app.w.owner.email, PASSWORDS.owner],
  ] as const) {
    const other = decodePayload((await signIn(app.url, role, email, password)).access_token).sid as string;
    const own = (await probe('GET', `/auth/${role}/sessions`, caller)).body;
    assert.ok(own.items.some((s: { id: string }) => s.id === other));
    await probe('DELETE', `/auth/${role}/sessions/{sessionId}`, { ...caller, params: { sessionId: other } });
  }
  const adminSessions = (
    await probe('GET', '/admin/admins/{adminId}/sessions', { ...admin, params: { adminId: app.w.adminsAdmin.id } })
  ).body;
  await probe('DELETE', '/admin/admins/{adminId}/sessions/{sessionId}', {
    ...admin,
    params: { adminId: app.w.adminsAdmin.id, sessionId: adminSessions.items[0].id },
  });
});

test('password reset, disabled accounts and malformed requests: documented, with matching bodies', async () => {
  for (const [role, email, type] of [
    ['admin', app.w.limited.email, { admin_type: 'admin' }],
    ['vendor', app.w.reader.email, { vendor_type: 'employee' }],
  ] as const) {
    await probe('POST', `/auth/${role}/password-reset`, { json: { email, ...type } });
    const code = await loggedCode(app, email);
    await probe('POST', `/auth/${role}/password-reset/verify`, {
      json: { email, ...type, code: code === '000000' ? '000001' : '000000' },
    });
    const { reset_token } = (
      await probe('POST', `/auth/${role}/password-reset/verify`, { json: { email, ...type, code } })
    ).body;
    await probe('POST', `/auth/${role}/password-reset/complete`, { json: { reset_token, password: NEW_PASSWORD } });
    await probe('POST', `/auth/${role}/password-reset/complete`, { json: { reset_token, password: NEW_PASSWORD } });
    await withContainer(app.db, ({ auth }) => auth.operator.setDisabled(role, email, true));
    await probe('POST', `/auth/${role}/login`, { json: { email, password: NEW_PASSWORD } });
  }
  for (const [template, item] of Object.entries(resolved.paths)) {
    await probe('PUT', template, { params: {} });
    for (const [m, op] of Object.entries(item)) {
      if (op.security)
        await probe(m.toUpperCase(), template, { token: 'not-a-token', json: op.requestBody ? {} : undefined });
      if (!op.requestBody || !/^\/auth\//.test(template)) continue;
      await probe(m.toUpperCase(), template, { body: 'plain text', headers: { 'content-type': 'text/plain' } });
      await probe(m.toUpperCase(), template, { json: { padding: 'x'.repeat(17 * 1024) } });
      await probe(m.toUpperCase(), template, { json: {} });
    }
  }
});

test('POS terminal routes: every status the app answers is documented, with a matching body', async () => {
  const [admin, owner] = [{ token: app.tokens.superAdmin }, { token: app.tokens.owner }];
  const till = { storeId: app.w.storeA.id, terminalId: app.w.tillA.id };
  for (const [caller, base, params] of [
    [admin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }],
    [owner, '/vendor', {}],
  ] as const) {
    await probe('POST', `${base}/stores/{storeId}/terminals/{terminalId}/pairing`, {
      ...caller,
      params: { ...params, ...till },
    });
    await probe('DELETE', `${base}/terminals/{terminalId}/pairing`, { ...caller, params: { ...params, ...till } });
    await probe('DELETE', `${base}/accounts/{accountId}/pin`, {
      ...caller,
      params: { ...params, accountId: app.w.employee.id },
    });
  }
  const pinBody = { current_password: PASSWORDS.owner, pin: '402815' };
  for (const method of ['PUT', 'DELETE']) {
    await probe(method, '/auth/vendor/pin', { ...owner, json: method === 'PUT' ? { ...pinBody, pin: '123456' } : {} });
    await probe(method, '/auth/vendor/pin', { ...owner, body: 'text', headers: { 'content-type': 'text/plain' } });
    await probe(method, '/auth/vendor/pin', { ...owner, json: { ...pinBody, padding: 'x'.repeat(17 * 1024) } });
  }
  await probe('PATCH', '/auth/vendor/pin', owner);
  await probe('DELETE', '/vendor/terminals/{terminalId}/pairing', {
    ...owner,
    params: { terminalId: 'x'.repeat(101) },
  });
  await probe('PUT', '/auth/vendor/pin', { ...owner, json: pinBody });

  const code = (
    await probe('POST', '/vendor/stores/{storeId}/terminals/{terminalId}/pairing', { ...owner, params: till })
  ).body.code as string;
  const device = {
    'x-terminal-token': (await probe('POST', '/auth/terminal/pair', { json: { code } })).body.terminal_token as string,
  };
  await probe('POST', '/auth/terminal/pair', { json: { code } });
  await probe('GET', '/auth/terminal/staff', { headers: device });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, body: 'text' });
  await probe('POST', '/auth/terminal/pin-login', {
    headers: { ...device, 'content-type': 'text/plain' },
    body: 'text',
  });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, json: { padding: 'x'.repeat(17 * 1024) } });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, json: {} });
  const pinSession = (
    await probe('POST', '/auth/terminal/pin-login', {
      headers: device,
      json: { account_id: app.w.owner.id, pin: pinBody.pin },
    })
  ).body;
  await probe('PUT', '/auth/vendor/pin', { token: pinSession.access_token, json: pinBody });
  await probe('GET', '/auth/vendor/events', { token: pinSession.access_token });
  await probe('POST', '/auth/vendor/password', {
    token: pinSession.access_token,
    json: { current_password: PASSWORDS.owner, new_password: NEW_PASSWORD },
  });
  await probe('DELETE', '/auth/vendor/pin', {
    token: pinSession.access_token,
    json: { current_password: PASSWORDS.owner },
  });
  // Second factors are no POS work either.
  for (const [method, path, json] of [
    ['POST', '/auth/vendor/mfa/totp/setup', {}],
    ['POST', '/auth/vendor/mfa/totp/confirm', { code: '123456' }],
    ['DELETE', '/auth/vendor/mfa/totp', { password: PASSWORDS.owner }],
    ['POST', '/auth/vendor/mfa/recovery-codes', { password: PASSWORDS.owner }],
    ['POST', '/auth/vendor/passkeys/register/options', {}],
    ['GET', '/auth/vendor/passkeys', undefined],
    ['DELETE', '/auth/vendor/passkeys/{passkeyId}', undefined],
    ['PATCH', '/auth/vendor/passkeys/{passkeyId}', { name: 'Till' }],
  ] as const) {
    await probe(method, path, { token: pinSession.access_token, json });
  }
  const pinPasskey = softwareAuthenticator(app.url);
  await probe('POST', '/auth/vendor/passkeys/register/verify', {
    token: pinSession.access_token,
    json: { response: pinPasskey.register({ challenge: 'AAAA', user: { id: 'AAAA' } }), name: 'Till' },
  });
  await probe('DELETE', '/auth/vendor/pin', { ...owner, json: { current_password: PASSWORDS.owner } });
  for (let i = 0; i < 21; i += 1)
    await probe('POST', '/auth/terminal/pin-login', { headers: device, json: { account_id: 'nobody', pin: '999001' } });
  await probe('PUT', '/auth/vendor/pin', { ...owner, json: { ...pinBody, current_password: 'wrong-password-1' } });
  // Wrong passwords count as failed sign-ins: an employee of its own, so no other probe meets the limit.
  const guesser = { email: 'pin-guesser@example.com', password: EXTRA_PASSWORD };
  await withContainer(app.db, ({ auth }) =>
    auth.operator.createEmployee({ vendor_id: app.w.vendor.id, ...guesser, name: 'Gus', store_ids: [app.w.storeA.id] }),
  );
  const guessing = { token: (await signIn(app.url, 'vendor', guesser.email, guesser.password)).access_token };
  for (let i = 0; i < 10; i += 1)
    await request(app.url, 'DELETE', '/api/v1/auth/vendor/pin', {
      ...guessing,
      json: { current_password: `wrong-${i}-password` },
    });
  for (const method of ['PUT', 'DELETE'])
    await probe(method, '/auth/vendor/pin', { ...guessing, json: { ...pinBody, current_password: guesser.password } });
});

test('second factors and passkeys: every status the app answers is documented, with a matching body', () =>
  probeSecondFactorRoutes(app, probe));

// Regression: on SQLite a duplicate e-mail here wedged the database; every later request hung.
test('audit trail routes: every status the app answers is documented, with a matching body', async () => {
  await probe('GET', '/admin/audit-events', { token: app.tokens.superAdmin });
  await probe('GET', '/admin/audit-events', { token: app.tokens.superAdmin, query: '?from=not-a-time' });
  await probe('GET', '/vendor/audit-events', { token: app.tokens.owner });
  for (const [role, token] of [
    ['admin', app.tokens.superAdmin],
    ['vendor', app.tokens.owner],
  ] as const) {
    await probe('GET', `/auth/${role}/events`, { token });
    await probe('GET', `/auth/${role}/events`, { token, query: '?limit=0' });
  }
});

test('customer routes: every status the app answers is documented, with a matching body', () =>
  probeCustomerRoutes(app, probe));

test("the enrolment routes take a Bearer token or the body's mfa_token, as documented, and refuse neither with 401", () =>
  probeEnrolmentCredentials(app, probe, () => resolved));

test('account-creation passwords and audit times carry the bounds the service enforces', () =>
  probeDocumentedBounds(app, probe, () => resolved));

test('webhook endpoint routes: every status the app answers is documented, with a matching body', () =>
  probeWebhookRoutes(app, probe));

test('service client routes: every status the app answers is documented, with a matching body', () =>
  probeServiceClientRoutes(app, probe));

test('app routes: every status the app answers is documented, with a matching body', () => probeAppRoutes(app, probe));

test('connected-app routes: every status the app answers is documented, with a matching body', () =>
  probeAppGrantRoutes(app, probe));

test('invitation routes: every status the app answers is documented, with a matching body', () =>
  probeInvitationRoutes(app, probe));

test('introspection and revocation feed routes: every status the app answers is documented, with a matching body', () =>
  probePlatformServiceRoutes(app, probe));

test('approval routes at the till: every status the app answers is documented, with a matching body', () =>
  probeApprovalRoutes(app, probe));

test('the challenge route, and the challenge statuses of the routes it guards, are documented, with matching bodies', () =>
  probeChallengeRoutes(app, probe));

test('each role\'s "This wasn\'t me" route: every status is documented, with matching bodies', () =>
  probeNotMeRoutes(app, probe));

test('customer provider and identity routes: every status the app answers is documented, with a matching body', () =>
  probeProviderRoutes(app, probe, providers));

test('passkey renaming and customer passkey routes: every status the app answers is documented, with a matching body', () =>
  probePasskeyRoutes(app, probe, providers.acme));

test('a duplicate employee e-mail is 409 and the server keeps answering', async () => {
  for (const [token, base, params] of [
    [app.tokens.superAdmin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }],
    [app.tokens.owner, '/vendor', {}],
  ] as const) {
    await probe('POST', `${base}/accounts`, {
      token,
      params,
      json: { email: app.w.employee.email, name: 'Dup', password: NEW_PASSWORD },
    });
    const health = await answerWithin(10_000, 'GET /health after the 409', request(app.url, 'GET', '/api/v1/health'));
    assert.equal(health.status, 200, 'the database still answers');
  }
});

test('nothing is documented that no probe produced', () => {
  const unseen = Object.entries(served.paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([m, op]) =>
      Object.keys(op.responses)
        .filter((s) => !NOT_PROBED.has(s) && !seen.has(`${m} ${template} ${s}`))
        .map((s) => `${m} ${template} ${s}`),
    ),
  );
  assert.deepEqual(unseen, [], 'documented statuses no probe produced');
});

test('the reference page renders the document', async () => {
  const page = await request(app.url, 'GET', '/docs/api');
  assert.equal(page.status, 200);
  for (const route of Object.keys(served.paths))
    assert.ok(page.text.includes(`/api/v1${route}`), `${route} on the page`);
  assert.doesNotMatch(page.text, /https?:\/\/(?!127\.0\.0\.1|localhost)[^"' ]*\.(js|css)/, 'no assets from elsewhere');
});
