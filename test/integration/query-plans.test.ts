// The plans of the hot queries on a seeded PostgreSQL database: the statements the app really sends
// (heard on its connections) while it serves the sign-ins, the token routes, the admin's lists and
// search, the audit page's filters and the sweeper, each explained, and none may read a large table
// by a sequential scan; each batch of the sweeper reads its rows in an index's order (or, near a
// pass's end, the few in its range by a bitmap of that index). Regression: the lists' keyset pages,
// the audit page filtered by account and the sweeper's token and revoked-session passes read whole
// tables; at a million customers they took seconds (decision 0024); so did the customer search
// before its trigram indexes, and a search that most customers match scanned and sorted them all
// (284 ms at 500,000) until it read the list's order first and stopped at a full page, and the sweeper's batches walked
// the primary key past every row
// removed before them. The search's indexes keep no pending list, which every search read whole
// until a vacuum.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { postgresSearchPage } from '@/server/db/customer-search';
import { customerSample } from '@/server/db/customer-search-trigrams';
import { createSweeper } from '@/server/db/sweeper';
import { createLogger } from '@/server/logger';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD, seedScale } from '../../scripts/db/seed-scale';
import { TABLE } from '../../scripts/db/scale/statements';
import { encodeCursor } from '@/core/paging';
import { callApi, IN_PROCESS_POSTGRES, servePostgresInProcess } from '../support/in-process-api';

/** Enough rows that a scan of any seeded table costs the planner more than a fitting index. */
const CUSTOMERS = 20_000;
/** A table with more rows than this is large: a sequential scan of it fails the test. */
const LARGE = 2_000;
/**
 * The plans are asked with sequential scans priced out (`enable_seqscan = off`), so a scan in one
 * means that no index can serve the statement: at this test's size the planner rightly prefers to
 * scan some tables that it would read by an index at a million rows (a substring search by its
 * trigram indexes, a sweeper batch by primary key).
 */
const NO_SEQUENTIAL_SCANS = 'SET enable_seqscan = off';

const heard = new Map<string, unknown[]>();
const seededId = (table: number, n: number) =>
  `${table.toString(16).padStart(8, '0')}-5ca1-4000-8000-${n.toString(16).padStart(12, '0')}`;
const api = servePostgresInProcess(
  (text, values) => heard.set(text, values),
  (_db, env) => seedScale({ customers: CUSTOMERS, env, say: () => undefined }),
);

