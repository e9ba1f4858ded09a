// `npm run db:seed-scale -- --customers N`: fills the configured database (DATABASE_URL, else the
// SQLite file in DATA_DIR) with a year of a large platform's data, set-based, in minutes: per
// million customers 20,000 businesses with 100,000 staff, 50,000 stores, 100,000 terminals, 3,000,000
// sessions with their refresh tokens, 10,000,000 security events and 500,000 reset codes. Every
// seeded account signs in with the password printed at the end (SCALE_PASSWORD).
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { processEnvironment } from '@/core/config';
import { createContainer, type Container } from '@/server/container';
import { applyMigrations } from '@/server/db/migrate';
import { sqliteFilePath } from '@/server/db/prisma';
import { createLogger } from '@/server/logger';
import { commandLine } from '../../src/server/command-line';
import { scaleCounts, seedStatements, type ScaleCounts, type ScaleDialect, type Templates } from './scale/statements';

/** The password of every seeded account: their hashes are the templates' (a few bcrypt hashes, reused). */
export const SCALE_PASSWORD = 'scale-pass-K4v!q9';
export const SCALE_ADMIN_EMAIL = 'admin@scale.example';

const USAGE = `Usage: npm run db:seed-scale -- [--customers N]

Seeds the database the app is configured with (DATABASE_URL, else the SQLite file in DATA_DIR) with
N customers (default 1,000,000 on PostgreSQL, 100,000 on SQLite) and, per million customers, 20,000
businesses with 100,000 staff, 50,000 stores, 100,000 terminals, 3,000,000 sessions with their
refresh tokens, 10,000,000 security events and 500,000 reset codes. Run it on an empty database:
it refuses one that already holds seeded rows. Every seeded account's password is ${SCALE_PASSWORD}
(admin@scale.example; customer-1@scale.example, ...; staff-1@scale.example, the owner of business 1;
staff-2@scale.example, one of its employees; ...).`;

/** The template accounts whose stored values the seed copies, written by the app's own service. */
async function createTemplates(container: Container): Promise<Templates> {
  const { operator } = container.auth;
  const t: Templates = {
    customerEmail: 'template-customer@scale.example',
    ownerEmail: 'template-owner@scale.example',
    employeeEmail: 'template-employee@scale.example',
  };
  const { vendor } = await operator.createVendor({
    name: 'Template Business',
    owner_email: t.ownerEmail,
    owner_password: SCALE_PASSWORD,
    owner_name: 'Template Owner',
  });
  const store = await operator.createStore(vendor.id, { name: 'Template Store' });
  await operator.createEmployee({
    vendor_id: vendor.id,
    email: t.employeeEmail,
    password: SCALE_PASSWORD,
    name: 'Template Employee',
    modules: ['orders'],
    module_permissions: { orders: ['read'] },
    store_ids: [store.id],
  });
  await operator.createCustomer({ email: t.customerEmail, password: SCALE_PASSWORD, name: 'Template Customer' });
  // The admin who reads the lists, the search and the audit page.
  await operator.createAdmin({
    email: SCALE_ADMIN_EMAIL,
    password: SCALE_PASSWORD,
    name: 'Scale Admin',
    admin_type: 'super_admin',
  });
  return t;
}

interface Runner {
  run(sql: string): Promise<void>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

function runnerFor(databaseUrl: string | undefined, dataDir: string): Runner {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    return {
      run: async (sql) => void (await pool.query(sql)),
      count: async (table) =>
        Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n),
      close: () => pool.end(),
    };
  }
  const db = new Database(sqliteFilePath(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  return {
    run: async (sql) => void db.exec(sql),
    count: async (table) => (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n,
    close: async () => void db.close(),
  };
}

/**
 * The seed writes accounts and rows and signs or encrypts nothing: where no signing or encryption
 * secret is set, throw-away ones stand in, so it reads only the database's settings and bcrypt's cost.
 */
function seedEnvironment(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const throwaway = () => randomBytes(48).toString('base64url');
  return {
    ...env,
    JWT_ACCESS_SECRET: env.JWT_ACCESS_SECRET || throwaway(),
    JWT_REFRESH_SECRET: env.JWT_REFRESH_SECRET || throwaway(),
    MFA_ENCRYPTION_KEY: env.MFA_ENCRYPTION_KEY || throwaway(),
  };
}

/** Seeds `customers` customers and the rest in proportion; `say` hears each step with its time. */
export async function seedScale(options: {
  customers?: number;
  env?: Record<string, string | undefined>;
  say?: (line: string) => void;
}): Promise<{ dialect: ScaleDialect; counts: ScaleCounts; seconds: number }> {
  const say = options.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const container = createContainer({
    env: seedEnvironment(options.env ?? processEnvironment()),
    logger: createLogger('warn', process.stderr),
  });
  const { databaseUrl, dataDir } = container.config;
  const dialect: ScaleDialect = databaseUrl ? 'postgresql' : 'sqlite';
  const counts = scaleCounts(options.customers ?? (dialect === 'postgresql' ? 1_000_000 : 100_000));
  const started = performance.now();
  const runner = runnerFor(databaseUrl, dataDir);
  try {
    await applyMigrations({ databaseUrl, dataDir });
    if ((await runner.count('Vendor')) > 0)
      throw new Error('the database already holds businesses: seed an empty database');
    const templates = await createTemplates(container);
    for (const step of seedStatements(dialect, counts, templates)) {
      const t0 = performance.now();
      await runner.run(step.sql);
      say(
        `  ${step.label}: ${step.rows.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    say(`  updating the planner's statistics`);
    await runner.run('ANALYZE');
  } finally {
    await runner.close();
    await container.close();
  }
  return { dialect, counts, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  const { values } = commandLine(USAGE, { customers: { type: 'string' } });
  const customers = values.customers === undefined ? undefined : Number(values.customers.replace(/[_,]/g, ''));
  if (customers !== undefined && (!Number.isInteger(customers) || customers < 10))
    throw new Error('--customers must be a whole number of at least 10');
  const result = await seedScale({ customers });
  console.log(JSON.stringify({ ...result, seconds: Math.round(result.seconds), password: SCALE_PASSWORD }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`db:seed-scale: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
