// The comparison at equal cost: a missing hash costs a comparison with a dummy one that never
// matches, and the dummy's making never fails the process when nobody waits for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEqualCostVerify } from '@/core/service/equal-cost-verify';

/** A hasher that marks hashes and fails the first `failures` hashes it is asked for. */
function hasher(failures: number) {
  let hashes = 0;
  return {
    calls: () => hashes,
    hash: async (secret: string) => {
      hashes += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (hashes <= failures) throw new Error('bcrypt worker exited');
      return `hashed:${secret}`;
    },
    verify: async (secret: string, hash: string) => hash === `hashed:${secret}`,
    needsUpgrade: () => false,
  };
}

let ids = 0;
const newId = () => `id-${++ids}`;

test('a secret matches its own hash only; without a hash nothing matches', async () => {
  const verify = createEqualCostVerify({ hasher: hasher(0), newId });
  assert.equal(await verify('secret', 'hashed:secret'), true);
  assert.equal(await verify('other', 'hashed:secret'), false);
  assert.equal(await verify('secret', undefined), false);
});

test('a dummy hash that fails while nobody waits is no unhandled rejection, and is made again', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    const h = hasher(1);
    const verify = createEqualCostVerify({ hasher: h, newId });
    // With a hash: the dummy is started, not awaited, and fails.
    assert.equal(await verify('secret', 'hashed:secret'), true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(unhandled, []);
    // Without one: a new dummy is made and compared with.
    assert.equal(await verify('secret', undefined), false);
    assert.equal(h.calls(), 2);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
