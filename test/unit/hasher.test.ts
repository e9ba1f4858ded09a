// The bcrypt worker pool: correct hashes, and the event loop stays free while it works.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import bcrypt from 'bcryptjs';
import { createBcryptHasher } from '@/server/hasher';
import { prehashedPasswords } from '@/server/prehashed-passwords';

test('hashes verify with bcryptjs and the other way round', async () => {
  const hasher = createBcryptHasher(4, 2);
  try {
    const hash = await hasher.hash('pool-pass-1');
    assert.match(hash, /^\$2[aby]\$04\$/);
    assert.equal(bcrypt.compareSync('pool-pass-1', hash), true);
    assert.equal(await hasher.verify('pool-pass-1', bcrypt.hashSync('pool-pass-1', 4)), true);
    assert.equal(await hasher.verify('wrong', hash), false);
    assert.equal(await hasher.verify('x', 'not-a-hash'), false);
  } finally {
    await hasher.close();
  }
});

// Compared with one hash on the event loop itself, measured in the same round: a fixed bound in
// milliseconds would judge the machine's load rather than where the hashing runs. A burst of other
// work on a shared machine can stall the loop in one round; hashing on the loop stalls it in every
// round, so the rule must hold in one of three.
test('many parallel hashes at cost 10 leave the event loop responsive', async () => {
  const hasher = createBcryptHasher(10, 2);
  try {
    const rounds: string[] = [];
    for (let round = 0; round < 3 && rounds.length === round; round++) {
      const outcome = await longestPauseAgainstInlineHash(hasher);
      if (outcome) rounds.push(outcome);
    }
    assert.ok(rounds.length < 3, `the event loop stalled in every round: ${rounds.join('; ')}`);
  } finally {
    await hasher.close();
  }
});

/** Eight pooled hashes with a 5 ms ticker on the loop; says how the longest pause failed, or nothing. */
async function longestPauseAgainstInlineHash(hasher: ReturnType<typeof createBcryptHasher>) {
  // Timed warm: the first hash of a process runs unoptimised code, several times slower.
  bcrypt.hashSync('warm-up', 10);
  const inlineStarted = performance.now();
  bcrypt.hashSync('inline', 10);
  const oneHashInline = performance.now() - inlineStarted;
  let maxGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => hasher.hash(`p${i}`)));
  const elapsed = performance.now() - started;
  clearInterval(ticker);
  assert.equal(new Set(hashes).size, 8);
  assert.ok(elapsed > 100, `the work took measurable time (${elapsed.toFixed(0)} ms)`);
  // Hashing on the event loop would block it for a whole hash at least, eight at once for eight.
  return maxGap < oneHashInline / 2
    ? undefined
    : `longest pause ${maxGap.toFixed(1)} ms, one inline hash ${oneHashInline.toFixed(1)} ms`;
}

// During a storm the event loop is busy with other requests; a worker must not sit idle until it
// gets round to handing the worker its next job. The worker runs at the event loop's priority here:
// at the lowest, a machine busy with other work may give its thread no core during the block.
test('a worker goes on to its next job while the event loop is busy', async () => {
  const hasher = createBcryptHasher(8, 1, 0);
  try {
    await hasher.hash('warm-up');
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 3 && attempts.length === attempt; attempt++) {
      const outcome = await secondJobDuringBlock(hasher);
      if (outcome) attempts.push(outcome);
    }
    assert.ok(attempts.length < 3, `the second job was never done during the block: ${attempts.join('; ')}`);
  } finally {
    await hasher.close();
  }
});

/**
 * Blocks the event loop for forty hashes' time while a worker holds three jobs (it needs two). A
 * worker that went on has both answers waiting when the loop is free, so the second is in before
 * the loop's next turn; one that waited for the loop gets the second job only then, and needs a
 * whole hash for it. Says how it failed, or nothing.
 */
async function secondJobDuringBlock(hasher: ReturnType<typeof createBcryptHasher>): Promise<string | undefined> {
  const inlineStarted = performance.now();
  bcrypt.hashSync('inline', 8);
  const oneHash = performance.now() - inlineStarted;
  const [first, second, third] = ['a', 'b', 'c'].map((p) => hasher.hash(p));
  assert.deepEqual(hasher.stats(), { waiting: 2, busy: 1 });
  let secondIn = false;
  void second!.then(() => (secondIn = true));
  const blockedUntil = performance.now() + 40 * oneHash;
  while (performance.now() < blockedUntil);
  await first;
  await new Promise((resolve) => setImmediate(resolve));
  const inTime = secondIn;
  await Promise.all([second, third]);
  assert.deepEqual(hasher.stats(), { waiting: 0, busy: 0 });
  return inTime ? undefined : `the second answer came after the loop's next turn (one hash: ${oneHash.toFixed(1)} ms)`;
}

// Regression: bcrypt alone compares only the first 72 bytes of a password.
test('pre-hashed passwords count past 72 bytes; earlier plain hashes refuse what they would truncate', async () => {
  const hasher = prehashedPasswords(createBcryptHasher(4, 1));
  try {
    const long = 'ü'.repeat(100);
    const hash = await hasher.hash(long);
    assert.match(hash, /^sha256\$\$2[aby]\$04\$/);
    assert.equal(hasher.needsUpgrade(hash), false);
    assert.equal(await hasher.verify(long, hash), true);
    assert.equal(await hasher.verify(`${long.slice(0, 99)}u`, hash), false);
    const plain = bcrypt.hashSync('p'.repeat(72), 4);
    assert.equal(hasher.needsUpgrade(plain), true);
    assert.equal(await hasher.verify('p'.repeat(72), plain), true);
    assert.equal(await hasher.verify('p'.repeat(73), plain), false);
  } finally {
    await hasher.close();
  }
});

// The event loop must win a contended core over bcrypt: each worker thread runs at the lowest
// priority, and the process's other threads keep theirs (Linux: field 19 of /proc/<pid>/task/<tid>/stat).
test(
  'the bcrypt workers run at the lowest priority, the event loop at its own',
  { skip: process.platform !== 'linux' },
  async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const before = new Set(readdirSync('/proc/self/task'));
    const hasher = createBcryptHasher(4, 2);
    try {
      await Promise.all([hasher.hash('a'), hasher.hash('b')]); // both workers started and lowered
      const added = readdirSync('/proc/self/task').filter((tid) => !before.has(tid));
      assert.equal(added.filter((tid) => niceOf(tid) === 19).length, 2, 'two worker threads at nice 19');
      assert.ok(niceOf(String(process.pid)) < 19, 'the main thread keeps its priority');
    } finally {
      await hasher.close();
    }
  },
);
