// The proof-of-work challenge on the wire: what GET /auth/challenge hands out, and the solved answer
// the guarded routes (customer sign-up, code requests, sign-in of every role) take in their
// `challenge` field (ALTCHA's v2 payload).
import { z } from 'zod';

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
