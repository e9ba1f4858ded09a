// The proof-of-work challenge's statuses, probed on a second app on the suite's database that
// always asks for it: the challenge route, and 428 challenge_required and 400 invalid_challenge on
// every guarded route (customer sign-up, resend, sign-in code, and each role's sign-in).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AdministrationSuite } from '../admin-world';
import type { Probe } from '../openapi-probe';

const GUARDED = [
  ['/auth/customer/register', { email: 'probe-challenge@example.com', password: 'long-enough-password-7', name: 'P' }],
  ['/auth/customer/register/resend', { email: 'probe-challenge@example.com' }],
  ['/auth/customer/login/code', { email: 'probe-challenge@example.com' }],
  ['/auth/customer/login', { email: 'probe-challenge@example.com', password: 'wrong' }],
  ['/auth/admin/login', { email: 'probe-challenge@example.com', password: 'wrong' }],
  ['/auth/vendor/login', { email: 'probe-challenge@example.com', password: 'wrong' }],
] as const;

export async function probeChallengeRoutes(app: AdministrationSuite, probe: Probe): Promise<void> {
  const always = await app.start({ ...app.env, CHALLENGE: 'always', CHALLENGE_DIFFICULTY: '500' });
  const url = always.url;
  const issued = (await probe('GET', '/auth/challenge', { url })).body;
  await probe('POST', '/auth/challenge', { url, json: {} });
  const solution = await solveChallenge({ challenge: issued, deriveKey });
  const forged = { challenge: issued, solution: { ...solution!, counter: solution!.counter + 1 } };
  // A challenge field of another shape is the body's validation failure, as for any field.
  await probe('POST', GUARDED[0][0], { url, json: { ...GUARDED[0][1], challenge: 'solved' } });
  for (const [path, json] of GUARDED) {
    await probe('POST', path, { url, json });
    await probe('POST', path, { url, json: { ...json, challenge: forged } });
  }
}
