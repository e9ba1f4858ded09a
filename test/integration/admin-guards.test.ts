// The guard table over HTTP: for every administration operation, who gets through (2xx), who is
// refused (403 forbidden), which token is the wrong kind (401), and what another business sees (404).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OPERATION_NAMES, ruleFor, type Operation } from '@/core/operations';
import { PASSWORDS, withContainer } from '../support/accounts';
import { administrationSuite, call, EXTRA_PASSWORD, problemOf, tokensOf } from '../support/admin-world';
import { decodePayload } from '../support/tokens';
import { signIn } from '../support/sign-in';

let targets: {
  adminId: string;
  adminSession: string;
  employeeId: string;
  employeeSession: string;
  customerSession: string;
};

const s = administrationSuite(async () => {
  const made = await withContainer(s.db, async ({ auth }) => ({
    admin: await auth.operator.createAdmin({
      email: 'target-admin@example.com',
      password: EXTRA_PASSWORD,
      name: 'Target',
      admin_type: 'admin',
    }),
    employee: await auth.operator.createEmployee({
      vendor_id: s.w.vendor.id,
      email: 'target-employee@example.com',
      password: EXTRA_PASSWORD,
      name: 'Target',
    }),
  }));
  // One session each, whose id the session operations use; ending it twice is still 204.
  await signIn(s.url, 'admin', 'target-admin@example.com', EXTRA_PASSWORD);
  await signIn(s.url, 'vendor', 'target-employee@example.com', EXTRA_PASSWORD);
  await signIn(s.url, 'customer', s.w.customer.email, PASSWORDS.customer);
  const customerSessions = await call(
    s.url,
    'GET',
    `/api/v1/admin/customers/${s.w.customer.id}/sessions`,
    s.tokens.superAdmin,
  );
  const adminSessions = await call(s.url, 'GET', `/api/v1/admin/admins/${made.admin.id}/sessions`, s.tokens.superAdmin);
  const employeeSessions = await call(
    s.url,
    'GET',
    `/api/v1/vendor/accounts/${made.employee.id}/sessions`,
    s.tokens.owner,
  );
  targets = {
    adminId: made.admin.id,
    adminSession: adminSessions.body.items[0].id,
    employeeId: made.employee.id,
    employeeSession: employeeSessions.body.items[0].id,
    customerSession: customerSessions.body.items[0].id,
  };
  // A second sign-in of every caller: ending one's own session ends another than the calling one,
  // whose token would be refused from then on.
  await tokensOf(s.url, s.w);
});

/**
 * A name under .invalid (RFC 6761), which registration takes: names are checked when a message is
 * delivered. The endpoints subscribe to account.deleted, which nothing here sends, and the
 * per-call ones are disabled before their test message: nothing is ever sent to it.
 */
const GUARDED_ENDPOINT_URL = 'https://hooks.example.invalid/in';

let serial = 0;
const unique = (label: string) => `${label}-${++serial}@example.com`;

