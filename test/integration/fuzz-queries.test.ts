// Fuzzing the query string of every route that reads one (fast-check, fixed seed): limits, cursors
// and any other parameter get hostile values, and every answer is a 200 page or a 4xx problem+json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { z } from 'zod';
import { pathParameterNames } from '@/contract/route';
import { NAMED_ROUTES } from '@/contract/routes';
import { isStorableText } from '@/core/validation';
import { administrationSuite } from '../support/admin-world';
import { queryStringArb } from '../support/fuzz-queries';
import { closeRawConnections, rawRequest, type RawAnswer } from '../support/raw-http';

const SEED = Number(process.env.FUZZ_SEED || 20261123);
const RUNS = Number(process.env.FUZZ_RUNS || 120);

const suite = administrationSuite();
test.after(() => closeRawConnections());

/** Every route with a query schema, its path filled with real ids and the token of an account allowed there. */
function listRoutes() {
  const { w, tokens } = suite;
  const ids: Record<string, string> = {
    adminId: w.limited.id,
    vendorId: w.vendor.id,
    accountId: w.employee.id,
    customerId: w.customer.id,
  };
  const tokenFor = (path: string) =>
    path.startsWith('/admin') || path.startsWith('/auth/admin')
      ? tokens.superAdmin
      : path.startsWith('/auth/customer')
        ? tokens.shopper
        : tokens.owner;
  // The revocation feed reads a query too, but no page: its own test sends it malformed cursors and waits.
  return NAMED_ROUTES.filter(({ route }) => route.query && route.auth !== 'client').map(({ name, route }) => ({
    name,
    // A parent this world does not hold (a webhook endpoint) gets an unknown id: a well-formed query
    // then meets 404 not_found for the parent, and a malformed one must still be 400.
    path: `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? UNKNOWN_ID)}`,
    parentKnown: pathParameterNames(route.path).every((key) => key in ids),
    keys: Object.keys((route.query as z.ZodObject).shape),
    token: tokenFor(route.path),
  }));
}