async function signIn(role: 'admin' | 'vendor' | 'customer', email: string) {
  const answer = await callApi('POST', `/auth/${role}/login`, { email, password: SCALE_PASSWORD });
  assert.equal(answer.status, 200, `${role} login: ${JSON.stringify(answer.body)}`);
  return answer.body as { access_token: string; refresh_token: string };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (type: string, node: PlanNode): PlanNode[] => [
  ...(node['Node Type'] === type ? [node] : []),
  ...(node.Plans ?? []).flatMap((child) => nodesOf(type, child)),
];
/** Rows found by an index on the condition, in that index's order (no sort, no walk of another index with a filter). */
const readInIndexOrder = (plan: PlanNode) =>
  nodesOf('Sort', plan).length === 0 &&
  [...nodesOf('Index Scan', plan), ...nodesOf('Index Only Scan', plan)].some(
    (scan) => scan['Index Cond'] !== undefined,
  );
/**
 * A later batch reads from where the one before it ended to the cutoff; when that range holds few
 * rows (a pass's last batches), the planner rightly reads them by a bitmap of the same index and
 * sorts them: bounded by the range, not by the table.
 */
const readInRange = (plan: PlanNode) =>
  nodesOf('Bitmap Index Scan', plan).some((scan) => />=.*AND.*</.test(scan['Index Cond'] ?? ''));

test(
  'no hot query reads a large table by a sequential scan',
  { skip: !IN_PROCESS_POSTGRES && 'PostgreSQL only' },
  async () => {
    const admin = await signIn('admin', SCALE_ADMIN_EMAIL);
    const vendor = await signIn('vendor', 'staff-2@scale.example');
    const customer = await signIn('customer', `customer-${CUSTOMERS}@scale.example`);
    for (const [path, token] of [
      ['/auth/admin/me', admin],
      ['/auth/vendor/me', vendor],
      ['/auth/vendor/context', vendor],
      ['/auth/customer/me', customer],
    ] as const) {
      assert.equal((await callApi('GET', path, undefined, token.access_token)).status, 200, path);
    }
    for (const [role, tokens] of [
      ['admin', admin],
      ['vendor', vendor],
      ['customer', customer],
    ] as const) {
      assert.equal(
        (await callApi('POST', `/auth/${role}/refresh`, { refresh_token: tokens.refresh_token })).status,
        200,
        `${role} refresh`,
      );
    }
    const bearer = admin.access_token;
    const deepCustomer = seededId(TABLE.customer, CUSTOMERS - 100);
    const createdAt = (await api.container.db.prisma.customerAccount.findUniqueOrThrow({ where: { id: deepCustomer } }))
      .createdAt;
    const audit = (await callApi('GET', '/admin/audit-events?limit=50', undefined, bearer)).body as {
      next_cursor?: string;
    };
    const lists = [
      '/admin/customers?limit=50',
      `/admin/customers?limit=50&cursor=${encodeCursor({ id: deepCustomer, createdAt })}`,
      '/admin/customers?query=customer-777%40',
      '/admin/customers?query=scale.example',
      '/admin/vendors?limit=50',
      '/admin/admins?limit=50',
      `/admin/vendors/${seededId(TABLE.business, 7)}/accounts?limit=50`,
      `/admin/vendors/${seededId(TABLE.business, 7)}/stores?limit=50`,
      `/admin/customers/${seededId(TABLE.customer, 42)}/sessions?limit=50`,
      '/admin/audit-events?limit=50',
      `/admin/audit-events?limit=50&cursor=${audit.next_cursor}`,
      `/admin/audit-events?limit=50&account_id=${seededId(TABLE.customer, 42)}`,
      '/admin/audit-events?limit=50&event=logout',
      `/admin/audit-events?limit=50&from=${new Date(Date.now() - 201 * 86_400_000).toISOString()}&to=${new Date(Date.now() - 200 * 86_400_000).toISOString()}`,
    ];
    for (const path of lists) assert.equal((await callApi('GET', path, undefined, bearer)).status, 200, path);
    const sweeper = createSweeper(
      api.container.db.prisma,
      { now: () => new Date() },
      createLogger('silent'),
      api.container.config.auditRetention,
      api.container.config.customers.unverifiedTtl,
    );
    const heardBefore = new Set(heard.keys());
    const removed = await sweeper.sweepOnce();
    assert.ok(
      Object.values(removed).some((n) => n > 0),
      `the sweep found expired rows: ${JSON.stringify(removed)}`,
    );
    // Each batch of the sweep reads the oldest expired rows by the index of its condition, in its order:
    // a batch that named only the condition went out ordered by the primary key (Prisma's order for a
    // `take`), which PostgreSQL walked from its first key past every row the earlier batches removed.
    const batchReads = new Set(
      [...heard.keys()].filter((text) => !heardBefore.has(text) && /^\s*SELECT\b[\s\S]*\bLIMIT\b/i.test(text)),
    );
    assert.ok(batchReads.size >= 10, `the sweep's batch reads heard: ${batchReads.size}`);

    const client = new pg.Client({ connectionString: api.db.databaseUrl });
    await client.connect();
    try {
      await client.query(NO_SEQUENTIAL_SCANS);
      const sizes = new Map(
        (
          await client.query<{ relname: string; n: number }>(
            "SELECT relname, reltuples::bigint AS n FROM pg_class WHERE relkind = 'r'",
          )
        ).rows.map((r) => [r.relname, Number(r.n)]),
      );
      const explainable = [...heard].filter(([text]) => /^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)\b/i.test(text));
      assert.ok(explainable.length > 40, `statements heard: ${explainable.length}`);
      const found: string[] = [];
      for (const [text, values] of explainable) {
        const [
          {
            'QUERY PLAN': [plan],
          },
        ] = (await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, values))
          .rows as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }];
        for (const scan of nodesOf('Seq Scan', plan.Plan)) {
          const rows = sizes.get(scan['Relation Name'] ?? '') ?? 0;
          if (rows > LARGE) found.push(`Seq Scan on ${scan['Relation Name']} (${rows} rows): ${text.slice(0, 300)}`);
        }
        if (batchReads.has(text) && !readInIndexOrder(plan.Plan) && !readInRange(plan.Plan))
          found.push(`a sweep batch not read by its condition's index in order: ${text.slice(0, 300)}`);
      }
      assert.deepEqual(found, []);
    } finally {
      await client.end();
    }
  },
);

