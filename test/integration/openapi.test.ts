// The served OpenAPI document: valid by an independent validator, listing every route under
// src/app/api/v1 with the methods it serves, and every status the running app answers, with bodies
// that match the documented schemas. Statuses are found by probing the app, not read from the code.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { PATH_PARAMETER_MAX_LENGTH } from '@/contract/route';
import { NAMED_ROUTES } from '@/contract/routes';
import { buildOpenApiDocument } from '@/server/openapi/document';
import { PASSWORDS, withContainer } from '../support/accounts';
import { administrationSuite, EXTRA_PASSWORD } from '../support/admin-world';
import { request, type Answer } from '../support/http';
import { signIn } from '../support/sign-in';
import { loggedCode, nextLoggedCode } from '../support/logged-codes';
import { softwareAuthenticator } from '../support/software-authenticator';
import { decodePayload } from '../support/tokens';
import { awayFromStepEdge, totpCode } from '../support/totp';

type Responses = Record<string, { headers?: Record<string, { schema: object }>; content?: Record<string, { schema: object }> }>;
type Operation = { responses: Responses; requestBody?: unknown; security?: unknown; parameters?: { in: string }[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { responses: Responses } };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Statuses no probe can cause without breaking the server: a fault (500), a database outage (503). */
const NOT_PROBED = new Set(['500', '503']);
const NEW_PASSWORD = 'long-enough-password-7';
/** Every probe comes from an allowed browser origin, so every documented header (CORS too) must be there. */
const BROWSER_ORIGIN = 'https://shop.example.com';
const FROM_BROWSER = { origin: BROWSER_ORIGIN };
let served: Doc;
let resolved: Doc;
const seen = new Set<string>();

const app = administrationSuite(
  async () => {
    served = (await request(app.url, 'GET', '/api/v1/openapi.json')).body as Doc;
    const validator = new Validator();
    await validator.validate(structuredClone(served)); // resolveRefs rewrites what it was given
    resolved = validator.resolveRefs() as Doc;
  },
  { env: { PASSWORD_RESET_LOG_OTP: '1', CORS_ORIGINS: BROWSER_ORIGIN, RATE_LIMIT_CUSTOMER_REGISTER_PER_IP: '100' } },
);

test('the served document is valid OpenAPI 3.1 by an independent validator, and is the generated one', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(served));
  assert.deepEqual(result.errors, undefined);
  assert.equal(result.valid, true);
  assert.equal(validator.version, '3.1');
  assert.deepEqual(served, JSON.parse(JSON.stringify(buildOpenApiDocument())), 'served = generated from src (rebuild if this fails)');
  const broken = structuredClone(served) as Record<string, unknown>;
  delete broken.info;
  assert.equal((await new Validator().validate(broken)).valid, false, 'the validator can fail');
});

const fill = (template: string, params: Record<string, string> = {}) => template.replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? 'no-such-id');

test('every route of the table is listed with exactly the methods it serves, and nothing else', async () => {
  const fromTable = new Map<string, string[]>();
  for (const { route } of NAMED_ROUTES) fromTable.set(route.path, [...(fromTable.get(route.path) ?? []), ...route.methods.map((m) => m.toLowerCase())]);
  for (const [route, methods] of fromTable) {
    const answers = await Promise.all(METHODS.map(async (m) => [m, (await request(app.url, m, `/api/v1${fill(route)}`)).status] as const));
    const servedMethods = answers.filter(([, status]) => status !== 404 && status !== 405).map(([m]) => m.toLowerCase());
    assert.deepEqual(servedMethods.sort(), [...methods].sort(), `methods ${route} serves`);
    assert.deepEqual(Object.keys(served.paths[route] ?? {}).sort(), [...methods].sort(), `methods of ${route}`);
  }
  assert.deepEqual(Object.keys(served.paths).sort(), [...fromTable.keys()].sort(), 'no path is listed that the table lacks');
  const answer = await request(app.url, 'GET', '/api/v1/no/such/route', { headers: FROM_BROWSER });
  assertMatchesResponse({ '404': resolved.components.responses.NotFound! }, '404', answer, 'unknown path');
});

/** Checks that `answer` is documented under `status` in `responses`: media type, schema and headers. */
function assertMatchesResponse(responses: Responses, status: string, answer: Answer, label: string) {
  assert.equal(String(answer.status), status);
  const documented = responses[status];
  assert.ok(documented, `${label}: status ${status} is not documented: ${answer.text}`);
  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    if (!(header as { required?: boolean }).required && !answer.headers.has(name)) continue;
    const value = answer.headers.get(name);
    assert.ok(value !== null, `${label}: header ${name}`);
    const validateHeader = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(header.schema);
    const typed = (header.schema as { type?: string }).type === 'integer' ? Number(value) : value;
    assert.ok(validateHeader(typed), `${label}: header ${name}: ${value} does not match ${JSON.stringify(header.schema)}`);
  }
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!;
  if (!answer.text) return assert.equal(documented.content, undefined, `${label}: documented with a body`);
  const schema = documented.content?.[mediaType]?.schema;
  assert.ok(schema, `${label}: ${status} ${mediaType} is not documented`);
  const validate = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema);
  assert.ok(validate(answer.body), `${label}: body does not match the schema: ${JSON.stringify(validate.errors)}\n${answer.text}`);
}

