// The proof-of-work challenge's own route; its schemas are in ./challenge-schemas.
import { route } from './route';
import { challengeSchema } from './challenge-schemas';

export const challengeRoutes = {
  challenge: route({
    role: null,
    methods: ['GET'],
    path: '/auth/challenge',
    auth: 'none',
    body: undefined,
    result: challengeSchema,
    resultStatuses: [200],
    errors: [],
    summary: 'A proof-of-work challenge to solve',
    description:
      'A signed ALTCHA challenge (SHA-256), good for a few minutes and for one request. While sign-ups, code requests or sign-ins come from many addresses faster than the configured threshold (or always, when so configured), those routes answer 428 challenge_required (with a challenge in the problem) until the solved challenge is sent in their `challenge` field. Solve it with altcha-lib, in the browser or anywhere; no third party is involved.',
  }),
};
