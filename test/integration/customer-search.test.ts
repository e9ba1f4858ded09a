// The admin's customer search over HTTP among 1,200 stored customers, on both databases: a query
// few customers match, one that several hundred match (paged by cursor), one that more than
// INDEX_MATCHES_BOUND match, and the changes a customer makes. On SQLite the first two are answered
// from the trigram index that triggers keep, the third by walking the list's order; every answer
// must be the same as a plain scan's.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { INDEX_MATCHES_BOUND, searchReadsIndex } from '@/server/db/customer-search';
import { PASSWORDS, withContainer } from '../support/accounts';
import { appSuite, type AppSuite } from '../support/app-suite';
import { TEST_DIALECT } from '../support/databases';
import { customerCall, mailedCode, registeredCustomer } from '../support/customers';
import { get, type Answer } from '../support/http';
import { signIn } from '../support/sign-in';

const SHOPPERS = 1200;
const PASSWORD = 'customer-pass-S3a!rch';
const shopperEmail = (n: number) => `shopper-${n}@search.example`;
let admin: string;

/** Every e-mail a search answers, page after page by its cursor, with the number of pages read. */
async function searchAll(query: string, limit: number): Promise<{ emails: string[]; pages: number }> {
  const emails: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params: URLSearchParams = new URLSearchParams({ query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page: Answer = await get(suite.url, `/api/v1/admin/customers?${params}`, admin);
    assert.equal(page.status, 200, page.text);
    emails.push(...page.body.items.map((c: { email: string }) => c.email));
    cursor = page.body.next_cursor;
    pages += 1;
  } while (cursor);
  return { emails, pages };
}

/** The shoppers numbered by `matches`, in the list's order (by creation). */
const shoppers = (matches: (n: number) => boolean) =>
  Array.from({ length: SHOPPERS }, (_, i) => i + 1)
    .filter(matches)
    .map(shopperEmail);

/** The shoppers, stored past the app as an import would: the index must take rows the app never wrote. */
async function storeShoppers(suite: AppSuite) {
  await withContainer(suite.db, async ({ db: { prisma } }) => {
    const start = Date.now() - SHOPPERS * 60_000;
    const data = Array.from({ length: SHOPPERS }, (_, i) => ({
      id: randomUUID(),
      email: shopperEmail(i + 1),
      name: `Shopper Number ${i + 1}`,
      passwordHash: '',
      emailVerifiedAt: new Date(start),
      createdAt: new Date(start + i * 60_000),
    }));
    await prisma.customerAccount.createMany({ data });
  });
  admin = (await signIn(suite.url, 'admin', suite.seed.admin.email, PASSWORDS.admin)).access_token;
}

const suite = appSuite({ smtp: true, env: { TRUST_PROXY: '1' }, setup: storeShoppers });

describe('customer search among many customers', () => {
  test('a query one customer matches finds that one, in any case', async () => {
    assert.deepEqual((await searchAll('shopper-1117@', 50)).emails, [shopperEmail(1117)]);
    assert.deepEqual((await searchAll('NUMBER 1117', 50)).emails, [shopperEmail(1117)]);
    assert.deepEqual((await searchAll('shopper-99999', 50)).emails, []);
  });

  test('a query several hundred match pages through all of them in order, each once', async () => {
    const expected = shoppers((n) => String(n).startsWith('1'));
    assert.ok(expected.length > 50 && expected.length < INDEX_MATCHES_BOUND);
    const { emails, pages } = await searchAll('shopper-1', 50);
    assert.deepEqual(emails, expected);
    assert.equal(pages, Math.ceil(expected.length / 50));
  });

  test(`a query more than ${INDEX_MATCHES_BOUND} match pages through all of them in order`, async () => {
    const { emails } = await searchAll('@search.example', 100);
    assert.deepEqual(
      emails,
      shoppers(() => true),
    );
  });

  test("LIKE's wildcards and FTS5's quotes in a query are plain text", async () => {
    for (const query of [
      '%',
      '_',
      '\\',
      'shopper_1117',
      'shopper%1117',
      'shopper-1117"',
      '"shopper',
      'shopper-1117 OR shopper-1118',
      'NEAR(shopper',
    ]) {
      assert.deepEqual((await searchAll(query, 50)).emails, [], query);
    }
    assert.deepEqual((await searchAll('-1117@', 50)).emails, [shopperEmail(1117)]);
  });

  test(
    'on SQLite the trigram index answers a query few customers match, and leaves one that many match to the walk',
    { skip: TEST_DIALECT !== 'sqlite' },
    async () => {
      await withContainer(suite.db, async ({ db: { prisma } }) => {
        assert.equal(await searchReadsIndex(prisma, 'shopper-1117@'), true);
        assert.equal(await searchReadsIndex(prisma, 'shopper-1'), true);
        assert.equal(await searchReadsIndex(prisma, '@search.example'), false);
        assert.equal(await searchReadsIndex(prisma, 'sh'), false, 'two characters make no trigram');
      });
    },
  );

  test("a customer's new name and address are found at once, the old ones no more, and a deleted customer never", async () => {
    const email = `renamed-${randomUUID().slice(0, 8)}@search.example`;
    const me = await registeredCustomer(suite.url, suite.mail, email, PASSWORD, 'Quentin Quince', '10.41.0.1');
    assert.deepEqual((await searchAll('quentin quince', 50)).emails, [email]);

    const renamed = await customerCall(suite.url, 'updateMe', {
      token: me.access_token,
      json: { name: 'Wilhelmina Wren' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual((await searchAll('quentin quince', 50)).emails, []);
    assert.deepEqual((await searchAll('wilhelmina', 50)).emails, [email]);

    const moved = `moved-${randomUUID().slice(0, 8)}@elsewhere.example`;
    const since = suite.mail.messages.length;
    assert.equal(
      (
        await customerCall(suite.url, 'changeEmail', {
          token: me.access_token,
          json: { new_email: moved, password: PASSWORD },
        })
      ).status,
      200,
    );
    const code = await mailedCode(suite.mail, moved, since);
    assert.equal(
      (await customerCall(suite.url, 'verifyEmailChange', { token: me.access_token, json: { code } })).status,
      200,
    );
    assert.deepEqual((await searchAll(email.split('@')[0]!, 50)).emails, []);
    assert.deepEqual((await searchAll('elsewhere.example', 50)).emails, [moved]);

    assert.equal(
      (await customerCall(suite.url, 'deleteMe', { token: me.access_token, json: { password: PASSWORD } })).status,
      204,
    );
    assert.deepEqual((await searchAll('wilhelmina', 50)).emails, []);
    assert.deepEqual((await searchAll('elsewhere.example', 50)).emails, []);
  });
});
