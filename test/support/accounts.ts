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

/** A super admin, an admin with the `orders` module, a business with two stores, an owner and an employee. */
export async function seedAccounts(db: TestDatabase, prefix = 'u') {
  return withContainer(db, async ({ auth }) => {
    const admin = await auth.admin.createAdmin({ email: `${prefix}-super@example.com`, password: PASSWORDS.admin, name: 'Super Admin', type: 'super_admin' });
    const limited = await auth.admin.createAdmin({ email: `${prefix}-orders@example.com`, password: PASSWORDS.limited, name: 'Orders Admin', type: 'admin', modules: ['orders'] });
    const { vendor, owner } = await auth.admin.createVendor({ name: 'Corner Shop', ownerEmail: `${prefix}-owner@example.com`, ownerPassword: PASSWORDS.owner, ownerName: 'Olive Owner' });
    const storeA = await auth.admin.createStore(vendor.id, 'High Street');
    const storeB = await auth.admin.createStore(vendor.id, 'Station Road');
    const tillA = await auth.admin.createTerminal(storeA.id, 'Till A1');
    const tillB = await auth.admin.createTerminal(storeB.id, 'Till B1');
    const employee = await auth.admin.createEmployee({
      vendorId: vendor.id,
      email: `${prefix}-cashier@example.com`,
      password: PASSWORDS.employee,
      name: 'Casey Cashier',
      modules: ['orders'],
      permissions: { orders: ['read'] },
      storeIds: [storeA.id],
    });
    return { admin, limited, vendor, owner, employee, storeA, storeB, tillA, tillB };
  });
}