/** The request of each operation; `base` is the business prefix of the side calling it. */
function requestOf(
  operation: Operation,
  base: string,
): { method: string; path: string; body?: (token: string) => object; ok: number } {
  const a = `/api/v1/admin/admins/${targets.adminId}`;
  const e = `${base}/accounts/${targets.employeeId}`;
  const c = `/api/v1/admin/customers/${s.w.customer.id}`;
  const w = '/api/v1/admin/webhook-endpoints';
  const table: Record<Operation, ReturnType<typeof requestOf>> = {
    listOwnSessions: { method: 'GET', path: '/api/v1/auth/<role>/sessions', ok: 200 },
    endOwnSession: { method: 'DELETE', path: '/api/v1/auth/<role>/sessions/<own>', ok: 204 },
    listAdmins: { method: 'GET', path: '/api/v1/admin/admins', ok: 200 },
    createAdmin: {
      method: 'POST',
      path: '/api/v1/admin/admins',
      body: () => ({ email: unique('new-admin'), name: 'New', password: EXTRA_PASSWORD, admin_type: 'admin' }),
      ok: 201,
    },
    updateAdmin: { method: 'PATCH', path: a, body: () => ({ name: 'Renamed' }), ok: 200 },
    disableAdmin: { method: 'POST', path: `${a}/disable`, ok: 200 },
    enableAdmin: { method: 'POST', path: `${a}/enable`, ok: 200 },
    listAdminSessions: { method: 'GET', path: `${a}/sessions`, ok: 200 },
    endAdminSession: { method: 'DELETE', path: `${a}/sessions/${targets.adminSession}`, ok: 204 },
    resetAdminFactors: { method: 'POST', path: `${a}/mfa/reset`, ok: 204 },
    listAdminInvitations: { method: 'GET', path: '/api/v1/admin/invitations', ok: 200 },
    createAdminInvitation: {
      method: 'POST',
      path: '/api/v1/admin/invitations',
      body: () => ({ email: unique('invited-admin'), name: 'New', admin_type: 'admin' }),
      ok: 201,
    },
    resendAdminInvitation: { method: 'POST', path: '/api/v1/admin/invitations/<invitation>/resend', ok: 200 },
    revokeAdminInvitation: { method: 'DELETE', path: '/api/v1/admin/invitations/<invitation>', ok: 204 },
    listVendors: { method: 'GET', path: '/api/v1/admin/vendors', ok: 200 },
    createVendor: {
      method: 'POST',
      path: '/api/v1/admin/vendors',
      body: () => ({ name: 'Shop', owner_email: unique('new-owner'), owner_name: 'O', owner_password: EXTRA_PASSWORD }),
      ok: 201,
    },
    listVendorAccounts: { method: 'GET', path: `${base}/accounts`, ok: 200 },
    disableVendorAccount: { method: 'POST', path: `${e}/disable`, ok: 200 },
    enableVendorAccount: { method: 'POST', path: `${e}/enable`, ok: 200 },
    listVendorAccountSessions: { method: 'GET', path: `${e}/sessions`, ok: 200 },
    endVendorAccountSession: { method: 'DELETE', path: `${e}/sessions/${targets.employeeSession}`, ok: 204 },
    resetVendorAccountFactors: { method: 'POST', path: `${e}/mfa/reset`, ok: 204 },
    createEmployee: {
      method: 'POST',
      path: `${base}/accounts`,
      body: () => ({
        email: unique('new-employee'),
        name: 'New',
        password: EXTRA_PASSWORD,
        modules: ['stores'],
        module_permissions: { stores: ['read'] },
      }),
      ok: 201,
    },
    updateEmployee: { method: 'PATCH', path: e, body: () => ({ name: 'Renamed' }), ok: 200 },
    listStaffInvitations: { method: 'GET', path: `${base}/invitations`, ok: 200 },
    createStaffInvitation: {
      method: 'POST',
      path: `${base}/invitations`,
      body: () => ({ email: unique('invited-employee'), name: 'New' }),
      ok: 201,
    },
    resendStaffInvitation: { method: 'POST', path: `${base}/invitations/<invitation>/resend`, ok: 200 },
    revokeStaffInvitation: { method: 'DELETE', path: `${base}/invitations/<invitation>`, ok: 204 },
    listStores: { method: 'GET', path: `${base}/stores`, ok: 200 },
    createStore: { method: 'POST', path: `${base}/stores`, body: () => ({ name: 'New store' }), ok: 201 },
    createTerminal: {
      method: 'POST',
      path: `${base}/stores/${s.w.storeA.id}/terminals`,
      body: () => ({ name: 'Till X' }),
      ok: 201,
    },
    listAuditEvents: { method: 'GET', path: '/api/v1/<role>/audit-events', ok: 200 },
    listOwnEvents: { method: 'GET', path: '/api/v1/auth/<role>/events', ok: 200 },
    listCustomers: { method: 'GET', path: '/api/v1/admin/customers?query=shopper', ok: 200 },
    getCustomer: { method: 'GET', path: `${c}`, ok: 200 },
    disableCustomer: { method: 'POST', path: `${c}/disable`, ok: 200 },
    enableCustomer: { method: 'POST', path: `${c}/enable`, ok: 200 },
    listCustomerSessions: { method: 'GET', path: `${c}/sessions`, ok: 200 },
    endCustomerSession: { method: 'DELETE', path: `${c}/sessions/${targets.customerSession}`, ok: 204 },
    createPairingCode: {
      method: 'POST',
      path: `${base}/stores/${s.w.storeA.id}/terminals/${s.w.tillA.id}/pairing`,
      ok: 201,
    },
    revokePairing: { method: 'DELETE', path: `${base}/terminals/${s.w.tillA.id}/pairing`, ok: 204 },
    clearStaffPin: { method: 'DELETE', path: `${e}/pin`, ok: 204 },
    setOwnPin: {
      method: 'PUT',
      path: '/api/v1/auth/vendor/pin',
      body: (token) => ({ current_password: passwordOf(token), pin: '370591' }),
      ok: 204,
    },
    clearOwnPin: {
      method: 'DELETE',
      path: '/api/v1/auth/vendor/pin',
      body: (token) => ({ current_password: passwordOf(token) }),
      ok: 204,
    },
    listWebhookEndpoints: { method: 'GET', path: w, ok: 200 },
    getWebhookEndpoint: { method: 'GET', path: `${w}/<endpoint>`, ok: 200 },
    listWebhookMessages: { method: 'GET', path: `${w}/<endpoint>/messages`, ok: 200 },
    createWebhookEndpoint: {
      method: 'POST',
      path: w,
      body: () => ({ url: GUARDED_ENDPOINT_URL, events: ['account.deleted'] }),
      ok: 201,
    },
    updateWebhookEndpoint: { method: 'PATCH', path: `${w}/<endpoint>`, body: () => ({ enabled: false }), ok: 200 },
    deleteWebhookEndpoint: { method: 'DELETE', path: `${w}/<endpoint>`, ok: 204 },
    rotateWebhookSecret: { method: 'POST', path: `${w}/<endpoint>/secret`, ok: 200 },
    testWebhookEndpoint: { method: 'POST', path: `${w}/<endpoint>/test`, ok: 202 },
    retryWebhookDelivery: { method: 'POST', path: `${w}/<endpoint>/messages/<message>/retry`, ok: 202 },
    retryWebhookMessage: { method: 'POST', path: '/api/v1/admin/webhook-messages/<message>/retry', ok: 202 },
    replayWebhookMessages: {
      method: 'POST',
      path: `${w}/<endpoint>/replay`,
      body: () => ({ since: '2026-01-01T00:00:00Z' }),
      ok: 202,
    },
    listServiceClients: { method: 'GET', path: '/api/v1/admin/service-clients', ok: 200 },
    createServiceClient: {
      method: 'POST',
      path: '/api/v1/admin/service-clients',
      body: () => ({ name: 'orders' }),
      ok: 201,
    },
    rotateServiceClientSecret: { method: 'POST', path: '/api/v1/admin/service-clients/<client>/secret', ok: 200 },
    deleteServiceClient: { method: 'DELETE', path: '/api/v1/admin/service-clients/<client>', ok: 204 },
    listApps: { method: 'GET', path: '/api/v1/admin/apps', ok: 200 },
    getApp: { method: 'GET', path: '/api/v1/admin/apps/<app>', ok: 200 },
    createApp: { method: 'POST', path: '/api/v1/admin/apps', body: () => GUARDED_APP, ok: 201 },
    updateApp: { method: 'PATCH', path: '/api/v1/admin/apps/<app>', body: () => ({ name: 'renamed' }), ok: 200 },
    rotateAppSecret: { method: 'POST', path: '/api/v1/admin/apps/<app>/secret', ok: 200 },
    deleteApp: { method: 'DELETE', path: '/api/v1/admin/apps/<app>', ok: 204 },
    // Nobody here granted an app: past the guard, the grant is not found.
    listOwnApps: { method: 'GET', path: '/api/v1/auth/<role>/apps', ok: 200 },
    endOwnApp: { method: 'DELETE', path: '/api/v1/auth/<role>/apps/app_none', ok: 404 },
    listStaffApps: { method: 'GET', path: '/api/v1/vendor/apps', ok: 200 },
    endStaffApp: { method: 'DELETE', path: `/api/v1/vendor/apps/${targets.employeeId}/app_none`, ok: 404 },
  };
  return table[operation];
}

