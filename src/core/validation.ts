// Input validation shared by every adapter: zod issues become one validation_failed error.
import type { z } from 'zod';
import { AuthError } from './errors';

/** Parses `input` with `schema`, or throws validation_failed listing each field's problem. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new AuthError('validation_failed', errors.map((e) => `${e.path || 'body'}: ${e.message}`).join('; '), { errors });
}
