// The token routes' cache: bounded by its size, dropped whole at a change, never keeping an answer
// read across a change, standing aside while the change feed cannot vouch for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountRecord, AccountRepository, SessionRepository } from '@/core/ports';
import type { AuthChangeFeed } from '@/server/cache/auth-change-feed';
import { Lru } from '@/core/lru';
import { createTokenRouteCache } from '@/server/cache/token-route-cache';

function fakeFeed() {
  const feed = { gen: 0, ok: true };
  const port: AuthChangeFeed = { generation: () => feed.gen, usable: () => feed.ok, close: async () => undefined };
  return { feed, port };
}

const account = (id: string, tokenVersion = 0): AccountRecord => ({
  role: 'admin',
  id,
  email: `${id}@example.com`,
  name: id,
  type: 'admin',
  modules: [],
  modulePermissions: {},
  passwordHash: 'x',
  tokenVersion,
  disabled: false,
});

/** An account repository whose findById counts its reads and answers the current `versions`. */
function countingAccounts(versions: Map<string, number>) {
  const reads = { count: 0 };
  const repository = {
    findById: async (_role: string, id: string) => {
      reads.count++;
      const version = versions.get(id);
      return version === undefined ? null : account(id, version);
    },
  } as unknown as AccountRepository;
  return { reads, repository };
}

test('the LRU never holds more than its capacity and forgets the least recently used first', () => {
  const lru = new Lru<number, string>(3);
  for (let i = 0; i < 100; i++) lru.set(i, `v${i}`);
  assert.equal(lru.size, 3);
  assert.equal(lru.get(97), 'v97');
  lru.set(100, 'v100');
  assert.equal(lru.get(98), undefined, 'the oldest untouched entry went first');
  assert.equal(lru.get(97), 'v97', 'a read keeps an entry young');
  assert.equal(new Lru<number, number>(0).size, 0);
});

test('the cache answers from memory until the feed reports a change, then reads again', async () => {
  const { feed, port } = fakeFeed();
  const versions = new Map([['a', 0]]);
  const { reads, repository } = countingAccounts(versions);
  const accounts = createTokenRouteCache(10, port).accounts(repository);
  await accounts.findById('admin', 'a');
  await accounts.findById('admin', 'a');
  assert.equal(reads.count, 1);
  versions.set('a', 1);
  feed.gen++;
  assert.equal((await accounts.findById('admin', 'a'))?.tokenVersion, 1);
  assert.equal(reads.count, 2);
});

test('the cache stays within its size however many accounts are read', async () => {
  const { port } = fakeFeed();
  const versions = new Map(Array.from({ length: 1000 }, (_, i) => [`id${i}`, 0] as [string, number]));
  const cache = createTokenRouteCache(50, port);
  const accounts = cache.accounts(countingAccounts(versions).repository);
  for (const id of versions.keys()) await accounts.findById('admin', id);
  assert.equal(cache.size, 50);
});

test('an answer read while a change was reported is not kept', async () => {
  const { feed, port } = fakeFeed();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reads = 0;
  const repository = {
    findById: async (_r: string, id: string) => (reads++, await gate, account(id)),
  } as unknown as AccountRepository;
  const accounts = createTokenRouteCache(10, port).accounts(repository);
  const pending = accounts.findById('admin', 'a');
  feed.gen++; // a disable committed while the read was under way
  release();
  await pending;
  await accounts.findById('admin', 'a');
  assert.equal(reads, 2, 'the second call read again');
});

test('while the feed cannot vouch for it (a local change not yet seen committed, no recent poll), the cache stands aside', async () => {
  const { feed, port } = fakeFeed();
  const { reads, repository } = countingAccounts(new Map([['a', 0]]));
  const accounts = createTokenRouteCache(10, port).accounts(repository);
  await accounts.findById('admin', 'a');
  feed.ok = false;
  await accounts.findById('admin', 'a');
  await accounts.findById('admin', 'a');
  assert.equal(reads.count, 3);
});

test('missing records are never kept, and size 0 turns the cache off', async () => {
  const { port } = fakeFeed();
  const { reads, repository } = countingAccounts(new Map());
  const accounts = createTokenRouteCache(10, port).accounts(repository);
  await accounts.findById('admin', 'nobody');
  await accounts.findById('admin', 'nobody');
  assert.equal(reads.count, 2);
  let familyReads = 0;
  const sessions = createTokenRouteCache(0, port).sessions({
    familyState: async () => (familyReads++, { role: 'admin', accountId: 'a', revoked: false }),
  } as unknown as SessionRepository);
  await sessions.familyState('f');
  await sessions.familyState('f');
  assert.equal(familyReads, 2);
});
