// The scale seed's statements: each table filled by one INSERT … SELECT over a number sequence
// (generate_series on PostgreSQL, a recursive CTE on SQLite), in chunks, so millions of rows take
// minutes. Values that must be valid for the app (password hashes, module lists) are copied from
// template rows the app's own service wrote; ids are UUID-shaped and derived from the row number.

export type ScaleDialect = 'postgresql' | 'sqlite';

/** Rows per 1,000,000 customers. */
export const PER_MILLION = {
  businesses: 20_000,
  staff: 100_000,
  stores: 50_000,
  terminals: 100_000,
  sessions: 3_000_000,
  auditEvents: 10_000_000,
  codes: 500_000,
};

/** Staff per business: the first is its owner, the others employees. */
export const STAFF_PER_BUSINESS = 5;
/** Every this-many-th session is a staff member's; the others are customers'. */
const STAFF_SESSION_EVERY = 30;
const DAY = 86_400;

/** Table numbers in the ids' first group: `0000000c-5ca1-4000-8000-<row number in hex>`. */
export const TABLE = {
  customer: 1,
  business: 2,
  staff: 3,
  store: 4,
  terminal: 5,
  family: 6,
  token: 7,
  audit: 8,
  code: 9,
} as const;

export interface ScaleCounts {
  customers: number;
  businesses: number;
  staff: number;
  stores: number;
  terminals: number;
  sessions: number;
  auditEvents: number;
  codes: number;
  /** Security events of the first seeded customer, the export's account. */
  exportEvents: number;
}

export function scaleCounts(customers: number): ScaleCounts {
  const of = (perMillion: number) => Math.max(1, Math.round((perMillion * customers) / 1_000_000));
  const businesses = of(PER_MILLION.businesses);
  return {
    customers,
    businesses,
    staff: businesses * STAFF_PER_BUSINESS,
    stores: Math.max(businesses, of(PER_MILLION.stores)),
    terminals: of(PER_MILLION.terminals),
    sessions: of(PER_MILLION.sessions),
    auditEvents: of(PER_MILLION.auditEvents),
    codes: Math.min(customers, of(PER_MILLION.codes)),
    exportEvents: Math.max(1_000, Math.round(customers / 10)),
  };
}

/** The dialect's pieces of SQL. */
export function sqlOf(dialect: ScaleDialect) {
  const pg = dialect === 'postgresql';
  return {
    /** The CTE `seq(n)` of the numbers first..last. */
    seq: (first: number, last: number) =>
      pg
        ? `seq(n) AS (SELECT generate_series(${first}::bigint, ${last}::bigint))`
        : `RECURSIVE seq(n) AS (SELECT ${first} UNION ALL SELECT n + 1 FROM seq WHERE n < ${last})`,
    id: (table: number, n: string) =>
      pg
        ? `'${table.toString(16).padStart(8, '0')}-5ca1-4000-8000-' || lpad(to_hex(${n}), 12, '0')`
        : `printf('${table.toString(16).padStart(8, '0')}-5ca1-4000-8000-%012x', ${n})`,
    /** The time `seconds` (an integer expression) before now; negative: after now. */
    ago: (seconds: string) =>
      pg
        ? `((now() AT TIME ZONE 'UTC') - make_interval(secs => (${seconds})))`
        : `strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', printf('%+d seconds', -(${seconds})))`,
    text: (n: string) => (pg ? `(${n})::text` : `CAST(${n} AS TEXT)`),
  };
}

/** A spread of 0..m-1 over the row numbers, the same on both databases (Knuth's multiplicative hash). */
const spread = (n: string, m: number, salt = 0) => `((${n} * 2654435761 + ${salt}) % ${m})`;

export interface Templates {
  customerEmail: string;
  ownerEmail: string;
  employeeEmail: string;
}

export interface Chunk {
  label: string;
  sql: string;
  rows: number;
}

