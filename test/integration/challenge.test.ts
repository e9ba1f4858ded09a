// The proof-of-work challenge over HTTP: under a simulated attack (sign-ups from many addresses
// through a trusted proxy) sign-up answers 428 with a challenge, a solved one lets it through once,
// on every instance; CHALLENGE=always and off; expired, forged and malformed answers refused.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createAuthClient, isAuthClientError, type FetchLike } from '@/client';
import { API_PREFIX } from '@/contract/route';
import type { RunningApp } from '../support/app-process';
import { appSuite } from '../support/app-suite';
import { customerCall } from '../support/customers';
import { get, post } from '../support/http';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';
const PASSWORD = 'customer-pass-T6y!u3';
let always: RunningApp;
let off: RunningApp;
let second: RunningApp;
const suite = appSuite({
  smtp: true,
  env: { TRUST_PROXY: '1', CHALLENGE: 'auto', CHALLENGE_THRESHOLD: '5', CHALLENGE_DIFFICULTY: '2000', METRICS_TOKEN },
  // The same database, other settings: another instance under attack, one that always asks, one that never does.
  setup: async (started) => {
    [always, off, second] = await Promise.all([
      started.start({ ...started.env, CHALLENGE: 'always', CHALLENGE_TTL: '2s' }),
      started.start({ ...started.env, CHALLENGE: 'off' }),
      started.start(),
    ]);
  },
});

let next = 0;
/** A sign-up of a new e-mail from its own address, as one of many attacking clients. */
const signUp = (url: string, challenge?: unknown, ip = `10.40.${Math.floor(next / 250)}.${next % 250}`) =>
  customerCall(url, 'register', {
    json: { email: `attack-${next++}@example.com`, password: PASSWORD, name: 'A', challenge },
    ip,
  });

async function solved(url: string) {
  const issued = await get(url, `${API_PREFIX}/auth/challenge`);
  assert.equal(issued.status, 200);
  const solution = await solveChallenge({ challenge: issued.body, deriveKey });
  assert.ok(solution);
  return { challenge: issued.body, solution };
}

const assertProblem = (answer: { status: number; headers: Headers; body: any }, status: number, code: string) => {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.match(answer.headers.get('content-type') ?? '', /^application\/problem\+json/);
  assert.equal(answer.body.code, code);
};

describe('under attack (CHALLENGE=auto)', () => {
  test('sign-ups from many addresses past the threshold answer 428 challenge_required with a challenge', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await signUp(suite.url));
    assert.equal(answers[0]!.status, 200);
    const last = answers.at(-1)!;
    assertProblem(last, 428, 'challenge_required');
    assert.equal(typeof last.body.challenge.signature, 'string');
    assert.equal(last.body.challenge.parameters.algorithm, 'SHA-256');
  });

  test('with a solved challenge the sign-up succeeds; the same solution again is refused, on a second instance too', async () => {
    const answer = await solved(suite.url);
    const accepted = await signUp(suite.url, answer);
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(accepted.body.success, true);
    assertProblem(await signUp(suite.url, answer), 400, 'invalid_challenge');
    const elsewhere = await signUp(second.url, answer);
    assertProblem(elsewhere, 400, 'invalid_challenge');
    assert.equal(typeof elsewhere.body.challenge.signature, 'string');
  });

  test('sign-in and code requests are guarded too', async () => {
    assertProblem(
      await customerCall(suite.url, 'login', { json: { email: 'a@example.com', password: PASSWORD }, ip: '10.41.0.1' }),
      428,
      'challenge_required',
    );
    const login = await post(suite.url, `${API_PREFIX}/auth/admin/login`, { email: 'a@example.com', password: 'x' });
    assertProblem(login, 428, 'challenge_required');
    assertProblem(
      await customerCall(suite.url, 'requestLoginCode', { json: { email: 'a@example.com' }, ip: '10.41.0.2' }),
      428,
      'challenge_required',
    );
    const code = await customerCall(suite.url, 'requestLoginCode', {
      json: { email: 'a@example.com', challenge: await solved(suite.url) },
      ip: '10.41.0.3',
    });
    assert.equal(code.status, 200, code.text);
  });

  test('a forged solution, or a challenge signed with another key, is refused', async () => {
    const answer = await solved(suite.url);
    const wrongCounter = { ...answer, solution: { ...answer.solution, counter: answer.solution.counter + 1 } };
    assertProblem(await signUp(suite.url, wrongCounter), 400, 'invalid_challenge');
    const foreign = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 10,
      deriveKey,
      hmacSignatureSecret: 'not-the-service-key',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const solution = await solveChallenge({ challenge: foreign, deriveKey });
    assertProblem(await signUp(suite.url, { challenge: foreign, solution }), 400, 'invalid_challenge');
  });

  test('a malformed challenge field is 400 validation_failed problem+json, never a 500', async () => {
    for (const challenge of ['solved', 42, { challenge: {}, solution: {} }, { solution: { counter: -1 } }]) {
      const answer = await signUp(suite.url, challenge);
      assertProblem(answer, 400, 'validation_failed');
    }
  });

  test('the metrics show the challenge on, and how many were required, solved and refused', async () => {
    const res = await fetch(`${suite.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    assert.match(text, /^auth_challenge_active 1$/m);
    assert.match(text, /^auth_challenge_required_total [1-9]/m);
    assert.match(text, /^auth_challenge_solved_total [1-9]/m);
    assert.match(text, /^auth_challenge_refused_total\{reason="spent"\} [1-9]/m);
    assert.match(text, /^auth_challenge_refused_total\{reason="forged"\} [1-9]/m);
  });
});

describe('CHALLENGE=always and off', () => {
  test('always: the first sign-up needs a solved challenge; an expired one is refused', async () => {
    assertProblem(await signUp(always.url, undefined, '10.42.0.1'), 428, 'challenge_required');
    assert.equal((await signUp(always.url, await solved(always.url), '10.42.0.2')).status, 200);
    const late = await solved(always.url);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await signUp(always.url, late, '10.42.0.3');
    assertProblem(expired, 400, 'invalid_challenge');
    assert.match(expired.body.detail, /expired/);
  });

  test('always: the typed client solves the challenge and sends the sign-up again; told not to, it hands the 428 on', async () => {
    const bodies: string[] = [];
    const counting: FetchLike = (input, init) => {
      bodies.push(typeof init.body === 'string' ? init.body : '');
      return fetch(input, init);
    };
    const client = createAuthClient({ baseUrl: always.url, fetch: counting });
    const signedUp = await client.customer.register({
      email: 'typed-client@example.com',
      password: PASSWORD,
      name: 'T',
    });
    assert.ok(signedUp);
    assert.equal(bodies.length, 2);
    assert.equal(JSON.parse(bodies[0]!).challenge, undefined);
    assert.ok(JSON.parse(bodies[1]!).challenge.solution);

    const unsolving = createAuthClient({ baseUrl: always.url, solveChallenges: false });
    const refused = await unsolving.customer
      .register({ email: 'typed-client-2@example.com', password: PASSWORD, name: 'T' })
      .catch((error: unknown) => error);
    assert.ok(isAuthClientError(refused, 'challenge_required'), String(refused));
    assert.equal(refused.status, 428);
    assert.ok((refused.problem?.challenge as { signature?: string }).signature);
  });

  test('off: no challenge is asked for, even while other instances see the attack', async () => {
    const answer = await signUp(off.url, undefined, '10.43.0.1');
    assert.equal(answer.status, 200, answer.text);
  });
});
