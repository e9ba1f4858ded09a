// The store rule over HTTP: an employee with staff rights assigns only stores it works in, to
// others and to itself; owners and admins assign any store of the business.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { administrationSuite, call, EXTRA_PASSWORD, problemOf } from '../support/admin-world';

const s = administrationSuite();
let serial = 0;
const employee = (extra: object = {}) => ({
  email: `store-rule-${++serial}@example.com`,
  name: 'Store Rule',
  password: EXTRA_PASSWORD,
  ...extra,
});
const accounts = '/api/v1/vendor/accounts';

// Regression: assertMayGrant checked modules and actions, not store_ids, so an employee with
// staff:write could assign itself, or an account whose password it chose, to every store.
test('an employee cannot assign a store it is not assigned to, to a new account or to itself', async () => {
  const { staffer, storeA, storeB } = s.w; // the staffer works at store A only
  problemOf(
    await call(s.url, 'POST', accounts, s.tokens.staffer, employee({ store_ids: [storeB.id] })),
    403,
    'forbidden',
    'a new account at store B',
  );
  problemOf(
    await call(s.url, 'PATCH', `${accounts}/${staffer.id}`, s.tokens.staffer, { store_ids: [storeA.id, storeB.id] }),
    403,
    'forbidden',
    'itself at store B',
  );
  const made = await call(s.url, 'POST', accounts, s.tokens.staffer, employee({ store_ids: [storeA.id] }));
  assert.equal(made.status, 201, made.text);
  assert.deepEqual(made.body.store_ids, [storeA.id]);
  problemOf(
    await call(s.url, 'PATCH', `${accounts}/${made.body.id}`, s.tokens.staffer, { store_ids: [storeA.id, storeB.id] }),
    403,
    'forbidden',
    'adding store B later',
  );
  const context = await call(s.url, 'GET', '/api/v1/auth/vendor/context', s.tokens.staffer);
  assert.deepEqual(
    context.body.stores.map((store: { id: string }) => store.id),
    [storeA.id],
    'the staffer still works at store A only',
  );
});

test('an employee keeps or removes stores an account already has; the owner assigns any store', async () => {
  const { storeA, storeB } = s.w;
  const both = await call(s.url, 'POST', accounts, s.tokens.owner, employee({ store_ids: [storeA.id, storeB.id] }));
  assert.equal(both.status, 201, both.text);
  const kept = await call(s.url, 'PATCH', `${accounts}/${both.body.id}`, s.tokens.staffer, {
    name: 'Renamed',
    store_ids: [storeB.id, storeA.id],
  });
  assert.equal(kept.status, 200, kept.text);
  const removed = await call(s.url, 'PATCH', `${accounts}/${both.body.id}`, s.tokens.staffer, {
    store_ids: [storeA.id],
  });
  assert.deepEqual([removed.status, removed.body.store_ids], [200, [storeA.id]]);
  const byAdmin = await call(
    s.url,
    'PATCH',
    `/api/v1/admin/vendors/${s.w.vendor.id}/accounts/${both.body.id}`,
    s.tokens.vendorsAdmin,
    { store_ids: [storeB.id] },
  );
  assert.deepEqual([byAdmin.status, byAdmin.body.store_ids], [200, [storeB.id]]);
});
