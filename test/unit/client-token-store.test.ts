// Token stores: the memory default and the file store terminals use across restarts.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileTokenStore } from '@/client/file-token-store';
import { memoryTokenStore } from '@/client/token-store';

const pair = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}` });

describe('memoryTokenStore', () => {
  test('keeps one pair per role, copies what it is given, and forgets on clear', () => {
    const store = memoryTokenStore({ admin: pair(1) });
    assert.deepEqual(store.get('admin'), pair(1));
    assert.equal(store.get('vendor'), null);
    const given = { ...pair(2), token_type: 'Bearer' };
    void store.set('vendor', given);
    assert.deepEqual(store.get('vendor'), pair(2), 'only the two tokens are kept');
    void store.clear('admin');
    assert.equal(store.get('admin'), null);
    assert.deepEqual(store.get('vendor'), pair(2));
  });
});

describe('fileTokenStore', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'client-token-store-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a second store on the same file (a restarted terminal) reads the pair back', async () => {
    const file = path.join(dir, 'nested', 'tokens.json');
    await fileTokenStore(file).set('vendor', pair(1));
    const restarted = fileTokenStore(file);
    assert.deepEqual(await restarted.get('vendor'), pair(1));
    assert.equal(await restarted.get('admin'), null);
    assert.equal((await stat(file)).mode & 0o777, 0o600, 'readable by its owner only');
  });

  test('quick updates are applied in order and none is lost', async () => {
    const file = path.join(dir, 'order.json');
    const store = fileTokenStore(file);
    await Promise.all([store.set('admin', pair(1)), store.set('vendor', pair(2)), store.set('admin', pair(3))]);
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { admin: pair(3), vendor: pair(2) });
  });

  test('clearing the last pair removes the file', async () => {
    const file = path.join(dir, 'clear.json');
    const store = fileTokenStore(file);
    await store.set('vendor', pair(1));
    await store.clear('vendor');
    await assert.rejects(stat(file), { code: 'ENOENT' });
    assert.equal(await store.get('vendor'), null);
  });

  test('a missing, corrupt or foreign file reads as signed out', async () => {
    assert.equal(await fileTokenStore(path.join(dir, 'missing.json')).get('vendor'), null);
    const corrupt = path.join(dir, 'corrupt.json');
    await writeFile(corrupt, '{"vendor": {"access_token": 1');
    assert.equal(await fileTokenStore(corrupt).get('vendor'), null);
    const foreign = path.join(dir, 'foreign.json');
    await writeFile(foreign, JSON.stringify({ vendor: { access_token: 'a' } }));
    assert.equal(await fileTokenStore(foreign).get('vendor'), null);
  });
});
