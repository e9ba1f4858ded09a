// The typed client's side of the proof-of-work challenge: an answer that asks for one (428
// challenge_required, or a refused solution that carries a fresh challenge) is solved with
// altcha-lib's own solver over Web Crypto, in a browser and in Node alike, and sent once more.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { ChallengeAnswer, IssuedChallenge } from '../contract/challenge-schemas';
import { isAuthClientError } from './client-error';

/** A solution and a refusal of it, then a second one: past that the error is the caller's. */
export const MAX_SOLVED = 2;

/** How long a solution may take before the call fails with the service's own answer. */
const SOLVING_TIMEOUT_MS = 60_000;

/** The challenge an error asks to be solved, if it asks for one. */
export function challengeOf(error: unknown): IssuedChallenge | undefined {
  if (!isAuthClientError(error, 'challenge_required') && !isAuthClientError(error, 'invalid_challenge')) return;
  return error.problem?.challenge as IssuedChallenge | undefined;
}

/** The solved challenge for a body's `challenge` field; undefined when no solution was found in time. */
export async function solved(challenge: IssuedChallenge): Promise<ChallengeAnswer | undefined> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVING_TIMEOUT_MS }).catch(() => null);
  return solution ? { challenge, solution } : undefined;
}
