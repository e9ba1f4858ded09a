// When the proof-of-work challenge is asked for: the modes, the threshold over one minute, one
// address's capped share of the rate, the minute after an attack, and the window's keys.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADDRESS_SHARE, createAttackRate, underAttack } from '@/core/attack-rate';
import type { CounterStore } from '@/core/counters';

function memoryCounters(): CounterStore {
  const values = new Map<string, number>();
  const add = async (key: string, by: number) => {
    values.set(key, (values.get(key) ?? 0) + by);
    return values.get(key)!;
  };
  return { add, addEach: (keys, by) => Promise.all(keys.map((key) => add(key, by))) };
}

const at = (iso: string) => ({ now: () => new Date(iso) });

test('off never asks and always always does, whatever the rate', async () => {
  const off = createAttackRate({ mode: 'off', threshold: 1 }, memoryCounters(), at('2026-12-03T10:00:00Z'));
  const always = createAttackRate({ mode: 'always', threshold: 1000 }, memoryCounters(), at('2026-12-03T10:00:00Z'));
  for (let i = 0; i < 5; i++) assert.equal(await off.observe(`10.0.0.${i}`), false);
  assert.equal(await always.observe('10.0.0.1'), true);
});

test('auto asks once requests from many addresses pass the threshold within the minute', async () => {
  const rate = createAttackRate({ mode: 'auto', threshold: 4 }, memoryCounters(), at('2026-12-03T10:00:10Z'));
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await rate.observe(`10.0.0.${i}`));
  assert.deepEqual(answers, [false, false, false, false, true, true]);
});

test('one address adds at most its share: alone it never switches the challenge on', async () => {
  const rate = createAttackRate(
    { mode: 'auto', threshold: 2 * ADDRESS_SHARE },
    memoryCounters(),
    at('2026-12-03T10:00:00Z'),
  );
  for (let i = 0; i < 50; i++) assert.equal(await rate.observe('10.0.0.1'), false);
  // An IPv6 client counts by its /64: rotating inside it is one address.
  for (let i = 0; i < 50; i++) assert.equal(await rate.observe(`2001:db8::${i.toString(16)}`), false);
  assert.equal(await rate.observe('10.0.0.2'), true);
});

test('it stays on through the minute after the attack, then goes off', async () => {
  const store = memoryCounters();
  let now = new Date('2026-12-03T10:00:30Z');
  const rate = createAttackRate({ mode: 'auto', threshold: 2 }, store, { now: () => now });
  for (let i = 0; i < 3; i++) await rate.observe(`10.0.1.${i}`);
  now = new Date('2026-12-03T10:01:05Z');
  assert.equal(await rate.observe('10.0.2.1'), true);
  now = new Date('2026-12-03T10:02:05Z');
  assert.equal(await rate.observe('10.0.2.2'), false);
});

test('the rule itself: past the threshold in this minute or the last', () => {
  assert.equal(underAttack(10, 10, 10), false);
  assert.equal(underAttack(10, 11, 0), true);
  assert.equal(underAttack(10, 0, 11), true);
});
