// The proof-of-work challenge on the wire: what GET /auth/challenge hands out, the solved answer
// the guarded routes (customer sign-up, code requests, sign-in of every role) take in their
// `challenge` field (ALTCHA's v2 payload), and the challenge's own route.
import { z } from 'zod';
import { route } from './route';

const hex = z
  .string()
  .max(256)
  .regex(/^[0-9a-f]*$/, 'must be lowercase hexadecimal');

const challengeParameters = z
  .object({
    algorithm: z.string().max(32),
    nonce: hex,
    salt: hex,
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex,
    keySignature: hex.optional(),
    expiresAt: z.number().int().positive().optional(),
  })
  .strict();

/** A challenge as handed out: parameters and their HMAC signature. */
export const challengeSchema = z.object({ parameters: challengeParameters, signature: hex }).meta({
  description: 'A signed proof-of-work challenge (ALTCHA v2): solve it with altcha-lib or the altcha widget.',
});

/** A solved challenge: the challenge as received and the counter found with its derived key. */
export const challengeAnswer = z
  .object({
    challenge: challengeSchema,
    solution: z
      .object({
        counter: z.number().int().min(0),
        derivedKey: hex,
        time: z.number().min(0).optional(),
      })
      .strict(),
  })
  .meta({
    description:
      'A solved challenge from GET /auth/challenge, asked for (428 challenge_required) under attack or when always configured; each is good once.',
  });

/** The `challenge` field the guarded routes take beside their own. */
export const challengeField = { challenge: challengeAnswer.optional() };

export type ChallengeAnswer = z.infer<typeof challengeAnswer>;
export type IssuedChallenge = z.infer<typeof challengeSchema>;

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
