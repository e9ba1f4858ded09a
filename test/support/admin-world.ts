// Accounts for the administration tests: seedAccounts plus admins with one module each, employees
// with staff rights, and a second business; and a signed-in access token for each of them.
import { PASSWORDS, seedAccounts, withContainer } from './accounts';
import { appSuite, type AppSuite, type AppSuiteOptions } from './app-suite';
import type { TestDatabase } from './databases';
import { request } from './http';
import { signIn } from './sign-in';

/** The password of every account this file adds. */
export const EXTRA_PASSWORD = 'extra-pass-H4n&w6';

export async function seedAdministration(db: TestDatabase, prefix = 'a') {
  const base = await seedAccounts(db, prefix);
  return withContainer(db, async ({ auth }) => {
    const admin = (label: string, modules: string[]) =>
      auth.operator.createAdmin({
        email: `${prefix}-${label}@example.com`,
        password: EXTRA_PASSWORD,
        name: label,
        admin_type: 'admin',
        modules: modules as never,
      });
    const employee = (
      vendorId: string,
      label: string,
      modules: string[],
      permissions: Record<string, string[]>,
      storeIds: string[] = [],
    ) =>
      auth.operator.createEmployee({
        vendor_id: vendorId,
        email: `${prefix}-${label}@example.com`,
        password: EXTRA_PASSWORD,
        name: label,
        modules: modules as never,
        module_permissions: permissions,
        store_ids: storeIds,
      });

    const adminsAdmin = await admin('admins-admin', ['admins']);
    const vendorsAdmin = await admin('vendors-admin', ['vendors']);
    const auditAdmin = await admin('audit-admin', ['audit']);
    const customersAdmin = await admin('customers-admin', ['customers']);
    const integrationsAdmin = await admin('integrations-admin', ['integrations']);
    const staffer = await employee(
      base.vendor.id,
      'staffer',
      ['staff', 'stores'],
      { staff: ['read', 'write'], stores: ['read', 'write'] },
      [base.storeA.id],
    );
    const reader = await employee(base.vendor.id, 'reader', ['staff', 'stores'], { staff: ['read'], stores: ['read'] });
    const { vendor: vendorB, owner: ownerB } = await auth.operator.createVendor({
      name: 'Other Business',
      owner_email: `${prefix}-owner-b@example.com`,
      owner_password: EXTRA_PASSWORD,
      owner_name: 'Bob Other',
    });
    const storeOfB = await auth.operator.createStore(vendorB.id, { name: 'Elsewhere' });
    const employeeOfB = await employee(vendorB.id, 'employee-b', ['orders'], { orders: ['read'] }, [storeOfB.id]);
    return {
      ...base,
      adminsAdmin,
      vendorsAdmin,
      auditAdmin,
      customersAdmin,
      integrationsAdmin,
      staffer,
      reader,
      vendorB,
      ownerB,
      storeOfB,
      employeeOfB,
    };
  });
}

export type AdministrationWorld = Awaited<ReturnType<typeof seedAdministration>>;

/** An access token for each account of the world. */
export async function tokensOf(url: string, w: AdministrationWorld) {
  const admin = async (email: string, password = EXTRA_PASSWORD) =>
    (await signIn(url, 'admin', email, password)).access_token;
  const vendor = async (email: string, password = EXTRA_PASSWORD) =>
    (await signIn(url, 'vendor', email, password)).access_token;
  return {
    superAdmin: await admin(w.admin.email, PASSWORDS.admin),
    ordersAdmin: await admin(w.limited.email, PASSWORDS.limited),
    adminsAdmin: await admin(w.adminsAdmin.email),
    vendorsAdmin: await admin(w.vendorsAdmin.email),
    auditAdmin: await admin(w.auditAdmin.email),
    customersAdmin: await admin(w.customersAdmin.email),
    integrationsAdmin: await admin(w.integrationsAdmin.email),
    owner: await vendor(w.owner.email, PASSWORDS.owner),
    cashier: await vendor(w.employee.email, PASSWORDS.employee),
    staffer: await vendor(w.staffer.email),
    reader: await vendor(w.reader.email),
    ownerB: await vendor(w.ownerB.email),
    shopper: (await signIn(url, 'customer', w.customer.email, PASSWORDS.customer)).access_token,
  };
}

/** A JSON request with a bearer token. */
export const call = (url: string, method: string, path: string, token: string, json?: unknown) =>
  request(url, method, path, { token, json });

/** Asserts an RFC 9457 answer with `status` and `code`, naming `label` on failure. */
export function problemOf(
  res: { status: number; headers: Headers; body: any; text: string },
  status: number,
  code: string,
  label: string,
) {
  const contentType = res.headers.get('content-type');
  if (res.status !== status || res.body?.code !== code || contentType !== 'application/problem+json') {
    throw new Error(`${label}: expected ${status} ${code} problem+json, got ${res.status} ${contentType} ${res.text}`);
  }
}

export interface AdministrationSuite extends AppSuite {
  w: AdministrationWorld;
  tokens: Awaited<ReturnType<typeof tokensOf>>;
}

/** appSuite with the administration world instead of seedAccounts, and a signed-in token for each account. */
export function administrationSuite(
  setup?: (suite: AdministrationSuite) => Promise<void>,
  options: Omit<AppSuiteOptions, 'seed' | 'setup'> = {},
): AdministrationSuite {
  const suite = appSuite({
    ...options,
    seed: false,
    async setup() {
      suite.w = await seedAdministration(suite.db);
      suite.tokens = await tokensOf(suite.url, suite.w);
      await setup?.(suite);
    },
  }) as AdministrationSuite;
  return suite;
}