test(
  'the customer search indexes take each sign-up at once, with no pending list for searches to read',
  { skip: !IN_PROCESS_POSTGRES && 'PostgreSQL only' },
  async () => {
    const client = new pg.Client({ connectionString: api.db.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ relname: string; reloptions: string[] | null }>(
        "SELECT relname, reloptions FROM pg_class WHERE relname LIKE 'CustomerAccount\\_%\\_trgm\\_idx' ORDER BY relname",
      );
      assert.deepEqual(
        rows.map((row) => [row.relname, row.reloptions]),
        [
          ['CustomerAccount_email_trgm_idx', ['fastupdate=off']],
          ['CustomerAccount_name_trgm_idx', ['fastupdate=off']],
        ],
      );
    } finally {
      await client.end();
    }
  },
);

test(
  'the customer search hands the trigram indexes only trigrams few customers have',
  { skip: !IN_PROCESS_POSTGRES && 'PostgreSQL only' },
  async () => {
    const client = new pg.Client({ connectionString: api.db.databaseUrl });
    await client.connect();
    try {
      await client.query('ANALYZE "CustomerAccount"');
      const sample = await customerSample(api.container.db.prisma)();
      assert.ok(sample.length > 100, `the statistics' sample: ${sample.length} values`);
      heard.clear();
      const ids = await postgresSearchPage(api.container.db.prisma, 'Customer-777@scale', { limit: 50 }, sample);
      assert.deepEqual(ids, [seededId(TABLE.customer, 777)]);
      const searches = [...heard].filter(([statement]) => statement.includes('"CustomerAccount"'));
      assert.equal(searches.length, 1);
      const [text, values] = searches[0]!;
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      );
      const conditions = nodesOf('Bitmap Index Scan', rows[0]!['QUERY PLAN'][0].Plan).map(
        (scan) => scan['Index Cond'] ?? '',
      );
      assert.equal(conditions.length, 2, `both columns' indexes: ${conditions.join(' | ')}`);
      // Every seeded address holds "customer" and "scale.example"; "777" is in few.
      for (const condition of conditions) {
        assert.match(condition, /%777%/);
        assert.doesNotMatch(condition, /%(cus|ust|sto|tom|ome|mer|sca|cal|ale)%|customer-777/i);
      }
    } finally {
      await client.end();
    }
  },
);

test(
  "a search that every customer matches reads the list's order and stops at a full page",
  { skip: !IN_PROCESS_POSTGRES && 'PostgreSQL only' },
  async () => {
    const admin = await signIn('admin', SCALE_ADMIN_EMAIL);
    const client = new pg.Client({ connectionString: api.db.databaseUrl });
    await client.connect();
    try {
      await client.query('ANALYZE "CustomerAccount"');
      for (const path of ['/admin/customers?query=scale.example', '/admin/customers?query=SCALE.example&limit=100']) {
        heard.clear();
        const answer = await callApi('GET', path, undefined, admin.access_token);
        assert.equal(answer.status, 200, path);
        const limit = Number(new URL(path, 'http://x').searchParams.get('limit') ?? 20);
        assert.equal((answer.body as { items: unknown[] }).items.length, limit, `${path}: a full page`);
        const searches = [...heard].filter(
          ([text]) => /^\s*SELECT\b/i.test(text) && text.includes('"CustomerAccount"'),
        );
        assert.ok(searches.length > 0, `${path}: statements heard`);
        // The plans the planner really picks at this size (sequential scans allowed), with the rows each
        // read: none more than the page (and the row that tells whether another follows), so nothing
        // reads, let alone sorts, the other matches.
        for (const [text, values] of searches) {
          const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
            values,
          );
          const plan = rows[0]!['QUERY PLAN'][0].Plan;
          const reads = ['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Index Scan']
            .flatMap((type) => nodesOf(type, plan))
            .filter(
              (scan) =>
                scan['Relation Name'] === 'CustomerAccount' || scan['Index Name']?.startsWith('CustomerAccount'),
            );
          const shown = `${path}: ${text.slice(0, 200)} -> ${JSON.stringify(reads.map((scan) => [scan['Node Type'], scan['Index Name'], scan['Actual Rows']]))}`;
          assert.ok(
            reads.length > 0 &&
              reads.every(
                (scan) => scan['Node Type'] === 'Index Scan' && (scan['Actual Rows'] ?? Infinity) <= limit + 2,
              ),
            `a page's rows read by an index: ${shown}`,
          );
        }
      }
    } finally {
      await client.end();
    }
  },
);