/** A confidential app, so rotating its secret succeeds. */
const GUARDED_APP = {
  name: 'guarded',
  redirect_uris: ['https://app.example/callback'],
  scopes: ['openid'],
  type: 'confidential',
};

/** Runs `operation` as `token` of `role`; own-session paths get another session of the caller's own account. */
async function run(operation: Operation, role: 'admin' | 'vendor', token: string, base: string) {
  const { method, path, body } = requestOf(operation, base);
  let resolved = path.replace('<role>', role);
  if (resolved.includes('<own>')) {
    const own = await call(s.url, 'GET', `/api/v1/auth/${role}/sessions`, token);
    const calling = decodePayload(token).sid;
    resolved = resolved.replace(
      '<own>',
      own.body.items?.find((session: { id: string }) => session.id !== calling)?.id ?? 'none',
    );
  }
  // A fresh endpoint (and test message) per call, so removing one twice is not a 404. It is disabled
  // at once, so its test message waits and its URL is never looked up.
  if (resolved.includes('<endpoint>') || resolved.includes('<message>')) {
    const made = await call(s.url, 'POST', '/api/v1/admin/webhook-endpoints', s.tokens.superAdmin, {
      url: GUARDED_ENDPOINT_URL,
      events: ['account.deleted'],
    });
    await call(s.url, 'PATCH', `/api/v1/admin/webhook-endpoints/${made.body.id}`, s.tokens.superAdmin, {
      enabled: false,
    });
    const message = resolved.includes('<message>')
      ? (await call(s.url, 'POST', `/api/v1/admin/webhook-endpoints/${made.body.id}/test`, s.tokens.superAdmin)).body.id
      : '';
    resolved = resolved.replace('<endpoint>', made.body.id).replace('<message>', message);
  }
  // A fresh service client per call, for the same reason.
  if (resolved.includes('<client>')) {
    const made = await call(s.url, 'POST', '/api/v1/admin/service-clients', s.tokens.superAdmin, { name: 'guarded' });
    resolved = resolved.replace('<client>', made.body.id);
  }
  // A fresh app per call, for the same reason.
  if (resolved.includes('<app>')) {
    const made = await call(s.url, 'POST', '/api/v1/admin/apps', s.tokens.superAdmin, GUARDED_APP);
    resolved = resolved.replace('<app>', made.body.id);
  }
  // A fresh invitation per call, for the same reason: made by the super admin or the business's owner.
  if (resolved.includes('<invitation>')) {
    const [list, inviter] = resolved.startsWith('/api/v1/admin/invitations')
      ? ['/api/v1/admin/invitations', s.tokens.superAdmin]
      : [`${base}/invitations`, base.startsWith('/api/v1/vendor') ? s.tokens.owner : s.tokens.superAdmin];
    const made = await call(s.url, 'POST', list, inviter, {
      email: unique('guarded-invitation'),
      name: 'Guarded',
      admin_type: 'admin', // stripped from a staff invitation's body
    });
    resolved = resolved.replace('<invitation>', made.body.id ?? 'none');
  }
  return call(s.url, method, resolved, token, body?.(token));
}

