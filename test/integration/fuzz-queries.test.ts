// Fuzzing the query string of every route that reads one (fast-check, fixed seed): limits, cursors
// and any other parameter get hostile values, and every answer is a 200 page or a 4xx problem+json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { z } from 'zod';
import { NAMED_ROUTES } from '@/contract/routes';
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
  const ids: Record<string, string> = { adminId: w.limited.id, vendorId: w.vendor.id, accountId: w.employee.id, customerId: w.customer.id };
  const tokenFor = (path: string) =>
    path.startsWith('/admin') || path.startsWith('/auth/admin') ? tokens.superAdmin : path.startsWith('/auth/customer') ? tokens.shopper : tokens.owner;
  return NAMED_ROUTES
    .filter(({ route }) => route.query)
    .map(({ name, route }) => ({
      name,
      path: `/api/v1${route.path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key]!)}`,
      keys: Object.keys((route.query as z.ZodObject).shape),
      token: tokenFor(route.path),
    }));
}

function verdict(answer: RawAnswer): string | undefined {
  if (answer.status === 200) return /"next_cursor"/.test(answer.text) ? undefined : '200 without a page';
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status} is not 200 or 4xx`;
  if (answer.headers['content-type'] !== 'application/problem+json') return `content-type ${answer.headers['content-type']}`;
  const code = (JSON.parse(answer.text) as { code?: string }).code;
  return code === 'validation_failed' ? undefined : `code ${code} for a query string`;
}

// Regression: a cursor naming the time 9007199254740991 passed Number.isSafeInteger, became an
// invalid Date and reached the database: a 500 with unhandled_error in the log.
test('a cursor whose time is past what a Date holds is a 400 validation_failed, not a 500', async () => {
  for (const time of [Number.MAX_SAFE_INTEGER, 8.64e15 + 1, -1, 253402300800000]) {
    const cursor = Buffer.from(JSON.stringify([time, 'x'])).toString('base64url');
    for (const route of listRoutes()) {
      const answer = await rawRequest(suite.url, { method: 'GET', path: `${route.path}?cursor=${cursor}`, headers: { authorization: `Bearer ${route.token}` } });
      assert.equal(answer.status, 400, `${route.name} with cursor time ${time}: ${answer.text}`);
      assert.match(answer.text, /"code":"validation_failed"/);
    }
  }
});

test(`${RUNS} generated query strings per list route answer 200 or 400, never 5xx (seed ${SEED})`, async (t) => {
  const routes = listRoutes();
  assert.ok(routes.length >= 11, `only ${routes.length} routes read a query string`);
  const seen = new Map<string, number>();
  for (const route of routes) {
    const property = fc.asyncProperty(queryStringArb(route.keys), async (query) => {
      const answer = await rawRequest(suite.url, { method: 'GET', path: route.path + query, headers: { authorization: `Bearer ${route.token}` } });
      seen.set(String(answer.status), (seen.get(String(answer.status)) ?? 0) + 1);
      const failure = verdict(answer);
      if (failure) throw new Error(`${failure}\nGET ${route.path}${query.slice(0, 300)}\n${answer.text.slice(0, 300)}`);
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  }
  t.diagnostic(`answers: ${JSON.stringify(Object.fromEntries(seen))}`);
  assert.ok((seen.get('200') ?? 0) > 0 && (seen.get('400') ?? 0) > 0, 'the generators reach both pages and refusals');
  const faults = suite.output.filter((l) => /"level":(50|60)|unhandled_error|Internal Server Error/.test(l));
  assert.deepEqual(faults, [], 'the app logged faults');
});
