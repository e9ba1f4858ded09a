// Which trigrams of an admin's customer search PostgreSQL's trigram indexes are asked for: the rarest
// by the columns' statistics, so that no search reads the row list of a trigram every customer has.
// Regression: a search for one address among a million customers read every common trigram's list
// (3,800 pages, 85 ms) where its two rarest read 16 pages.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  COMMON_SHARE,
  MOST_TRIGRAMS,
  SAMPLE_MAX_AGE_MS,
  columnSample,
  customerSample,
  queryTrigrams,
  sampledShare,
  selectiveTrigrams,
  type SampledValue,
} from '@/server/db/customer-search-trigrams';
import type { PrismaClient } from '@/generated/prisma/postgresql/client';

/** A column of generated addresses: every value shares "customer" and "scale.example", the numbers differ. */
const addresses: SampledValue[] = Array.from({ length: 100 }, (_, index) => ({
  text: `customer-${index * 9973 + 17}@scale.example`,
  share: 0.01,
}));

test("a query's trigrams are its runs of three ASCII letters or digits, as typed, each once in any case", () => {
  assert.deepEqual(
    queryTrigrams('Ann-Marie@x.io').map((part) => part.trigram),
    ['Ann', 'Mar', 'ari', 'rie'],
  );
  assert.deepEqual(
    queryTrigrams('aaaA').map((part) => part.trigram),
    ['aaa'],
  );
  assert.deepEqual(
    queryTrigrams('ZOË 42 ΟΣ'),
    [],
    'letters whose case JavaScript and PostgreSQL may fold apart make none',
  );
  assert.deepEqual(queryTrigrams('a%_b'), [], 'wildcards and punctuation are no part of a trigram');
});

test("the index reads the query's rare trigrams, never one that most customers share", () => {
  const chosen = selectiveTrigrams('customer-500000@scale', addresses);
  assert.ok(chosen.length > 0 && chosen.length <= MOST_TRIGRAMS, `${chosen.length} trigrams`);
  for (const trigram of chosen) assert.ok(sampledShare(addresses, trigram) <= COMMON_SHARE, `${trigram} is rare`);
  assert.ok(chosen.includes('500'), `the number's rarest part is read: ${chosen.join(' ')}`);
  assert.ok(
    !chosen.some((trigram) => ['cus', 'ust', 'sto', 'tom', 'ome', 'mer', 'sca', 'cal', 'ale'].includes(trigram)),
  );
});

test('a query of common trigrams alone still reads the rarest of them, so the index is used', () => {
  assert.deepEqual(selectiveTrigrams('customer', addresses).length, 1);
  assert.deepEqual(selectiveTrigrams('zz', addresses), [], 'nothing to read for a query without a trigram');
});

test('rare trigrams apart from each other come before overlapping ones', () => {
  // No statistics yet: every trigram is as rare as the next.
  assert.deepEqual(selectiveTrigrams('abcdefghij', []), ['abc', 'def', 'ghi']);
  assert.deepEqual(selectiveTrigrams('abcd', []), ['abc', 'bcd'], 'overlapping ones fill up when no other is left');
});

test("a column's statistics become a sample: common values at their frequency, the histogram sharing the rest", () => {
  const sample = columnSample({ null_frac: 0.1, common: ['Ann Lee'], frequencies: [0.3], bounds: ['Bo Ek', 'Cy Ma'] });
  const near = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);
  assert.deepEqual(
    sample.map((value) => value.text),
    ['ann lee', 'bo ek', 'cy ma'],
  );
  sample.forEach((value) => near(value.share, 0.3));
  near(sampledShare(sample, 'ann'), 0.3);
  near(sampledShare(sample, ' '), 0.9);
  assert.deepEqual(
    columnSample({ null_frac: null, common: null, frequencies: null, bounds: null }),
    [],
    'a column never analysed',
  );
});

test('an instance reads the statistics once per period and again after it, and again after a failed read', async () => {
  let clock = 0;
  let reads = 0;
  let fail = false;
  const prisma = {
    $queryRawUnsafe: () => {
      reads += 1;
      return fail
        ? Promise.reject(new Error('no connection'))
        : Promise.resolve([{ null_frac: 0, common: null, frequencies: null, bounds: ['a', 'b'] }]);
    },
  } as unknown as PrismaClient;
  const sample = customerSample(prisma, () => clock);
  assert.equal((await Promise.all([sample(), sample()]))[0].length, 2);
  assert.equal(reads, 1, 'searches at once share one read');
  clock += SAMPLE_MAX_AGE_MS;
  await sample();
  assert.equal(reads, 1, "still fresh at the period's end");
  clock += 1;
  fail = true;
  await assert.rejects(sample());
  fail = false;
  await sample();
  assert.equal(reads, 3, 'a failed read is not kept');
});
