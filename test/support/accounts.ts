// Test accounts, created through the same service the operator CLI uses, on the test's database.
import type { createContainer } from '@/server/container';
import { appEnv } from './app-process';
import { databaseFrom, POSTGRES_BASE_URL, runTemplates, TEST_DIALECT, type TestDatabase } from './databases';

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
  // Loaded here, not at the top: a file whose accounts come with its database never loads the service.
  const [{ createContainer }, { applyMigrations }, { createLogger }] = await Promise.all([
    import('@/server/container'),
    import('@/server/db/migrate'),
    import('@/server/logger'),
  ]);
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

export type SeedAccounts = Awaited<ReturnType<typeof seedAccounts>>;

/** The prefix of the seed accounts the run's seeded template holds. */
export const TEMPLATE_SEED_PREFIX = 'u';

const DATE_TAG = '$date';

/** The seed accounts as JSON can carry them to the files: dates tagged. */
export function storedSeed(accounts: SeedAccounts): unknown {
  return JSON.parse(
    JSON.stringify(accounts, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : value;
    }),
  );
}

export function seedFromStored(stored: unknown): SeedAccounts {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) => {
    const tagged = value as Record<string, unknown> | null;
    return tagged &&
      typeof tagged === 'object' &&
      Object.keys(tagged).length === 1 &&
      typeof tagged[DATE_TAG] === 'string'
      ? new Date(tagged[DATE_TAG])
      : value;
  }) as SeedAccounts;
}

/** A copy of the run's template that already holds seedAccounts' accounts, with them; none outside a test run. */
export async function seededDatabase(): Promise<{ db: TestDatabase; seed: SeedAccounts } | undefined> {
  const seeded = runTemplates().seeded[TEST_DIALECT];
  if (!seeded) return undefined;
  return {
    db: await databaseFrom(TEST_DIALECT, POSTGRES_BASE_URL, seeded.template),
    seed: seeded.accounts as SeedAccounts,
  };
}
