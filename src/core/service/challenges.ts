// The proof-of-work challenge (ALTCHA, solved in the caller's browser, no third party): handing
// one out, and admitting a guarded request (sign-up, code request, sign-in) while one is asked for.
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { ChallengeAnswer, IssuedChallenge } from '../../contract/challenge-schemas';
import { createAttackRate } from '../attack-rate';
import { AuthError } from '../auth-error';
import type { ClientInfo } from '../client-info';
import type { ChallengeEvents, ServiceDeps } from './deps';

/** One SHA-256 per try: the difficulty alone sets the work, which a page's worker does in about a second. */
const ALGORITHM = 'SHA-256';

const SILENT: ChallengeEvents = { state() {}, required() {}, solved() {}, refused() {} };

export function createChallenges(deps: ServiceDeps) {
  const settings = deps.config.challenge;
  const events = deps.challengeEvents ?? SILENT;
  const rate = createAttackRate(settings, deps.counters, deps.clock);

  /** A new signed challenge; the solver searches for a secret counter below the difficulty. */
  async function issue(): Promise<IssuedChallenge> {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(settings.difficulty),
      deriveKey,
      hmacSignatureSecret: settings.hmacKey,
      expiresAt: new Date(deps.clock.now().getTime() + settings.ttl * 1000),
    });
    return challenge as IssuedChallenge;
  }

  async function refuse(reason: 'expired' | 'forged' | 'spent'): Promise<never> {
    events.refused(reason);
    const detail = {
      expired: 'The challenge expired: solve the new one.',
      forged: 'The challenge was not solved or not issued here: solve the new one.',
      spent: 'The challenge was used already: solve the new one.',
    }[reason];
    throw new AuthError('invalid_challenge', detail, { challenge: await issue() });
  }

  /** Spends a verified answer once, on every instance: the counter of its signature, kept until it expires. */
  async function spend(answer: ChallengeAnswer): Promise<boolean> {
    const expiresAt = new Date((answer.challenge.parameters.expiresAt ?? 0) * 1000);
    return (await deps.counters.add(`challenge:spent:${answer.challenge.signature}`, 1, expiresAt)) === 1;
  }

  return {
    issue,

    /** Lets a guarded request through, or throws challenge_required (with a challenge) or invalid_challenge. */
    async admit(client: ClientInfo, answer: ChallengeAnswer | undefined): Promise<void> {
      const on = await rate.observe(client.ip);
      events.state(on);
      if (!on) return;
      if (!answer) {
        events.required();
        throw new AuthError('challenge_required', 'Solve the challenge and send it in the challenge field.', {
          challenge: await issue(),
        });
      }
      // Without an expiry a challenge could never be forgotten as spent: only ours carry one.
      if (answer.challenge.parameters.expiresAt === undefined) return refuse('forged');
      const result = await verifySolution({
        challenge: answer.challenge,
        solution: answer.solution,
        deriveKey,
        hmacSignatureSecret: settings.hmacKey,
      }).catch(() => ({ verified: false, expired: false }));
      if (result.expired) return refuse('expired');
      if (!result.verified) return refuse('forged');
      if (!(await spend(answer))) return refuse('spent');
      events.solved();
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
