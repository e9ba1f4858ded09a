// Input validation shared by every adapter: zod issues become one validation_failed error.
import type { z } from 'zod';
import type { FieldError } from '../contract/error-catalogue';
import { AuthError } from './auth-error';

/**
 * NUL, which PostgreSQL's text cannot hold, and a UTF-16 surrogate without its pair, which UTF-8
 * cannot encode: either would reach the database as a fault (a 500), never as a match.
 */
// eslint-disable-next-line no-control-regex -- NUL is the very character refused
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'contains a NUL character or an unpaired surrogate, which no text field may hold';

/** Whether `text` can be stored and searched as text by every supported database. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/** The fields of `input` (nested objects and arrays too, keys as well as values) holding unstorable text. */
function unstorableFields(input: unknown, path: string[] = [], found: FieldError[] = []): FieldError[] {
  if (found.length >= 10) return found;
  const at = (key?: string) => [...path, ...(key === undefined ? [] : [key])].join('.');
  if (typeof input === 'string') {
    if (!isStorableText(input)) found.push({ path: at(), message: UNSTORABLE_MESSAGE });
  } else if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      if (!isStorableText(key))
        found.push({
          path: at(key.replace(new RegExp(UNSTORABLE_TEXT, 'g'), '\ufffd')),
          message: `${UNSTORABLE_MESSAGE} (in its name)`,
        });
      else unstorableFields(value, [...path, key], found);
    }
  }
  return found;
}

function validationFailed(errors: FieldError[]): AuthError {
  return new AuthError('validation_failed', errors.map((e) => `${e.path || 'body'}: ${e.message}`).join('; '), {
    errors,
  });
}

/** Parses `input` with `schema`, or throws validation_failed listing each field's problem. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const unstorable = unstorableFields(input);
  if (unstorable.length > 0) throw validationFailed(unstorable);
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw validationFailed(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
}
