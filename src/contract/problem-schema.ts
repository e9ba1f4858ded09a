// The RFC 9457 problem body as a schema, apart from the error catalogue so that the catalogue's
// readers (the guard kit among them) need no zod.
import { z } from 'zod';

/** The RFC 9457 body of every error answer; `errors` lists field problems of validation_failed. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** challenge_required: the proof-of-work challenge to solve (GET /auth/challenge's answer). */
  challenge: z.record(z.string(), z.unknown()).optional(),
});
