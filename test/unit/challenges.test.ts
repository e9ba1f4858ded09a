// The challenge's own rules, without a server: a solution admits once, a forged or foreign one and
// a missing one are refused with a fresh challenge to solve, and nothing is asked for when off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { AuthError } from '@/core/auth-error';
import type { ChallengeMode } from '@/core/config-challenge';
import type { CounterStore } from '@/core/counters';
import { createChallenges } from '@/core/service/challenges';
import type { ServiceDeps } from '@/core/service/deps';

function challengesOf(mode: ChallengeMode, hmacKey = 'unit-test-challenge-key-0123456789abcdef') {
  const values = new Map<string, number>();
  const add = async (key: string, by: number) => {
    values.set(key, (values.get(key) ?? 0) + by);
    return values.get(key)!;
  };
  const counters: CounterStore = { add, addEach: (keys, by) => Promise.all(keys.map((key) => add(key, by))) };
  const config = { challenge: { mode, threshold: 10, hmacKey, ttl: 60, difficulty: 500 } };
  return createChallenges({ config, counters, clock: { now: () => new Date() } } as unknown as ServiceDeps);
}

async function solvedBy(challenges: ReturnType<typeof challengesOf>) {
  const challenge = await challenges.issue();
  return { challenge, solution: (await solveChallenge({ challenge, deriveKey }))! };
}

const refusedWith = (code: string) => (error: unknown) => {
  assert.ok(error instanceof AuthError);
  assert.equal(error.code, code);
  assert.ok(error.challenge, 'a fresh challenge to solve');
  return true;
};

test('always: without a solution challenge_required; a solution admits once, then is spent', async () => {
  const challenges = challengesOf('always');
  await assert.rejects(challenges.admit({ ip: '10.0.0.1' }, undefined), refusedWith('challenge_required'));
  const answer = await solvedBy(challenges);
  await challenges.admit({ ip: '10.0.0.1' }, answer);
  await assert.rejects(challenges.admit({ ip: '10.0.0.2' }, answer), refusedWith('invalid_challenge'));
});

test('a wrong counter, or a challenge signed with another key, is refused', async () => {
  const challenges = challengesOf('always');
  const answer = await solvedBy(challenges);
  const wrong = { ...answer, solution: { ...answer.solution, counter: answer.solution.counter + 1 } };
  await assert.rejects(challenges.admit({}, wrong), refusedWith('invalid_challenge'));
  const foreign = await solvedBy(challengesOf('always', 'another-service-key-0123456789abcdef'));
  await assert.rejects(challenges.admit({}, foreign), refusedWith('invalid_challenge'));
});

test('off: nothing is asked for and nothing is checked', async () => {
  await challengesOf('off').admit({ ip: '10.0.0.1' }, undefined);
});