/** A hung server fails the test with a message rather than the runner's timeout. */
function answerWithin<T>(ms: number, label: string, pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${ms / 1000} s; the server hangs`)), ms);
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

type ProbeOptions = Parameters<typeof request>[3] & { params?: Record<string, string>; query?: string; /** Another instance of the suite. */ url?: string };

/** Sends a request to `template` and checks its answer against that operation's responses. */
async function probe(method: string, template: string, options: ProbeOptions = {}) {
  const sent = { ...options, headers: { ...FROM_BROWSER, ...options.headers } };
  const answer = await answerWithin(15_000, `${method} ${template}`, request(options.url ?? app.url, method, `/api/v1${fill(template, options.params)}${options.query ?? ''}`, sent));
  const operations = resolved.paths[template];
  assert.ok(operations, `${template} is not documented`);
  // A 405 belongs to the path: check it against each operation the path has.
  const targets = answer.status === 405 ? Object.keys(operations) : [method.toLowerCase()];
  for (const m of targets) {
    assert.ok(operations[m], `${method} ${template} is not documented`);
    assertMatchesResponse(operations[m].responses, String(answer.status), answer, `${method} ${template}`);
    seen.add(`${m} ${template} ${answer.status}`);
  }
  return answer;
}

test('auth routes: every status the app answers is documented, with a matching body', async () => {
  const logins = { admin: { email: app.w.admin.email, password: PASSWORDS.admin }, vendor: { email: app.w.owner.email, password: PASSWORDS.owner } };
  for (const role of ['admin', 'vendor'] as const) {
    const pair = (await probe('POST', `/auth/${role}/login`, { json: logins[role] })).body;
    await probe('POST', `/auth/${role}/login`, { json: { ...logins[role], password: 'wrong-password-1' } });
    await probe('GET', `/auth/${role}/me`, { token: pair.access_token });
    const next = (await probe('POST', `/auth/${role}/refresh`, { json: { refresh_token: pair.refresh_token } })).body;
    await probe('POST', `/auth/${role}/refresh`, { json: { refresh_token: 'not-a-token' } });
    await probe('POST', `/auth/${role}/logout`, { json: { refresh_token: 'not-a-token' } });
    if (role === 'vendor') {
      await probe('GET', '/auth/vendor/context', { token: next.access_token });
      await probe('POST', '/auth/vendor/context', { token: next.access_token });
    }
    await probe('POST', `/auth/${role}/logout`, { json: { refresh_token: next.refresh_token } });
    for (let i = 0; i < 11; i += 1) await probe('POST', `/auth/${role}/login`, { json: { email: 'nobody@example.com', password: 'wrong-password-1' } });

    // The own password change, on an account no other probe uses (it ends every session).
    const own = { admin: app.w.vendorsAdmin.email, vendor: app.w.staffer.email }[role];
    const mine = (await probe('POST', `/auth/${role}/login`, { json: { email: own, password: EXTRA_PASSWORD } })).body;
    const changed = (await probe('POST', `/auth/${role}/password`, { token: mine.access_token, json: { current_password: EXTRA_PASSWORD, new_password: NEW_PASSWORD } })).body;
    await probe('POST', `/auth/${role}/password`, { token: mine.access_token, json: { current_password: NEW_PASSWORD, new_password: NEW_PASSWORD } });
    await probe('POST', `/auth/${role}/password`, { token: changed.access_token, body: 'text', headers: { 'content-type': 'text/plain' } });
    await probe('POST', `/auth/${role}/password`, { token: changed.access_token, json: { current_password: 'x'.repeat(17 * 1024) } });
    await probe('POST', `/auth/${role}/password`, { token: changed.access_token, json: {} });
    for (let i = 0; i < 11; i += 1) await probe('POST', `/auth/${role}/password`, { token: changed.access_token, json: { current_password: 'wrong-password-1', new_password: NEW_PASSWORD } });
  }
  for (const healthPath of ['/health', '/health/ready', '/health/live']) await probe('GET', healthPath);
  await probe('GET', '/openapi.json');
});

test('administration routes: every status the app answers is documented, with a matching body', async () => {
  const [admin, vendor] = [{ token: app.tokens.superAdmin }, { token: app.tokens.owner }];
  const side = (template: string) => (template.includes('vendor') && !template.startsWith('/admin') ? vendor : admin);
  const ids = { adminId: app.w.admin.id, vendorId: app.w.vendor.id, accountId: app.w.employee.id, storeId: app.w.storeA.id, sessionId: 'no-such-id' };
  const unprivileged = (template: string) => (side(template) === vendor ? app.tokens.cashier : app.tokens.ordersAdmin);

  // What every operation answers alike: bad token, bad body, bad query, no guard, unknown ids.
  for (const [template, item] of Object.entries(resolved.paths).filter(([p]) => /^\/(admin|vendor)\/|\/sessions/.test(p))) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      const json = op.requestBody ? {} : undefined;
      await probe(method, template, { params: ids, token: 'not-a-token', json });
      if (op.requestBody) {
        await probe(method, template, { params: ids, token: side(template).token, body: 'text', headers: { 'content-type': 'text/plain' } });
        await probe(method, template, { params: ids, token: side(template).token, json: { name: 'x'.repeat(17 * 1024) } });
        await probe(method, template, { params: ids, ...side(template), json: {} });
      }
      if (op.parameters?.some((p) => p.in === 'query')) await probe(method, template, { params: ids, ...side(template), query: '?limit=0' });
      // An id one character over its documented bound is 400 (test/integration/input-bounds.test.ts names the field).
      const overLong = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, id.padEnd(PATH_PARAMETER_MAX_LENGTH + 1, 'x')]));
      if (template.includes('{')) await probe(method, template, { params: overLong, ...side(template), json: op.requestBody ? { name: 'Probe' } : undefined });
      if (op.responses['403']) await probe(method, template, { params: ids, token: unprivileged(template), json });
      if (op.responses['404']) await probe(method, template, { ...side(template), json: op.requestBody ? { name: 'Probe' } : undefined });
    }
  }

  // Successes and conflicts, one business flow per side.
  const created = (await probe('POST', '/admin/admins', { ...admin, json: { email: 'probe-admin@example.com', name: 'Probe', password: NEW_PASSWORD, admin_type: 'admin' } })).body;
  await probe('POST', '/admin/admins', { ...admin, json: { email: 'probe-admin@example.com', name: 'Probe', password: NEW_PASSWORD, admin_type: 'admin' } });
  await probe('GET', '/admin/admins', admin);
  await probe('PATCH', '/admin/admins/{adminId}', { ...admin, params: { adminId: created.id }, json: { name: 'Probe 2' } });
  await probe('PATCH', '/admin/admins/{adminId}', { ...admin, params: { adminId: app.w.admin.id }, json: { admin_type: 'admin' } });
  await probe('POST', '/admin/admins/{adminId}/disable', { ...admin, params: { adminId: created.id } });
  await probe('POST', '/admin/admins/{adminId}/disable', { ...admin, params: { adminId: app.w.admin.id } });
  await probe('POST', '/admin/admins/{adminId}/enable', { ...admin, params: { adminId: created.id } });
  await probe('GET', '/admin/vendors', admin);
  const business = { name: 'Probe Shop', owner_email: 'probe-owner@example.com', owner_name: 'Probe', owner_password: NEW_PASSWORD };
  await probe('POST', '/admin/vendors', { ...admin, json: business });
  await probe('POST', '/admin/vendors', { ...admin, json: business });

  for (const [caller, base, params] of [[admin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }], [vendor, '/vendor', {}]] as const) {
    const email = `probe-${caller === admin ? 'a' : 'v'}@example.com`;
    const employee = (await probe('POST', `${base}/accounts`, { ...caller, params, json: { email, name: 'Probe', password: NEW_PASSWORD } })).body;
    await probe('POST', `${base}/accounts`, { ...caller, params, json: { email: `x${email}`, name: 'Probe', password: NEW_PASSWORD, store_ids: ['no-such-id'] } });
    const on = { ...params, accountId: employee.id };
    await probe('GET', `${base}/accounts`, { ...caller, params });
    await probe('PATCH', `${base}/accounts/{accountId}`, { ...caller, params: on, json: { name: 'Probe 2' } });
    await probe('PATCH', `${base}/accounts/{accountId}`, { ...caller, params: { ...params, accountId: app.w.owner.id }, json: { name: 'Owner 2' } });
    await probe('POST', `${base}/accounts/{accountId}/disable`, { ...caller, params: on });
    // Only the owner disabling itself conflicts; an admin would really disable the owner.
    if (caller === vendor) await probe('POST', `${base}/accounts/{accountId}/disable`, { ...caller, params: { ...params, accountId: app.w.owner.id } });
    await probe('POST', `${base}/accounts/{accountId}/enable`, { ...caller, params: on });
    const session = await signIn(app.url, 'vendor', email, NEW_PASSWORD);
    const sessions = (await probe('GET', `${base}/accounts/{accountId}/sessions`, { ...caller, params: on })).body;
    await probe('DELETE', `${base}/accounts/{accountId}/sessions/{sessionId}`, { ...caller, params: { ...on, sessionId: sessions.items[0].id } });
    assert.ok(session.refresh_token);
    await probe('GET', `${base}/stores`, { ...caller, params });
    await probe('POST', `${base}/stores`, { ...caller, params, json: { name: 'Probe Store' } });
    await probe('POST', `${base}/stores/{storeId}/terminals`, { ...caller, params: { ...params, storeId: app.w.storeA.id }, json: { name: 'Probe Till' } });
  }
  // Another sign-in of the caller's account is ended: ending the caller's own would refuse its token from then on.
  for (const [role, caller, email, password] of [['admin', admin, app.w.admin.email, PASSWORDS.admin], ['vendor', vendor, app.w.owner.email, PASSWORDS.owner]] as const) {
    const other = decodePayload((await signIn(app.url, role, email, password)).access_token).sid as string;
    const own = (await probe('GET', `/auth/${role}/sessions`, caller)).body;
    assert.ok(own.items.some((s: { id: string }) => s.id === other));
    await probe('DELETE', `/auth/${role}/sessions/{sessionId}`, { ...caller, params: { sessionId: other } });
  }
  const adminSessions = (await probe('GET', '/admin/admins/{adminId}/sessions', { ...admin, params: { adminId: app.w.adminsAdmin.id } })).body;
  await probe('DELETE', '/admin/admins/{adminId}/sessions/{sessionId}', { ...admin, params: { adminId: app.w.adminsAdmin.id, sessionId: adminSessions.items[0].id } });
});

test('password reset, disabled accounts and malformed requests: documented, with matching bodies', async () => {
  for (const [role, email, type] of [['admin', app.w.limited.email, { admin_type: 'admin' }], ['vendor', app.w.reader.email, { vendor_type: 'employee' }]] as const) {
    await probe('POST', `/auth/${role}/password-reset`, { json: { email, ...type } });
    const code = await loggedCode(app, email);
    await probe('POST', `/auth/${role}/password-reset/verify`, { json: { email, ...type, code: code === '000000' ? '000001' : '000000' } });
    const { reset_token } = (await probe('POST', `/auth/${role}/password-reset/verify`, { json: { email, ...type, code } })).body;
    await probe('POST', `/auth/${role}/password-reset/complete`, { json: { reset_token, password: NEW_PASSWORD } });
    await probe('POST', `/auth/${role}/password-reset/complete`, { json: { reset_token, password: NEW_PASSWORD } });
    await withContainer(app.db, ({ auth }) => auth.operator.setDisabled(role, email, true));
    await probe('POST', `/auth/${role}/login`, { json: { email, password: NEW_PASSWORD } });
  }
  for (const [template, item] of Object.entries(resolved.paths)) {
    await probe('PUT', template, { params: {} });
    for (const [m, op] of Object.entries(item)) {
      if (op.security) await probe(m.toUpperCase(), template, { token: 'not-a-token', json: op.requestBody ? {} : undefined });
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
  for (const [caller, base, params] of [[admin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }], [owner, '/vendor', {}]] as const) {
    await probe('POST', `${base}/stores/{storeId}/terminals/{terminalId}/pairing`, { ...caller, params: { ...params, ...till } });
    await probe('DELETE', `${base}/terminals/{terminalId}/pairing`, { ...caller, params: { ...params, ...till } });
    await probe('DELETE', `${base}/accounts/{accountId}/pin`, { ...caller, params: { ...params, accountId: app.w.employee.id } });
  }
  const pinBody = { current_password: PASSWORDS.owner, pin: '402815' };
  for (const method of ['PUT', 'DELETE']) {
    await probe(method, '/auth/vendor/pin', { ...owner, json: method === 'PUT' ? { ...pinBody, pin: '123456' } : {} });
    await probe(method, '/auth/vendor/pin', { ...owner, body: 'text', headers: { 'content-type': 'text/plain' } });
    await probe(method, '/auth/vendor/pin', { ...owner, json: { ...pinBody, padding: 'x'.repeat(17 * 1024) } });
  }
  await probe('PATCH', '/auth/vendor/pin', owner);
  await probe('DELETE', '/vendor/terminals/{terminalId}/pairing', { ...owner, params: { terminalId: 'x'.repeat(101) } });
  await probe('PUT', '/auth/vendor/pin', { ...owner, json: pinBody });

  const code = (await probe('POST', '/vendor/stores/{storeId}/terminals/{terminalId}/pairing', { ...owner, params: till })).body.code as string;
  const device = { 'x-terminal-token': (await probe('POST', '/auth/terminal/pair', { json: { code } })).body.terminal_token as string };
  await probe('POST', '/auth/terminal/pair', { json: { code } });
  await probe('GET', '/auth/terminal/staff', { headers: device });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, body: 'text' });
  await probe('POST', '/auth/terminal/pin-login', { headers: { ...device, 'content-type': 'text/plain' }, body: 'text' });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, json: { padding: 'x'.repeat(17 * 1024) } });
  await probe('POST', '/auth/terminal/pin-login', { headers: device, json: {} });
  const pinSession = (await probe('POST', '/auth/terminal/pin-login', { headers: device, json: { account_id: app.w.owner.id, pin: pinBody.pin } })).body;
  await probe('PUT', '/auth/vendor/pin', { token: pinSession.access_token, json: pinBody });
  await probe('GET', '/auth/vendor/events', { token: pinSession.access_token });
  await probe('POST', '/auth/vendor/password', { token: pinSession.access_token, json: { current_password: PASSWORDS.owner, new_password: NEW_PASSWORD } });
  await probe('DELETE', '/auth/vendor/pin', { token: pinSession.access_token, json: { current_password: PASSWORDS.owner } });
  // Second factors are no POS work either.
  for (const [method, path, json] of [
    ['POST', '/auth/vendor/mfa/totp/setup', {}], ['POST', '/auth/vendor/mfa/totp/confirm', { code: '123456' }],
    ['DELETE', '/auth/vendor/mfa/totp', { password: PASSWORDS.owner }], ['POST', '/auth/vendor/mfa/recovery-codes', { password: PASSWORDS.owner }],
    ['POST', '/auth/vendor/passkeys/register/options', {}], ['GET', '/auth/vendor/passkeys', undefined], ['DELETE', '/auth/vendor/passkeys/{passkeyId}', undefined],
  ] as const) {
    await probe(method, path, { token: pinSession.access_token, json });
  }
  const pinPasskey = softwareAuthenticator();
  await probe('POST', '/auth/vendor/passkeys/register/verify', { token: pinSession.access_token, json: { response: pinPasskey.register({ challenge: 'AAAA', user: { id: 'AAAA' } }), name: 'Till' } });
  await probe('DELETE', '/auth/vendor/pin', { ...owner, json: { current_password: PASSWORDS.owner } });
  for (let i = 0; i < 21; i += 1) await probe('POST', '/auth/terminal/pin-login', { headers: device, json: { account_id: 'nobody', pin: '999001' } });
  await probe('PUT', '/auth/vendor/pin', { ...owner, json: { ...pinBody, current_password: 'wrong-password-1' } });
  // Wrong passwords count as failed sign-ins: an employee of its own, so no other probe meets the limit.
  const guesser = { email: 'pin-guesser@example.com', password: EXTRA_PASSWORD };
  await withContainer(app.db, ({ auth }) => auth.operator.createEmployee({ vendor_id: app.w.vendor.id, ...guesser, name: 'Gus', store_ids: [app.w.storeA.id] }));
  const guessing = { token: (await signIn(app.url, 'vendor', guesser.email, guesser.password)).access_token };
  for (let i = 0; i < 10; i += 1) await request(app.url, 'DELETE', '/api/v1/auth/vendor/pin', { ...guessing, json: { current_password: `wrong-${i}-password` } });
  for (const method of ['PUT', 'DELETE']) await probe(method, '/auth/vendor/pin', { ...guessing, json: { ...pinBody, current_password: guesser.password } });
});

test('second factors and passkeys: every status the app answers is documented, with a matching body', async () => {
  // An instance that requires factors of every type, for the refusals to remove the last one.
  const required = await app.start({ ...app.env, MFA_REQUIRED: 'super_admin,admin,owner,employee' });
  const emails = { admin: 'probe-mfa-admin@example.com', vendor: 'probe-mfa-owner@example.com' };
  await withContainer(app.db, async ({ auth }) => {
    await auth.operator.createAdmin({ email: emails.admin, password: EXTRA_PASSWORD, name: 'MFA', admin_type: 'admin' });
    await auth.operator.createVendor({ name: 'MFA Shop', owner_email: emails.vendor, owner_password: EXTRA_PASSWORD, owner_name: 'MFA' });
  });
  const setDisabled = (role: 'admin' | 'vendor', disabled: boolean) => withContainer(app.db, ({ auth }) => auth.operator.setDisabled(role, emails[role], disabled));
  for (const role of ['admin', 'vendor'] as const) {
    const base = `/auth/${role}`;
    const email = emails[role];
    const { access_token: token, [role]: profile } = (await signIn(app.url, role, email, EXTRA_PASSWORD)) as unknown as { access_token: string } & Record<string, { id: string }>;
    for (const path of ['mfa/verify', 'mfa/totp/setup', 'mfa/totp/confirm', 'passkeys/register/options', 'passkeys/register/verify', 'passkeys/login/options', 'passkeys/login/verify']) {
      await probe('POST', `${base}/${path}`, { body: 'text', headers: { 'content-type': 'text/plain' } });
      await probe('POST', `${base}/${path}`, { json: { padding: 'x'.repeat(17 * 1024) } });
      await probe('POST', `${base}/${path}`, { json: { mfa_token: 'x'.repeat(5000), response: 'x' } });
    }
    for (const [method, path] of [['DELETE', 'mfa/totp'], ['POST', 'mfa/recovery-codes']] as const) {
      await probe(method, `${base}/${path}`, { token: 'not-a-token', json: {} });
      await probe(method, `${base}/${path}`, { token, body: 'text', headers: { 'content-type': 'text/plain' } });
      await probe(method, `${base}/${path}`, { token, json: { password: 'x'.repeat(17 * 1024) } });
      await probe(method, `${base}/${path}`, { token, json: {} });
      await probe(method, `${base}/${path}`, { token, json: { password: EXTRA_PASSWORD } });
    }
    await probe('POST', `${base}/mfa/totp/setup`, { json: {} });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: '123456' } });
    const { secret } = (await probe('POST', `${base}/mfa/totp/setup`, { token, json: {} })).body as { secret: string };
    await awayFromStepEdge();
    const wrong = [-1, 0, 1, 2].map((o) => totpCode(secret, o)).includes('000000') ? '000001' : '000000';
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: wrong } });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: totpCode(secret) } });
    await probe('POST', `${base}/mfa/totp/setup`, { token, json: {} });
    await probe('POST', `${base}/mfa/totp/confirm`, { token, json: { code: totpCode(secret) } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token, json: { password: 'wrong-password-1' } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token, json: { password: EXTRA_PASSWORD } });
    const step = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body as { mfa_token: string };
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: step.mfa_token, code: wrong } });
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: step.mfa_token, code: totpCode(secret, 1) } });
    await probe('DELETE', `${base}/mfa/totp`, { token, json: { password: EXTRA_PASSWORD }, url: required.url });

    const key = softwareAuthenticator();
    await probe('POST', `${base}/passkeys/login/options`, { json: [] });
    await probe('POST', `${base}/passkeys/register/options`, { json: {} });
    const options = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as { challenge: string; user: { id: string } };
    await probe('POST', `${base}/passkeys/register/verify`, { token, json: { response: key.register({ ...options, challenge: 'AAAA' }), name: 'Key' } });
    await probe('POST', `${base}/passkeys/register/verify`, { token, json: { response: key.register(options), name: 'Key' } });
    const again = (await probe('POST', `${base}/passkeys/register/options`, { token, json: {} })).body as typeof options;
    await probe('POST', `${base}/passkeys/register/verify`, { token, json: { response: key.register(again), name: 'Again' } });
    await probe('GET', `${base}/passkeys`, { token: 'not-a-token' });
    const [passkey] = (await probe('GET', `${base}/passkeys`, { token })).body.items as { id: string }[];
    const signIn1 = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as { challenge: string };
    const assertion = key.assert(signIn1);
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: assertion } });
    for (const passkeyId of ['no-such-id', 'x'.repeat(101)]) await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token, params: { passkeyId } });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token: 'not-a-token', params: { passkeyId: passkey!.id } });

    // A disabled account: its pending second step is void (401), its passkey sign-in 403.
    const pending = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body as { mfa_token: string };
    const signIn2 = (await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body as { challenge: string };
    await setDisabled(role, true);
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: pending.mfa_token, code: totpCode(secret, 1) } });
    await probe('POST', `${base}/passkeys/login/verify`, { json: { response: key.assert(signIn2) } });
    await setDisabled(role, false);

    // Removal: the app goes (a passkey stays), then the last factor may not go where one is required.
    const fresh = (await signIn(app.url, role, email, EXTRA_PASSWORD).catch(() => null))?.access_token;
    const current = fresh ?? (await probe('POST', `${base}/passkeys/login/verify`, { json: { response: key.assert((await probe('POST', `${base}/passkeys/login/options`, { json: {} })).body) } })).body.access_token;
    await probe('DELETE', `${base}/mfa/totp`, { token: current, json: { password: 'wrong-password-1' } });
    await probe('DELETE', `${base}/mfa/totp`, { token: current, json: { password: EXTRA_PASSWORD } });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token: current, params: { passkeyId: passkey!.id }, url: required.url });
    await probe('DELETE', `${base}/passkeys/{passkeyId}`, { token: current, params: { passkeyId: passkey!.id } });

    // Resets by others.
    if (role === 'admin') await probe('POST', '/admin/admins/{adminId}/mfa/reset', { token: app.tokens.superAdmin, params: { adminId: profile!.id } });
    else await probe('POST', '/vendor/accounts/{accountId}/mfa/reset', { token: (await signIn(app.url, 'vendor', email, EXTRA_PASSWORD)).access_token, params: { accountId: profile!.id } });

    // Wrong passwords fill the login limits: then the second step and the routes that ask for the password are 429.
    const limited = (await signIn(app.url, role, email, EXTRA_PASSWORD)).access_token;
    const { secret: first } = (await probe('POST', `${base}/mfa/totp/setup`, { token: limited, json: {} })).body as { secret: string };
    await probe('POST', `${base}/mfa/totp/confirm`, { token: limited, json: { code: totpCode(first) } });
    const before = (await probe('POST', `${base}/login`, { json: { email, password: EXTRA_PASSWORD } })).body.mfa_token as string;
    await probe('DELETE', `${base}/mfa/totp`, { token: limited, json: { password: EXTRA_PASSWORD } });
    const { secret: pendingSecret } = (await probe('POST', `${base}/mfa/totp/setup`, { token: limited, json: {} })).body as { secret: string };
    for (let i = 0; i < 11; i += 1) await probe('POST', `${base}/login`, { json: { email, password: 'wrong-password-1' } });
    await probe('POST', `${base}/mfa/totp/confirm`, { token: limited, json: { code: totpCode(pendingSecret) } });
    await probe('POST', `${base}/mfa/verify`, { json: { mfa_token: before, code: totpCode(first, 1) } });
    await probe('POST', `${base}/mfa/recovery-codes`, { token: limited, json: { password: EXTRA_PASSWORD } });
    await probe('DELETE', `${base}/mfa/totp`, { token: limited, json: { password: EXTRA_PASSWORD } });
  }
  await probe('POST', '/admin/vendors/{vendorId}/accounts/{accountId}/mfa/reset', { token: app.tokens.superAdmin, params: { vendorId: app.w.vendor.id, accountId: app.w.employee.id } });
  await probe('POST', '/vendor/accounts/{accountId}/mfa/reset', { token: app.tokens.owner, params: { accountId: app.w.employee.id } });
  await probe('POST', '/auth/admin/mfa/totp/confirm', { json: { mfa_token: 'not-a-token', code: '123456' } });
});

// Regression: on SQLite a duplicate e-mail here wedged the database; every later request hung.
test('audit trail routes: every status the app answers is documented, with a matching body', async () => {
  await probe('GET', '/admin/audit-events', { token: app.tokens.superAdmin });
  await probe('GET', '/admin/audit-events', { token: app.tokens.superAdmin, query: '?from=not-a-time' });
  await probe('GET', '/vendor/audit-events', { token: app.tokens.owner });
  for (const [role, token] of [['admin', app.tokens.superAdmin], ['vendor', app.tokens.owner]] as const) {
    await probe('GET', `/auth/${role}/events`, { token });
    await probe('GET', `/auth/${role}/events`, { token, query: '?limit=0' });
  }
});

test('customer routes: every status the app answers is documented, with a matching body', async () => {
  const c = (path: string) => `/auth/customer${path}`;
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
  /** Registers `email` and verifies it through the logged code: the signed-in body. */
  async function registered(email: string) {
    const before = app.output.length;
    await probe('POST', c('/register'), { json: { email, password: NEW_PASSWORD, name: 'Probe' } });
    const code = await nextLoggedCode(app, email, before);
    await probe('POST', c('/register/verify'), { json: { email, code: wrong(code) } });
    return (await probe('POST', c('/register/verify'), { json: { email, code } })).body;
  }
  const codeFor = async (email: string) => {
    const before = app.output.length;
    await probe('POST', c('/login/code'), { json: { email } });
    return nextLoggedCode(app, email, before);
  };

  // Registration, resend, the unverified and disabled refusals, code sign-in.
  const pendingBefore = app.output.length;
  await probe('POST', c('/register'), { json: { email: 'probe-pending@example.com', password: NEW_PASSWORD, name: 'P' } });
  await nextLoggedCode(app, 'probe-pending@example.com', pendingBefore);
  await probe('POST', c('/register/resend'), { json: { email: 'probe-pending@example.com' } });
  await probe('POST', c('/login'), { json: { email: 'probe-pending@example.com', password: NEW_PASSWORD } });
  const me = await registered('probe-customer@example.com');
  const token = { token: me.access_token };
  const signInCode = await codeFor('probe-customer@example.com');
  await probe('POST', c('/login/code/verify'), { json: { email: 'probe-customer@example.com', code: wrong(signInCode) } });
  await probe('POST', c('/login/code/verify'), { json: { email: 'probe-customer@example.com', code: signInCode } });
  const disabled = await registered('probe-disabled@example.com');
  const disabledCode = await codeFor('probe-disabled@example.com');
  await withContainer(app.db, ({ auth }) => auth.operator.setDisabled('customer', 'probe-disabled@example.com', true));
  await probe('POST', c('/login/code/verify'), { json: { email: 'probe-disabled@example.com', code: disabledCode } });
  assert.ok(disabled.access_token);
  await probe('POST', c('/login'), { json: { email: 'probe-disabled@example.com', password: NEW_PASSWORD } });
  await probe('POST', c('/login'), { json: { email: 'probe-customer@example.com', password: 'wrong-password-1' } });
  const pair = (await probe('POST', c('/login'), { json: { email: 'probe-customer@example.com', password: NEW_PASSWORD } })).body;
  await probe('GET', c('/me'), { token: pair.access_token });
  const next = (await probe('POST', c('/refresh'), { json: { refresh_token: pair.refresh_token } })).body;
  await probe('POST', c('/logout'), { json: { refresh_token: next.refresh_token } });

  // The signed-in customer's own routes.
  await probe('PATCH', c('/me'), { ...token, json: { name: 'Probe 2' } });
  await probe('GET', c('/me/export'), token);
  await probe('POST', c('/email'), { ...token, json: { new_email: 'probe-moved@example.com', password: 'wrong-password-1' } });
  let before = app.output.length;
  await probe('POST', c('/email'), { ...token, json: { new_email: 'probe-moved@example.com', password: NEW_PASSWORD } });
  const moveCode = await nextLoggedCode(app, 'probe-moved@example.com', before);
  await probe('POST', c('/email/verify'), { ...token, json: { code: wrong(moveCode) } });
  await probe('POST', c('/email/verify'), { ...token, json: { code: moveCode } });
  // Another customer verifies the address between the code and its use: 409.
  before = app.output.length;
  await probe('POST', c('/email'), { ...token, json: { new_email: 'probe-raced@example.com', password: NEW_PASSWORD } });
  const raceCode = await nextLoggedCode(app, 'probe-raced@example.com', before);
  await registered('probe-raced@example.com');
  await probe('POST', c('/email/verify'), { ...token, json: { code: raceCode } });
  await probe('GET', c('/sessions'), token);
  await probe('GET', c('/events'), token);

  // Reset, on the moved address.
  before = app.output.length;
  await probe('POST', c('/password-reset'), { json: { email: 'probe-moved@example.com' } });
  const resetCode = await nextLoggedCode(app, 'probe-moved@example.com', before);
  await probe('POST', c('/password-reset/verify'), { json: { email: 'probe-moved@example.com', code: wrong(resetCode) } });
  const { reset_token } = (await probe('POST', c('/password-reset/verify'), { json: { email: 'probe-moved@example.com', code: resetCode } })).body;
  await probe('POST', c('/password-reset/complete'), { json: { reset_token, password: NEW_PASSWORD } });
  await probe('POST', c('/password-reset/complete'), { json: { reset_token, password: NEW_PASSWORD } });

  // Deletion by password and by code; the wrong ones first, then past the failure limit.
  const leaver = (await probe('POST', c('/login'), { json: { email: 'probe-moved@example.com', password: NEW_PASSWORD } })).body;
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { password: 'wrong-password-1' } });
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { code: '000000' } });
  await probe('POST', c('/me/delete'), { token: leaver.access_token, json: { password: NEW_PASSWORD } });
  const byCode = await registered('probe-coded@example.com');
  await probe('POST', c('/me/delete'), { token: byCode.access_token, json: { code: await codeFor('probe-coded@example.com') } });
  const limited = await registered('probe-limited@example.com');
  const changer = await registered('probe-changer@example.com');
  const changed = (await probe('POST', c('/password'), { token: changer.access_token, json: { current_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}-2` } })).body;
  assert.ok(changed.access_token);
  // Ten wrong current passwords fill the (e-mail, address) limit: every password route and the login then answer 429.
  for (let i = 0; i < 10; i += 1) await probe('POST', c('/password'), { token: limited.access_token, json: { current_password: 'wrong-password-1', new_password: NEW_PASSWORD } });
  await probe('POST', c('/password'), { token: limited.access_token, json: { current_password: NEW_PASSWORD, new_password: `${NEW_PASSWORD}-2` } });
  await probe('POST', c('/me/delete'), { token: limited.access_token, json: { password: NEW_PASSWORD } });
  await probe('POST', c('/email'), { token: limited.access_token, json: { new_email: 'probe-x@example.com', password: NEW_PASSWORD } });
  await probe('POST', c('/login'), { json: { email: 'probe-limited@example.com', password: NEW_PASSWORD } });

  // What every bearer route answers alike: bad bodies, bad queries, ids past their bound.
  const fresh = changed;
  await probe('POST', c('/refresh'), { json: { refresh_token: 'not-a-token' } });
  await probe('POST', c('/logout'), { json: { refresh_token: 'not-a-token' } });
  for (const [method, path] of [['PATCH', '/me'], ['POST', '/me/delete'], ['POST', '/password'], ['POST', '/email'], ['POST', '/email/verify']] as const) {
    await probe(method, c(path), { token: fresh.access_token, body: 'text', headers: { 'content-type': 'text/plain' } });
    await probe(method, c(path), { token: fresh.access_token, json: { name: 'x'.repeat(17 * 1024) } });
    await probe(method, c(path), { token: fresh.access_token, json: {} });
  }
  for (const path of ['/sessions', '/events']) await probe('GET', c(path), { token: fresh.access_token, query: '?limit=0' });
  const own = (await probe('GET', c('/sessions'), { token: fresh.access_token })).body;
  await probe('DELETE', c('/sessions/{sessionId}'), { token: fresh.access_token });
  await probe('DELETE', c('/sessions/{sessionId}'), { token: fresh.access_token, params: { sessionId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) } });
  // Last: ending a session of the caller's own refuses its token from then on.
  await probe('DELETE', c('/sessions/{sessionId}'), { token: fresh.access_token, params: { sessionId: own.items.at(-1).id } });

  // The administrators' customer routes.
  const admin = { token: app.tokens.superAdmin };
  const overLong = { customerId: 'x'.repeat(PATH_PARAMETER_MAX_LENGTH + 1) };
  for (const [method, path] of [['GET', ''], ['POST', '/disable'], ['POST', '/enable'], ['GET', '/sessions']] as const) {
    await probe(method, `/admin/customers/{customerId}${path}`, { ...admin, params: overLong });
  }
  const target = { customerId: app.w.customer.id };
  await probe('GET', '/admin/customers', { ...admin, query: '?query=probe' });
  await probe('GET', '/admin/customers/{customerId}', { ...admin, params: target });
  await probe('POST', '/admin/customers/{customerId}/disable', { ...admin, params: target });
  await probe('POST', '/admin/customers/{customerId}/enable', { ...admin, params: target });
  await signIn(app.url, 'customer', app.w.customer.email, PASSWORDS.customer);
  const sessions = (await probe('GET', '/admin/customers/{customerId}/sessions', { ...admin, params: target })).body;
  await probe('DELETE', '/admin/customers/{customerId}/sessions/{sessionId}', { ...admin, params: { ...target, sessionId: sessions.items[0].id } });
});