/** The password behind a token of the vendor side's signed_in operations (the owner and the cashier). */
const passwordOf = (token: string) => (token === s.tokens.owner ? PASSWORDS.owner : PASSWORDS.employee);

const ADMIN_BASE = () => `/api/v1/admin/vendors/${s.w.vendor.id}`;

describe('admin side', () => {
  for (const operation of OPERATION_NAMES.filter((o) => ruleFor(o, 'admin'))) {
    const rule = ruleFor(operation, 'admin');
    test(operation, async () => {
      const expect = (res: { status: number; text: string }, status: number, who: string) =>
        assert.equal(res.status, status, `${who}: ${res.text}`);
      const { ok } = requestOf(operation, ADMIN_BASE());
      expect(await run(operation, 'admin', s.tokens.superAdmin, ADMIN_BASE()), ok, 'super_admin');
      if (rule === 'signed_in') {
        expect(await run(operation, 'admin', s.tokens.ordersAdmin, ADMIN_BASE()), ok, 'any admin');
        return;
      }
      assert.ok(rule, 'every operation has an admin rule');
      const holders: Record<string, [string, string]> = {
        admins: [s.tokens.adminsAdmin, s.tokens.vendorsAdmin],
        vendors: [s.tokens.vendorsAdmin, s.tokens.adminsAdmin],
        audit: [s.tokens.auditAdmin, s.tokens.adminsAdmin],
        customers: [s.tokens.customersAdmin, s.tokens.adminsAdmin],
        integrations: [s.tokens.integrationsAdmin, s.tokens.adminsAdmin],
      };
      const [holder, other] = holders[rule.module]!;
      expect(await run(operation, 'admin', holder, ADMIN_BASE()), ok, `admin with ${rule.module}`);
      problemOf(await run(operation, 'admin', other, ADMIN_BASE()), 403, 'forbidden', 'admin with another module');
      problemOf(
        await run(operation, 'admin', s.tokens.ordersAdmin, ADMIN_BASE()),
        403,
        'forbidden',
        'admin with orders only',
      );
      problemOf(
        await run(operation, 'admin', s.tokens.owner, ADMIN_BASE()),
        401,
        'invalid_token',
        'vendor token on an admin route',
      );
    });
  }

  test('a business that does not exist is 404 on every business route', async () => {
    const missing = '/api/v1/admin/vendors/no-such-vendor';
    for (const operation of OPERATION_NAMES.filter(
      (o) => ruleFor(o, 'vendor') && ruleFor(o, 'vendor') !== 'signed_in',
    )) {
      // The audit trail names no business in its path.
      if (!requestOf(operation, missing).path.startsWith(missing)) continue;
      problemOf(
        await run(operation, 'admin', s.tokens.superAdmin, '/api/v1/admin/vendors/no-such-vendor'),
        404,
        'not_found',
        operation,
      );
    }
  });
});

