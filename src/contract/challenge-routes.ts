// The proof-of-work challenge's own route: a caller fetches one to solve before a guarded request
// (customer sign-up, code requests, sign-in of every role) while the service asks for it.
import { challengeSchema } from './challenge-schemas';
import { route } from './route';

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