test('a duplicate employee e-mail is 409 and the server keeps answering', async () => {
  for (const [token, base, params] of [[app.tokens.superAdmin, '/admin/vendors/{vendorId}', { vendorId: app.w.vendor.id }], [app.tokens.owner, '/vendor', {}]] as const) {
    await probe('POST', `${base}/accounts`, { token, params, json: { email: app.w.employee.email, name: 'Dup', password: NEW_PASSWORD } });
    const health = await answerWithin(10_000, 'GET /health after the 409', request(app.url, 'GET', '/api/v1/health'));
    assert.equal(health.status, 200, 'the database still answers');
  }
});

test('nothing is documented that no probe produced', () => {
  const unseen = Object.entries(served.paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([m, op]) => Object.keys(op.responses).filter((s) => !NOT_PROBED.has(s) && !seen.has(`${m} ${template} ${s}`)).map((s) => `${m} ${template} ${s}`)),
  );
  assert.deepEqual(unseen, [], 'documented statuses no probe produced');
});

test('the reference page renders the document', async () => {
  const page = await request(app.url, 'GET', '/docs/api');
  assert.equal(page.status, 200);
  for (const route of Object.keys(served.paths)) assert.ok(page.text.includes(`/api/v1${route}`), `${route} on the page`);
  assert.doesNotMatch(page.text, /https?:\/\/(?!127\.0\.0\.1|localhost)[^"' ]*\.(js|css)/, 'no assets from elsewhere');
});