describe('vendor side', () => {
  for (const operation of OPERATION_NAMES.filter((o) => ruleFor(o, 'vendor'))) {
    const rule = ruleFor(operation, 'vendor')!;
    test(operation, async () => {
      const expect = (res: { status: number; text: string }, status: number, who: string) =>
        assert.equal(res.status, status, `${who}: ${res.text}`);
      const { ok } = requestOf(operation, '/api/v1/vendor');
      expect(await run(operation, 'vendor', s.tokens.owner, '/api/v1/vendor'), ok, 'owner');
      if (rule === 'signed_in') {
        expect(await run(operation, 'vendor', s.tokens.cashier, '/api/v1/vendor'), ok, 'any employee');
        return;
      }
      expect(
        await run(operation, 'vendor', s.tokens.staffer, '/api/v1/vendor'),
        ok,
        'employee with the module and the action',
      );
      const reader = await run(operation, 'vendor', s.tokens.reader, '/api/v1/vendor');
      if (rule.action === 'read') expect(reader, ok, 'employee with read');
      else problemOf(reader, 403, 'forbidden', 'employee with the module but only read');
      problemOf(
        await run(operation, 'vendor', s.tokens.cashier, '/api/v1/vendor'),
        403,
        'forbidden',
        'employee without the module',
      );
      problemOf(
        await run(operation, 'vendor', s.tokens.superAdmin, '/api/v1/vendor'),
        401,
        'invalid_token',
        'admin token on a vendor route',
      );
    });
  }
});

describe("another business's records", () => {
  test('an owner of business B gets 404 on every record of business A', async () => {
    const records: Operation[] = [
      'disableVendorAccount',
      'enableVendorAccount',
      'listVendorAccountSessions',
      'endVendorAccountSession',
      'updateEmployee',
      'createTerminal',
    ];
    for (const operation of records) {
      problemOf(await run(operation, 'vendor', s.tokens.ownerB, '/api/v1/vendor'), 404, 'not_found', operation);
    }
    const assign = await call(s.url, 'POST', '/api/v1/vendor/accounts', s.tokens.ownerB, {
      email: unique('b'),
      name: 'B',
      password: EXTRA_PASSWORD,
      store_ids: [s.w.storeA.id],
    });
    problemOf(assign, 404, 'not_found', "assigning A's store");
  });

  test("an owner of business B lists only B's accounts and stores", async () => {
    const accounts = await call(s.url, 'GET', '/api/v1/vendor/accounts?limit=100', s.tokens.ownerB);
    assert.equal(accounts.status, 200);
    assert.deepEqual(
      new Set(accounts.body.items.map((a: { vendor_id: string }) => a.vendor_id)),
      new Set([s.w.vendorB.id]),
    );
    assert.deepEqual(
      accounts.body.items.map((a: { id: string }) => a.id).sort(),
      [s.w.ownerB.id, s.w.employeeOfB.id].sort(),
    );
    const stores = await call(s.url, 'GET', '/api/v1/vendor/stores', s.tokens.ownerB);
    assert.deepEqual(
      stores.body.items.map((row: { id: string }) => row.id),
      [s.w.storeOfB.id],
    );
  });
});
