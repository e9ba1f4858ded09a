// The pages' side of the proof-of-work challenge: a call the service answers with a challenge
// (428 challenge_required, or a refused solution) is solved in a Web Worker and sent once more.
import { TRPCClientError } from '@trpc/client';
import type { ChallengeAnswer, IssuedChallenge } from '@/contract/challenge-schemas';

/** A solution and a refusal of it, then a second one: past that the error is the page's to show. */
const MAX_SOLVED = 2;

/** The challenge an answer carries, if it asks for one. */
function challengeOf(error: unknown): IssuedChallenge | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { code?: string; challenge?: IssuedChallenge } | undefined;
  return data?.code === 'challenge_required' || data?.code === 'invalid_challenge' ? data.challenge : undefined;
}

/** Solves off the page's thread (altcha-lib's solver over Web Crypto, bundled with the pages). */
function solveInWorker(challenge: IssuedChallenge): Promise<ChallengeAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ChallengeAnswer['solution'] | null>) => {
      done();
      if (event.data) resolve({ challenge, solution: event.data });
      else reject(new Error('The check could not be completed in time. Try again.'));
    };
    worker.onerror = () => {
      done();
      reject(new Error('The check could not run in this browser. Try again or use another browser.'));
    };
    worker.postMessage(challenge);
  });
}

/** Runs `call` without a solution, and again with one each time the service asks for it. */
export async function withChallenge<T>(call: (challenge?: ChallengeAnswer) => Promise<T>): Promise<T> {
  let answer: ChallengeAnswer | undefined;
  for (let solved = 0; ; solved++) {
    try {
      return await call(answer);
    } catch (error) {
      const challenge = challengeOf(error);
      if (!challenge || solved >= MAX_SOLVED) throw error;
      answer = await solveInWorker(challenge);
    }
  }
}
