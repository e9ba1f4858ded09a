// Test accounts, created through the same service the operator CLI uses, on the test's database.
import { createContainer } from '@/server/container';
import { applyMigrations } from '@/server/db/migrate';
import { createLogger } from '@/server/logger';
import { appEnv } from './app-process';
import type { TestDatabase } from './databases';

export const PASSWORDS = {
  admin: 'admin-pass-Q7v!x2',
  limited: 'limited-pass-W8k#p4',
  owner: 'owner-pass-E3r$t9',
  employee: 'employee-pass-Z5m%c1',
  customer: 'shopper-pass-R2d&k8',
};

/** Runs `work` on a container over the test's database; `env` overrides appEnv's settings. */
export async function withContainer<T>(
  db: TestDatabase,
  work: (c: ReturnType<typeof createContainer>) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const container = createContainer({ env: appEnv(db, env), logger: createLogger('silent') });
  try {
    await applyMigrations({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
    return await work(container);
  } finally {
    await container.close();
  }
}

/**
 * A super admin, an admin with the `orders` module, a business with two stores, an owner, an employee and a verified
 * customer.
 */
export async function seedAccounts(db: TestDatabase, prefix = 'u') {
  return withContainer(db, async ({ auth }) => {
    const admin = await auth.operator.createAdmin({
      email: `${prefix}-super@example.com`,
      password: PASSWORDS.admin,
      name: 'Super Admin',
      admin_type: 'super_admin',
    });
    const limited = await auth.operator.createAdmin({
      email: `${prefix}-orders@example.com`,
      password: PASSWORDS.limited,
      name: 'Orders Admin',
      admin_type: 'admin',
      modules: ['orders'],
    });
    const { vendor, owner } = await auth.operator.createVendor({
      name: 'Corner Shop',
      owner_email: `${prefix}-owner@example.com`,
      owner_password: PASSWORDS.owner,
      owner_name: 'Olive Owner',
    });
    const storeA = await auth.operator.createStore(vendor.id, { name: 'High Street' });
    const storeB = await auth.operator.createStore(vendor.id, { name: 'Station Road' });
    const tillA = await auth.operator.createTerminal(storeA.id, { name: 'Till A1' });
    const tillB = await auth.operator.createTerminal(storeB.id, { name: 'Till B1' });
    const employee = await auth.operator.createEmployee({
      vendor_id: vendor.id,
      email: `${prefix}-cashier@example.com`,
      password: PASSWORDS.employee,
      name: 'Casey Cashier',
      modules: ['orders'],
      module_permissions: { orders: ['read'] },
      store_ids: [storeA.id],
    });
    const customer = await auth.operator.createCustomer({
      email: `${prefix}-shopper@example.com`,
      password: PASSWORDS.customer,
      name: 'Sam Shopper',
    });
    return { admin, limited, vendor, owner, employee, customer, storeA, storeB, tillA, tillB };
  });
}