/** Every statement of the seed in order, each over at most `chunk` rows. */
export function seedStatements(dialect: ScaleDialect, c: ScaleCounts, t: Templates, chunk = 500_000): Chunk[] {
  const q = sqlOf(dialect);
  const out: Chunk[] = [];
  const chunks = (label: string, count: number, insert: string, select: (n: string) => string, from = '') => {
    for (let first = 1; first <= count; first += chunk) {
      const last = Math.min(count, first + chunk - 1);
      out.push({
        label,
        rows: last - first + 1,
        sql: `WITH ${q.seq(first, last)} ${insert} SELECT ${select('n')} FROM seq${from}`,
      });
    }
  };
  const template = (table: string, email: string, alias: string) =>
    ` CROSS JOIN (SELECT * FROM "${table}" WHERE "email" = '${email}') ${alias}`;
  const customer = (n: string) => q.id(TABLE.customer, n);
  const business = (n: string) => q.id(TABLE.business, n);
  const staff = (n: string) => q.id(TABLE.staff, n);
  const store = (n: string) => q.id(TABLE.store, n);
  const year = 365 * DAY;

  // The search's trigram indexes take each row at once in the app (no pending list); a million rows
  // load six times as fast through a pending list merged once at the end.
  const searchIndexes = ['CustomerAccount_email_trgm_idx', 'CustomerAccount_name_trgm_idx'];
  const searchIndexesEach = (sql: (index: string) => string) =>
    searchIndexes.map((index) => sql(`"${index}"`)).join('; ');
  if (dialect === 'postgresql')
    out.push({
      label: 'customer search indexes: pending list on',
      rows: 0,
      sql: searchIndexesEach((index) => `ALTER INDEX ${index} SET (fastupdate = on)`),
    });
  // One customer in twenty (number 7, 27, 47, ...) has not verified the address yet.
  chunks(
    'customers',
    c.customers,
    'INSERT INTO "CustomerAccount" ("id", "email", "name", "passwordHash", "emailVerifiedAt", "tokenVersion", "createdAt", "updatedAt")',
    (n) =>
      `${customer(n)}, 'customer-' || ${q.text(n)} || '@scale.example', 'Customer ' || ${q.text(n)}, t."passwordHash", ` +
      `CASE WHEN ${n} % 20 = 7 THEN NULL ELSE ${q.ago(`${c.customers} - ${n} + 60`)} END, 0, ${q.ago(`${c.customers} - ${n} + 120`)}, ${q.ago(`${c.customers} - ${n} + 120`)}`,
    template('CustomerAccount', t.customerEmail, 't'),
  );
  if (dialect === 'postgresql') {
    out.push({
      label: 'customer search indexes: pending list merged, off again',
      rows: 0,
      sql: searchIndexesEach(
        (index) => `SELECT gin_clean_pending_list('${index}'::regclass); ALTER INDEX ${index} SET (fastupdate = off)`,
      ),
    });
  }
  chunks(
    'businesses',
    c.businesses,
    'INSERT INTO "Vendor" ("id", "name", "createdAt")',
    (n) => `${business(n)}, 'Business ' || ${q.text(n)}, ${q.ago(`${c.businesses} - ${n} + 120`)}`,
  );
  // Staff k belongs to business ((k - 1) / 5) + 1; the first of each five is its owner.
  const staffBusiness = (n: string) => `((${n} - 1) / ${STAFF_PER_BUSINESS} + 1)`;
  chunks(
    'staff',
    c.staff,
    'INSERT INTO "VendorAccount" ("id", "vendorId", "email", "name", "vendorType", "modules", "modulePermissions", "passwordHash", "tokenVersion", "createdAt", "updatedAt")',
    (n) =>
      `${staff(n)}, ${business(staffBusiness(n))}, 'staff-' || ${q.text(n)} || '@scale.example', 'Staff ' || ${q.text(n)}, ` +
      `CASE WHEN (${n} - 1) % ${STAFF_PER_BUSINESS} = 0 THEN o."vendorType" ELSE e."vendorType" END, ` +
      `CASE WHEN (${n} - 1) % ${STAFF_PER_BUSINESS} = 0 THEN o."modules" ELSE e."modules" END, ` +
      `CASE WHEN (${n} - 1) % ${STAFF_PER_BUSINESS} = 0 THEN o."modulePermissions" ELSE e."modulePermissions" END, ` +
      `o."passwordHash", 0, ${q.ago(`${c.staff} - ${n} + 120`)}, ${q.ago(`${c.staff} - ${n} + 120`)}`,
    template('VendorAccount', t.ownerEmail, 'o') + template('VendorAccount', t.employeeEmail, 'e'),
  );
  // Store s belongs to business ((s - 1) % businesses) + 1, so each has its share of stores.
  chunks(
    'stores',
    c.stores,
    'INSERT INTO "Store" ("id", "vendorId", "name", "createdAt")',
    (n) =>
      `${store(n)}, ${business(`((${n} - 1) % ${c.businesses} + 1)`)}, 'Store ' || ${q.text(n)}, ${q.ago(`${c.stores} - ${n} + 120`)}`,
  );
  chunks(
    'terminals',
    c.terminals,
    'INSERT INTO "PosTerminal" ("id", "storeId", "name", "createdAt")',
    (n) =>
      `${q.id(TABLE.terminal, n)}, ${store(`((${n} - 1) % ${c.stores} + 1)`)}, 'Till ' || ${q.text(n)}, ${q.ago(`${c.terminals} - ${n} + 120`)}`,
  );
  // Each employee works at the first store of its business (store number = business number).
  chunks(
    'store assignments',
    c.staff,
    'INSERT INTO "StoreAssignment" ("accountId", "storeId")',
    (n) => `${staff(n)}, ${store(staffBusiness(n))}`,
    ` WHERE (n - 1) % ${STAFF_PER_BUSINESS} <> 0`,
  );

  // Sessions: one in 30 is staff's; a tenth expired (the sweeper's work), the rest valid for 1-29 days.
  const staffSession = (n: string) => `${n} % ${STAFF_SESSION_EVERY} = 0`;
  const expires = (n: string) =>
    `CASE WHEN ${spread(n, 10, 7)} = 0 THEN ${q.ago(`1 + ${spread(n, 30 * DAY, 3)}`)} ELSE ${q.ago(`-(${DAY} + ${spread(n, 28 * DAY, 5)})`)} END`;
  chunks(
    'sessions',
    c.sessions,
    'INSERT INTO "RefreshFamily" ("id", "role", "accountId", "userAgent", "clientIp", "createdAt", "lastUsedAt", "expiresAt")',
    (n) =>
      `${q.id(TABLE.family, n)}, CASE WHEN ${staffSession(n)} THEN 'vendor' ELSE 'customer' END, ` +
      `CASE WHEN ${staffSession(n)} THEN ${staff(`(${spread(n, c.staff, 11)} + 1)`)} ELSE ${customer(`((${n} - 1) % ${c.customers} + 1)`)} END, ` +
      `'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', '127.0.0.1', ` +
      `${q.ago(`${DAY} + ${spread(n, 60 * DAY, 13)}`)}, ${q.ago(spread(n, DAY, 17))}, ${expires(n)}`,
  );
  chunks(
    'refresh tokens',
    c.sessions,
    'INSERT INTO "RefreshToken" ("jti", "familyId", "issuedAt", "expiresAt")',
    (n) => `${q.id(TABLE.token, n)}, ${q.id(TABLE.family, n)}, ${q.ago(spread(n, DAY, 17))}, ${expires(n)}`,
  );

  // Security events over the last year, most of them customers' sign-ins.
  const events = [
    'sign_in_succeeded',
    'sign_in_succeeded',
    'sign_in_succeeded',
    'sign_in_failed',
    'logout',
    'session_ended',
    'password_reset_requested',
    'password_changed',
  ];
  const eventOf = (n: string) =>
    `CASE ${spread(n, events.length, 19)} ${events.map((e, i) => `WHEN ${i} THEN '${e}'`).join(' ')} END`;
  chunks(
    'audit events',
    c.auditEvents,
    'INSERT INTO "audit_events" ("id", "at", "event", "role", "accountId", "clientIp", "userAgent", "details")',
    (n) =>
      `${q.id(TABLE.audit, n)}, ${q.ago(`${c.auditEvents} - ${n} + ${spread(n, 60, 23)}`)} , ${eventOf(n)}, 'customer', ` +
      `${customer(`(${spread(n, c.customers, 29)} + 1)`)}, '127.0.0.1', 'Mozilla/5.0 (scale seed)', '{}'`,
  );
  // The export's account: the first customer, with its own long history, spread over the year.
  chunks(
    'export account events',
    c.exportEvents,
    'INSERT INTO "audit_events" ("id", "at", "event", "role", "accountId", "clientIp", "userAgent", "details")',
    (n) =>
      `${q.id(TABLE.audit, `${c.auditEvents} + ${n}`)}, ${q.ago(`${n} * ${Math.max(1, Math.floor(year / c.exportEvents))}`)}, ${eventOf(n)}, 'customer', ${customer('1')}, '127.0.0.1', 'Mozilla/5.0 (scale seed)', '{}'`,
  );
  // Reset codes of the first customers: half still valid, half expired.
  chunks(
    'reset codes',
    c.codes,
    'INSERT INTO "PasswordResetCode" ("id", "role", "accountId", "purpose", "sentTo", "codeHash", "attempts", "expiresAt", "createdAt")',
    (n) =>
      `${q.id(TABLE.code, n)}, 'customer', ${customer(n)}, 'password_reset', 'customer-' || ${q.text(n)} || '@scale.example', ` +
      `'scale-seed-code-' || ${q.text(n)}, 0, ${q.ago(`CASE WHEN ${n} % 2 = 0 THEN -600 ELSE 600 + ${spread(n, DAY, 31)} END`)}, ${q.ago(`1200 + ${spread(n, DAY, 31)}`)}`,
  );
  return out;
}