/** Whether the decoded query string holds a NUL or an unpaired surrogate in any name or value. */
const holdsUnstorable = (query: string) =>
  [...new URLSearchParams(query)].some(([key, value]) => !isStorableText(key) || !isStorableText(value));

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function verdict(answer: RawAnswer, query: string, parentKnown: boolean): string | undefined {
  if (answer.status === 200 && holdsUnstorable(query)) return '200 for a query holding a NUL or an unpaired surrogate';
  if (answer.status === 200) return /"next_cursor"/.test(answer.text) ? undefined : '200 without a page';
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status} is not 200 or 4xx`;
  if (answer.headers['content-type'] !== 'application/problem+json')
    return `content-type ${answer.headers['content-type']}`;
  const code = (JSON.parse(answer.text) as { code?: string }).code;
  if (code === 'not_found' && !parentKnown && !holdsUnstorable(query)) return undefined;
  return code === 'validation_failed' ? undefined : `code ${code} for a query string`;
}

// Regression: a cursor naming the time 9007199254740991 passed Number.isSafeInteger, became an
// invalid Date and reached the database: a 500 with unhandled_error in the log.
test('a cursor whose time is past what a Date holds is a 400 validation_failed, not a 500', async () => {
  for (const time of [Number.MAX_SAFE_INTEGER, 8.64e15 + 1, -1, 253402300800000]) {
    const cursor = Buffer.from(JSON.stringify([time, 'x'])).toString('base64url');
    for (const route of listRoutes()) {
      const answer = await rawRequest(suite.url, {
        method: 'GET',
        path: `${route.path}?cursor=${cursor}`,
        headers: { authorization: `Bearer ${route.token}` },
      });
      assert.equal(answer.status, 400, `${route.name} with cursor time ${time}: ${answer.text}`);
      assert.match(answer.text, /"code":"validation_failed"/);
    }
  }
});

// Regression: `?query=a%00b` reached PostgreSQL, which answered "invalid byte sequence for encoding
// UTF8: 0x00", and the customer search answered 500.
test('a NUL in the customer search answers 400 validation_failed naming `query`, not a 500', async () => {
  const answer = await rawRequest(suite.url, {
    method: 'GET',
    path: '/api/v1/admin/customers?query=a%00b',
    headers: { authorization: `Bearer ${suite.tokens.superAdmin}` },
  });
  assert.equal(answer.status, 400, answer.text);
  assert.equal(answer.headers['content-type'], 'application/problem+json');
  const problem = JSON.parse(answer.text) as { code: string; errors: { path: string }[] };
  assert.equal(problem.code, 'validation_failed');
  assert.deepEqual(
    problem.errors.map((e) => e.path),
    ['query'],
  );
});

// Percent-decoding turns a lone surrogate's bytes into U+FFFD; through the pages' tRPC adapter the
// query is JSON, whose `\ud800` escape is a real unpaired surrogate.
test('a NUL or an unpaired surrogate in any query parameter, REST or tRPC, answers 400 naming it', async () => {
  const failures: string[] = [];
  for (const route of listRoutes()) {
    for (const key of route.keys) {
      const rest = await rawRequest(suite.url, {
        method: 'GET',
        path: `${route.path}?${key}=x%00`,
        headers: { authorization: `Bearer ${route.token}` },
      });
      const problem = JSON.parse(rest.text) as { code?: string; errors?: { path: string }[] };
      if (rest.status !== 400 || problem.code !== 'validation_failed' || problem.errors?.[0]?.path !== key)
        failures.push(`REST ${route.name} ${key}: ${rest.status} ${rest.text.slice(0, 200)}`);
    }
  }
  for (const value of ['a\u0000b', 'a\ud800b', '\udfff']) {
    const input = encodeURIComponent(JSON.stringify({ query: value }));
    const trpc = await rawRequest(suite.url, {
      method: 'GET',
      path: `/api/trpc/admin.listCustomers?input=${input}`,
      headers: { authorization: `Bearer ${suite.tokens.superAdmin}` },
    });
    const data = (JSON.parse(trpc.text) as { error?: { data?: { code?: string; errors?: { path: string }[] } } }).error
      ?.data;
    if (trpc.status !== 400 || data?.code !== 'validation_failed' || data.errors?.[0]?.path !== 'query')
      failures.push(`tRPC ${JSON.stringify(value)}: ${trpc.status} ${trpc.text.slice(0, 200)}`);
  }
  assert.deepEqual(failures, []);
});

test(`${RUNS} generated query strings per list route answer 200 or 400, never 5xx (seed ${SEED})`, async (t) => {
  const routes = listRoutes();
  assert.ok(routes.length >= 11, `only ${routes.length} routes read a query string`);
  const seen = new Map<string, number>();
  for (const route of routes) {
    const property = fc.asyncProperty(queryStringArb(route.keys), async (query) => {
      const answer = await rawRequest(suite.url, {
        method: 'GET',
        path: route.path + query,
        headers: { authorization: `Bearer ${route.token}` },
      });
      seen.set(String(answer.status), (seen.get(String(answer.status)) ?? 0) + 1);
      const failure = verdict(answer, query, route.parentKnown);
      if (failure) throw new Error(`${failure}\nGET ${route.path}${query.slice(0, 300)}\n${answer.text.slice(0, 300)}`);
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  }
  t.diagnostic(`answers: ${JSON.stringify(Object.fromEntries(seen))}`);
  assert.ok((seen.get('200') ?? 0) > 0 && (seen.get('400') ?? 0) > 0, 'the generators reach both pages and refusals');
  const faults = suite.output.filter((l) => /"level":(50|60)|unhandled_error|Internal Server Error/.test(l));
  assert.deepEqual(faults, [], 'the app logged faults');
});
